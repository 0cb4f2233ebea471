import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultBody, latencyValue } from '../simulator/cli/machineOptions.ts';
import { faultCommand } from '../simulator/cli/faultCommand.ts';
import { runInProcess } from './support/cliInProcess.ts';
import { startCli, stopCli, type RunningCli } from './support/cliProcess.ts';
import { send, type ApiResponse } from './support/testClient.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-cli-fault-'));
let cli: RunningCli;

beforeAll(async () => {
  cli = await startCli(['--memory', '--customers', '5', '--invoices', '5', '--log-level', 'warn', '--fault', 'status:3170,count=1,operations=customers.*', '--connection', 'connected', '--latency', 'instant'], path.join(dir, 'ready.json'));
}, 60_000);
afterAll(async () => {
  await stopCli(cli, 'SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

function get(pathAndQuery: string): Promise<ApiResponse> {
  const headers = { authorization: `Bearer ${cli.info.secretKey}`, 'service-end-user-id': cli.info.endUserIds[0] ?? '' };
  return send(https, new URL(`${cli.info.baseUrl}${pathAndQuery}`), 'GET', headers, undefined, new https.Agent({ ca: fs.readFileSync(cli.info.caCertPath) }));
}

// The sandbox runs as a real process (serve); the fault command's runs are its function, in this process.
const fault = (...args: string[]) => runInProcess(faultCommand, [...args, '--base-url', cli.info.baseUrl, '--ca-cert', cli.info.caCertPath], { LEDGER_SIM_API_KEY: cli.info.secretKey });

describe('ledger-sim serve --fault and ledger-sim fault', () => {
  it('starts with the faults serve was given', async () => {
    expect((await get('/ledger-desktop/customers?limit=1')).body.error?.['integrationCode']).toBe('3170');
    expect((await get('/ledger-desktop/customers?limit=1')).status).toBe(200);
  });

  it('adds, shows and clears faults and sets the machine of a running sandbox', async () => {
    const added = await fault('add', 'modal_dialog,count=2');
    expect(added.code, added.stderr).toBe(0);
    const id = added.stdout.trim();
    expect(id).toMatch(/^fault_\d+$/);
    const shown = await fault('show');
    expect(shown.stdout).toContain(`fault         ${id}  {"fault":"modal_dialog","remaining":2}`);
    expect((await get('/ledger-desktop/health-check')).body.error?.['integrationCode']).toBe('0x80040414');
    const cleared = await fault('clear', id);
    expect(cleared.stdout).toContain('faults        none');
    expect((await get('/ledger-desktop/health-check')).status).toBe(200);
    const set = await fault('set', '--connection', 'not_polling');
    expect(set.stdout).toContain('connection    not_polling');
    expect((await get('/ledger-desktop/health-check')).body.error?.['code']).toBe('INTEGRATION_CONNECTION_NOT_ACTIVE');
    const reset = await fault('reset');
    expect(reset.stdout).toContain('connection    connected (application open)');
    expect((await get('/ledger-desktop/health-check')).status).toBe(200);
  }, 60_000);

  it('says what is wrong: bad usage exits 2, a refused value 1 with the sandbox\'s reason', async () => {
    const usage = await fault('add');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('add needs a FAULT');
    const refused = await fault('add', 'status:1234');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('INVALID_REQUEST: Invalid request at "status"');
    const unknown = await fault('clear', 'fault_999');
    expect([unknown.code, unknown.stderr]).toEqual([1, expect.stringContaining('has no fault "fault_999"')]);
  }, 60_000);
});

describe('fault specs on the command line', () => {
  it('read KIND[:VALUE][,key=value...] into the control body', () => {
    expect(faultBody('status:3175,count=2')).toEqual({ fault: 'status', status: 3175, count: 2 });
    expect(faultBody('slow:2.5,share=0.3')).toEqual({ fault: 'slow', seconds: 2.5, share: 0.3 });
    expect(faultBody('modal_dialog,after=10,for=60,operations=invoices.*')).toEqual({ fault: 'modal_dialog', afterSeconds: 10, forSeconds: 60, operations: 'invoices.*' });
    expect(() => faultBody('timeout:5')).toThrow(/only status:CODE and slow:SECONDS/);
    expect(() => faultBody('timeout,count')).toThrow(/use key=value/);
    expect(() => faultBody('status:abc')).toThrow(/whole number/);
    expect(latencyValue('list=4900,jitter=0.2')).toEqual({ list: 4900, jitter: 0.2 });
    expect(latencyValue('realistic')).toBe('realistic');
  });
});
