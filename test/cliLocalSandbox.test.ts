import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLedgerSim } from '../simulator/cli/ledgerSim.ts';
import { runInProcess } from './support/cliInProcess.ts';
import { runCli, startCli, stopCli, type CliRun, type RunningCli } from './support/cliProcess.ts';

// Issue 38: with no flags, the helpers find the sandbox `serve` runs from the data directory.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-local-'));
const dataDir = path.join(dir, 'data');
let cli: RunningCli;
/** The environment of a shell with nothing set but where the local sandbox lives. */
const env = (): NodeJS.ProcessEnv => {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('SERVICE_') && k !== 'LEDGER_SIM_API_KEY'));
  return { ...clean, LEDGER_SIM_DATA_DIR: dataDir };
};

/**
 * `ledger-sim <args>` run in this process with that environment: the commands find the sandbox
 * as a process of their own does (the first test runs one), without a process start each.
 */
const local = (args: string[], dataDirOf = dataDir): Promise<CliRun> => {
  const unset = Object.fromEntries(Object.keys(process.env).filter((k) => k.startsWith('SERVICE_') || k === 'LEDGER_SIM_API_KEY').map((k) => [k, undefined]));
  return runInProcess(runLedgerSim, args, { ...unset, LEDGER_SIM_DATA_DIR: dataDirOf });
};

beforeAll(async () => {
  cli = await startCli(['--data-dir', dataDir, '--customers', '8', '--invoices', '10', '--log-level', 'warn'], path.join(dir, 'ready.json'));
});
afterAll(async () => {
  if (cli) await stopCli(cli);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('ledger-sim clock, fault, fixtures and contract against the local sandbox', () => {
  it("clock show (as a process of its own), advance and reset find the sandbox by its ready file and say which one they talk to", async () => {
    const shown = await runCli(['clock', 'show'], { env: env() });
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stderr).toContain(`the sandbox at ${cli.info.baseUrl} (pid ${cli.child.pid}, from ${path.join(dataDir, 'ready.json')})`);
    expect(shown.stdout).toMatch(/^now {6}\d{4}-\d\d-\d\dT.*\nclock {4}real time\n$/);
    const advanced = await local(['clock', 'advance', '90s']);
    expect(advanced.stdout).toContain('90 s ahead of real time');
    expect((await local(['clock', 'advance', '500ms'])).stdout).toContain('90.5 s ahead');
    expect((await local(['clock', 'reset'])).stdout).toContain('real time');
  });

  it('fault and fixtures export act on the demo end user without flags', async () => {
    const added = await local(['fault', 'add', 'status:3175,count=1']);
    expect(added.code, added.stderr).toBe(0);
    const shown = await local(['fault', 'show']);
    expect(shown.stdout).toContain(`end user      ${cli.info.endUserIds[0]}`);
    expect(shown.stdout).toContain(added.stdout.trim());
    expect((await local(['fault', 'clear'])).stdout).toContain('faults        none');
    const out = path.join(dir, 'demo.json');
    const exported = await local(['fixtures', 'export', '--out', out]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(JSON.parse(fs.readFileSync(out, 'utf8'))).toHaveProperty('customers');
  });

  it('contract checks the local sandbox and its demo end user', async () => {
    const run = await local(['contract', '--only', 'transport', '--reporter', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`the sandbox at ${cli.info.baseUrl}`);
    const report = JSON.parse(run.stdout) as { target: string; results: { id: string; status: string }[] };
    expect(report.target).toBe(cli.info.baseUrl);
    expect(report.results.map((r) => [r.id, r.status])).toEqual([['transport.plain-http-refused', 'pass']]);
  });

  it('drift takes the local sandbox and its demo end user as the candidate when none is named', async () => {
    const reference = ['--reference-base-url', cli.info.baseUrl, '--reference-api-key', cli.info.secretKey, '--reference-end-user-id', cli.info.endUserIds[0] ?? '', '--reference-ca-cert', cli.info.caCertPath];
    const run = await local(['drift', ...reference, '--only', 'company', '--reporter', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`(candidate: the sandbox at ${cli.info.baseUrl}`);
    const report = JSON.parse(run.stdout) as { candidate: string; findings: unknown[]; probes: { id: string; status: string }[] };
    expect([report.candidate, report.findings, report.probes.map((p) => [p.id, p.status])]).toEqual([cli.info.baseUrl, [], [['company.retrieve object', 'compared']]]);
  });

  it('says what to do when no sandbox runs there, and refuses a bad duration', async () => {
    const none = await local(['clock', 'show'], path.join(dir, 'nothing'));
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no sandbox is running from');
    const bad = await local(['clock', 'advance', 'soon']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"soon" is not a duration');
  });
});
