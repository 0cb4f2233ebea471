import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's folder: this module sits two levels below it, as a source (simulator/spec/) and bundled (dist/cli/). */
export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Where the kept demo files, the dereferenced spec and the fixture schema's validator code go. An
 * installed package must never write into `node_modules` (it may be read-only, shared, or wiped by
 * the next install), so it writes to the user's cache directory; a clone keeps them in its own
 * `dist/`, beside the bundle, where `git clean` and the worktree's lifetime bound them.
 * `LEDGER_SIM_CACHE_DIR` overrides both.
 */
export function cacheDir(env: NodeJS.ProcessEnv = process.env, root: string = PACKAGE_ROOT): string {
  const given = env['LEDGER_SIM_CACHE_DIR'];
  if (given) return path.resolve(given);
  if (!root.split(path.sep).includes('node_modules')) return path.join(root, 'dist');
  const base = env['XDG_CACHE_HOME'] ? path.resolve(env['XDG_CACHE_HOME']) : path.join(os.homedir(), '.cache');
  return path.join(base, 'ledger-sim');
}

/**
 * Writes a file of the cache, best effort: a read-only install simply works without it. Written
 * aside, then renamed, so a reader never sees half, even a thread of this process writing the same.
 */
export function writeCacheFile(cachePath: string, text: string): void {
  const aside = `${cachePath}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    fs.mkdirSync(path.dirname(cachePath), { recursive: true });
    fs.writeFileSync(aside, text);
    fs.renameSync(aside, cachePath);
  } catch {
    fs.rmSync(aside, { force: true });
  }
}

/**
 * Keeps the files of a cache folder that were used last (newest modification time first: readers
 * touch what they read) within `keepBytes`, and removes the rest. The newest always stays, however
 * large: it is the one just written. Best effort, as every write of the cache.
 */
export function keepUsedLast(dir: string, suffix: string, keepBytes: number): void {
  try {
    const files = fs
      .readdirSync(dir)
      .filter((name) => name.endsWith(suffix))
      .flatMap((name) => {
        try {
          const stat = fs.statSync(path.join(dir, name));
          return [{ name, at: stat.mtimeMs, size: stat.size }];
        } catch {
          return [];
        }
      })
      .sort((a, b) => b.at - a.at);
    let total = 0;
    for (const [i, file] of files.entries()) {
      total += file.size;
      if (i > 0 && total > keepBytes) fs.rmSync(path.join(dir, file.name), { force: true });
    }
  } catch {
    // A folder gone or read-only keeps what it has.
  }
}

/** Marks a cache file as used now, so that `keepUsedLast` keeps it; a read-only install keeps what it has. */
export function touchCacheFile(file: string): void {
  try {
    const now = new Date();
    fs.utimesSync(file, now, now);
  } catch {
    // Nothing to do.
  }
}
