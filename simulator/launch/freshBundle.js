// Whether a clone runs its bundled modules or its TypeScript sources: the bundle (dist/cli, built by
// `npm run build` and by npm after install) when it is newer than every source, else the sources
// through tsx. The CLI (bin/ledger-sim.js) and a second thread started from source
// (simulator/threads/workerModule.ts) both ask: from the bundle a thread starts in about 0.2 s
// instead of 0.85 s (tsx registered in the thread, then the module graph transformed).
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

/** Set to 1 to run the sources even when the bundle is fresh. */
const FROM_SOURCE_SWITCH = 'LEDGER_SIM_FROM_SOURCE';

/** The clone's root (this file is simulator/launch/freshBundle.js). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The last change to any TypeScript source of the simulator or the runner. Read at every ask (30 ms
 * for 530 files), not once per process: a test runner watching the sources edits them under it.
 */
function newestSource() {
  let newest = 0;
  for (const dir of ['simulator', 'contract-tests']) {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })) {
      if (entry.isFile() && entry.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/**
 * Whether `bundled` (a file of dist/cli) is to be run instead of the sources: it exists, is newer
 * than every source, and the switch above does not say otherwise.
 */
export function runsBundle(bundled, env = process.env) {
  if (env[FROM_SOURCE_SWITCH] === '1') return false;
  try {
    return fs.statSync(bundled).mtimeMs >= newestSource();
  } catch {
    return false;
  }
}
