import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HUGE_PAGES_SWITCH, HUGE_PAGES_TUNABLE, hugePagesEnv } from '../simulator/launch/hugePages.js';
import { readReadyFile } from '../simulator/api/readyFile.ts';
import { runCli, startCli, stopCli, type RunningCli } from './support/cliProcess.ts';

// `serve` and `fixtures` start themselves again with malloc in huge pages (simulator/launch/hugePages.js,
// simulator/launch/relaunch.js) where glibc and the kernel offer them; the launcher must then be invisible.
const offered = hugePagesEnv({}) !== undefined;
const WHY_NOT = 'this system offers no huge pages to malloc (no glibc 2.35+, or transparent huge pages off): the CLI runs as one process';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-launcher-'));
const started: RunningCli[] = [];
afterAll(async () => {
  for (const cli of started) await stopCli(cli, 'SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The processes `pid` started (Linux). */
function childrenOf(pid: number): number[] {
  const text = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text === '' ? [] : text.split(' ').map(Number);
}

function environOf(pid: number): Map<string, string> {
  const entries = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
  return new Map(entries.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
}

/** Running, as opposed to gone or dead and not yet reaped by whoever adopted it. */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function until(what: string, done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('hugePagesEnv', () => {
  it('adds nothing when switched off or when the tunable is already set', () => {
    expect(hugePagesEnv({ [HUGE_PAGES_SWITCH]: '0' })).toBeUndefined();
    expect(hugePagesEnv({ GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' })).toBeUndefined();
  });

  it.skipIf(!offered)(`adds the tunable to the environment, after any the user set (skipped where ${WHY_NOT})`, () => {
    expect(hugePagesEnv({ HOME: '/h' })).toEqual({ HOME: '/h', GLIBC_TUNABLES: HUGE_PAGES_TUNABLE });
    expect(hugePagesEnv({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' })?.['GLIBC_TUNABLES']).toBe(`glibc.malloc.arena_max=2:${HUGE_PAGES_TUNABLE}`);
  });
});

describe.skipIf(!offered)(`ledger-sim started again with huge pages (skipped where ${WHY_NOT})`, () => {
  const ready = path.join(dir, 'ready.json');

  it('serves from a child with the tunable; the ready file names the process its user started, and a kill -9 of it takes the child along', async () => {
    const cli = await startCli(['--memory', '--log-level', 'warn'], ready);
    started.push(cli);
    const launcher = cli.child.pid ?? -1;
    expect(readReadyFile(ready)?.pid).toBe(launcher);
    const [server, ...others] = childrenOf(launcher);
    expect(others).toEqual([]);
    expect(environOf(server ?? -1).get('GLIBC_TUNABLES')).toBe(HUGE_PAGES_TUNABLE);
    await stopCli(cli, 'SIGKILL');
    await until('the server gone with its launcher', () => !isRunning(server ?? -1));
  });

  it('passes a SIGTERM on once: the sandbox stops cleanly, removes its ready file and exits 0', async () => {
    const cli = await startCli(['--memory', '--log-level', 'warn'], ready);
    started.push(cli);
    const [server] = childrenOf(cli.child.pid ?? -1);
    expect(await stopCli(cli, 'SIGTERM')).toBe(0);
    expect(fs.existsSync(ready)).toBe(false);
    expect(isRunning(server ?? -1)).toBe(false);
  });

  it('ends with the exit code and the words of the command it ran', async () => {
    const args = ['fixtures', 'load', path.join(dir, 'missing.json'), '--data-dir', path.join(dir, 'data')];
    const relaunched = await runCli(args);
    const direct = await runCli(args, { env: { ...process.env, [HUGE_PAGES_SWITCH]: '0' } });
    expect(relaunched.code).toBe(direct.code);
    expect(relaunched.code).not.toBe(0);
    expect(relaunched.stderr).toBe(direct.stderr);
    expect(relaunched.stderr).toContain('missing.json');
  });
});
