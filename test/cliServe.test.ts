import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readReadyFile, readyFilePath } from '../simulator/api/readyFile.ts';
import { startCli, stopCli, type RunningCli } from './support/cliProcess.ts';
import { send, type ApiResponse } from './support/testClient.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-cli-'));
const running: RunningCli[] = [];
afterAll(async () => {
  for (const cli of running) await stopCli(cli, 'SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

function call(cli: RunningCli, method: string, pathAndQuery: string, body?: unknown, key = cli.info.secretKey): Promise<ApiResponse> {
  const url = new URL(`${cli.info.baseUrl}${pathAndQuery}`);
  const headers: Record<string, string> = { authorization: `Bearer ${key}`, 'service-end-user-id': cli.info.endUserIds[0] ?? '' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  // Trust exactly the CA file the command printed, as a user following the README would.
  const agent = new https.Agent({ ca: fs.readFileSync(cli.info.caCertPath) });
  return send(https, url, method, headers, body === undefined ? undefined : JSON.stringify(body), agent);
}

describe('ledger-sim serve', () => {
  const dataDir = path.join(dir, 'data');
  const ready = path.join(dir, 'ready.json');

  it('prints what a newcomer needs and answers with the printed key', async () => {
    const cli = await startCli(['--data-dir', dataDir, '--customers', '40', '--invoices', '60', '--log-level', 'warn'], ready);
    running.push(cli);
    for (const shown of [cli.info.baseUrl, cli.info.httpUrl, cli.info.secretKey, cli.info.endUserIds[0] ?? '-', cli.info.caCertPath]) {
      expect(cli.stdout()).toContain(shown);
    }
    expect(cli.info.publishableKey).toMatch(/^pk_sandbox_/);
    const res = await call(cli, 'GET', '/ledger-desktop/customers?limit=150');
    expect(res.status).toBe(200);
    expect((res.body['data'] as unknown[]).length).toBeGreaterThan(20);
    expect(cli.stderr()).not.toContain(cli.info.secretKey);
  });

  it('loses nothing it acknowledged when killed, and keeps certificate, keys and end user', async () => {
    const first = running[0];
    if (!first) throw new Error('first start did not run');
    const created = await call(first, 'POST', '/ledger-desktop/customers', { name: 'Survives Kill Co' });
    expect(created.status).toBe(200);
    const id = String(created.body['id']);
    const updated = await call(first, 'POST', `/ledger-desktop/customers/${id}`, { revisionNumber: created.body['revisionNumber'], phone: '555-0100' });
    expect(updated.status).toBe(200);
    expect(readReadyFile(readyFilePath(dataDir))).toMatchObject({ baseUrl: first.info.baseUrl, secretKey: first.info.secretKey, pid: first.child.pid });
    expect(fs.statSync(readyFilePath(dataDir)).mode & 0o777).toBe(0o600);
    await stopCli(first, 'SIGKILL');
    // Killed, it could not remove its ready file: a reader sees its process is gone.
    expect(fs.existsSync(readyFilePath(dataDir))).toBe(true);
    expect(readReadyFile(readyFilePath(dataDir))).toBeUndefined();

    const second = await startCli(['--data-dir', dataDir, '--log-level', 'warn'], ready);
    running.push(second);
    expect(second.info.caCertPath).toBe(first.info.caCertPath);
    expect(second.info.endUserIds).toEqual(first.info.endUserIds);
    // The key is kept in the data directory from one start to the next.
    expect(second.info.secretKey).toBe(first.info.secretKey);
    expect(second.info.publishableKey).toBe(first.info.publishableKey);
    const again = await call(second, 'GET', `/ledger-desktop/customers/${id}`, undefined, first.info.secretKey);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ name: 'Survives Kill Co', phone: '555-0100', revisionNumber: updated.body['revisionNumber'] });
    expect((await call(second, 'GET', '/end-users')).status).toBe(200);
    expect(await stopCli(second)).toBe(0);
    // A clean stop takes its ready file away.
    expect(fs.existsSync(readyFilePath(dataDir))).toBe(false);
  });

  it('refuses bad options with a message, not a stack trace', async () => {
    await expect(startCli(['--customers', 'many'], ready, 20_000)).rejects.toThrow(/--customers takes a whole number/);
  });
});
