import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);

export interface InstalledPackage {
  tarball: string;
  packedBytes: number;
  unpackedBytes: number;
  files: number;
  installSeconds: number;
  /** The consumer project the tarball is installed into. */
  app: string;
  /** The package inside it: app/node_modules/ledger-sim. */
  installed: string;
}

/**
 * The package as a user gets it: `npm pack` (which builds it), then the tarball installed into a new
 * project under `workDir` with production dependencies only, as `npm install ./ledger-sim-x.tgz`
 * would. Used by the package test and the package section of the bench.
 */
export async function installPackedPackage(workDir: string, env: NodeJS.ProcessEnv): Promise<InstalledPackage> {
  const big = { env, maxBuffer: 64 * 1024 * 1024 };
  fs.mkdirSync(workDir, { recursive: true });
  const packed = await run('npm', ['pack', '--pack-destination', workDir, '--json'], { ...big, cwd: ROOT });
  const [info] = JSON.parse(packed.stdout) as { filename: string; size: number; unpackedSize: number; entryCount: number }[];
  if (!info) throw new Error(`npm pack said nothing: ${packed.stderr}`);
  const app = path.join(workDir, 'app');
  fs.mkdirSync(app, { recursive: true });
  fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'consumer-app', private: true, type: 'module' }));
  const tarball = path.join(workDir, info.filename);
  const started = performance.now();
  await run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', tarball], { ...big, cwd: app });
  return {
    tarball,
    packedBytes: info.size,
    unpackedBytes: info.unpackedSize,
    files: info.entryCount,
    installSeconds: (performance.now() - started) / 1000,
    app,
    installed: path.join(app, 'node_modules/ledger-sim'),
  };
}
