import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { installPackedPackage } from '../scripts/installPackedPackage.ts';
import { timeFirstAnswer } from './benchStartup.ts';
import { median } from './latencyStats.ts';

const run = promisify(execFile);

export interface PackageSetup {
  runs: number;
  endUsersPerRun: number;
  timeoutMs: number;
}

export interface PackageTargets {
  firstAnswerMs: number;
  startSandboxMs: number;
  endUserMs: number;
}

export interface PackageResult {
  packedBytes: number;
  unpackedBytes: number;
  files: number;
  installSeconds: number;
  /** `ledger-sim serve --memory` of the installed package, spawn to first 200: a copy of the kept demo file, a new CA. */
  firstAnswerMs: number[];
  /** `ledger-sim serve --data-dir DIR` started again on its data directory: what `npx ledger-sim serve` does every day. */
  restartMs: number[];
  /** `startSandbox()` in a new process, after `import('ledger-sim')`; and the import itself. */
  startSandboxMs: number[];
  importMs: number[];
  /** `endUsers.create()`: a new end user with its own copy of the kept demo file. */
  endUserMs: number[];
  medians: { firstAnswerMs: number; restartMs: number; startSandboxMs: number; importMs: number; endUserMs: number };
}

/** Written into the consumer project and run there, so it imports the installed package. */
const API_SCRIPT = `
const t0 = performance.now();
const { startSandbox } = await import('ledger-sim');
const imported = performance.now();
const sandbox = await startSandbox();
const ready = performance.now();
const endUserMs = [];
for (let i = 0; i < Number(process.argv[2]); i++) {
  const started = performance.now();
  await sandbox.endUsers.create();
  endUserMs.push(performance.now() - started);
}
await sandbox.close();
process.stdout.write(JSON.stringify({ importMs: imported - t0, startMs: ready - imported, endUserMs }));
`;

/**
 * Issue 38: the package as a user installs it. Packs and installs the tarball with production
 * dependencies only, then times the installed CLI's start to first answer and the test API's start
 * and new end users. One untimed run first keeps the demo file in the (temporary) user cache.
 */
export async function benchPackage(setup: PackageSetup, workDir: string, progress: (message: string) => void): Promise<PackageResult> {
  const env = { ...process.env, XDG_CACHE_HOME: path.join(workDir, 'package-cache'), LEDGER_SIM_CACHE_DIR: '' };
  const pkg = await installPackedPackage(path.join(workDir, 'package'), env);
  progress(`package: ${pkg.files} files, ${Math.round(pkg.packedBytes / 1024)} kB packed, installed in ${pkg.installSeconds.toFixed(1)} s; timing`);
  const serve = [path.join(pkg.installed, 'bin/ledger-sim.js'), 'serve', '--port', '0', '--http-port', '0', '--log-level', 'silent'];
  const timeServe = async (args: string[], name: string): Promise<number[]> => {
    const runs: number[] = [];
    for (let i = -1; i < setup.runs; i++) {
      const { totalMs } = await timeFirstAnswer(args, workDir, `${name}-${i}`, setup.timeoutMs, { cwd: pkg.app, env });
      if (i >= 0) runs.push(totalMs);
    }
    return runs;
  };
  const firstAnswerMs = await timeServe([...serve, '--memory'], 'package-memory');
  const restartMs = await timeServe([...serve, '--data-dir', path.join(workDir, 'package-data')], 'package-disk');
  const script = path.join(pkg.app, 'bench-api.mjs');
  fs.writeFileSync(script, API_SCRIPT);
  const startSandboxMs: number[] = [];
  const importMs: number[] = [];
  const endUserMs: number[] = [];
  for (let i = -1; i < setup.runs; i++) {
    const { stdout } = await run(process.execPath, [script, String(setup.endUsersPerRun)], { cwd: pkg.app, env, timeout: setup.timeoutMs });
    const measured = JSON.parse(stdout) as { importMs: number; startMs: number; endUserMs: number[] };
    if (i < 0) continue;
    startSandboxMs.push(measured.startMs);
    importMs.push(measured.importMs);
    endUserMs.push(...measured.endUserMs);
  }
  return {
    packedBytes: pkg.packedBytes,
    unpackedBytes: pkg.unpackedBytes,
    files: pkg.files,
    installSeconds: pkg.installSeconds,
    firstAnswerMs,
    restartMs,
    startSandboxMs,
    importMs,
    endUserMs,
    medians: { firstAnswerMs: median(firstAnswerMs), restartMs: median(restartMs), startSandboxMs: median(startSandboxMs), importMs: median(importMs), endUserMs: median(endUserMs) },
  };
}

/** The section as printed by `npm run bench`. */
export function formatPackage(setup: PackageSetup, result: PackageResult, targets: PackageTargets): string[] {
  const meets = (value: number, target: number): string => `${value <= target ? 'meets' : 'ABOVE'} the target of <= ${target} ms`;
  const ms = (value: number): string => `${value.toFixed(value < 100 ? 1 : 0)} ms`;
  return [
    'Installed package (npm pack, npm install --omit=dev of the tarball; the demo file kept in the user cache)',
    `  tarball          ${(result.packedBytes / 1024).toFixed(0)} kB packed, ${(result.unpackedBytes / 1024 / 1024).toFixed(1)} MB unpacked, ${result.files} files; installed in ${result.installSeconds.toFixed(1)} s`,
    `  serve --memory   spawn to first answer, median of ${setup.runs}: ${ms(result.medians.firstAnswerMs)} (${meets(result.medians.firstAnswerMs, targets.firstAnswerMs)}; a copy of the kept demo file, a new CA)`,
    `  serve again      on its data directory, spawn to first answer, median of ${setup.runs}: ${ms(result.medians.restartMs)} (${meets(result.medians.restartMs, targets.firstAnswerMs)})`,
    `  startSandbox()   in-process to ready, median of ${setup.runs}: ${ms(result.medians.startSandboxMs)} (${meets(result.medians.startSandboxMs, targets.startSandboxMs)}); import('ledger-sim') ${ms(result.medians.importMs)} before it`,
    `  new end user     endUsers.create() with its own copy of the demo file, median of ${result.endUserMs.length}: ${ms(result.medians.endUserMs)} (${meets(result.medians.endUserMs, targets.endUserMs)})`,
  ];
}
