import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from './support/testClient.ts';
import { WebClient } from './support/webClient.ts';

async function signedIn(api: TestSandbox): Promise<WebClient> {
  const web = new WebClient(new URL(api.sandbox.baseUrl).origin, api.sandbox.caCert);
  const form = await web.get('/dashboard/sign-in');
  expect((await web.post('/dashboard/sign-in', { _csrf: WebClient.csrfOf(form), email: api.sandbox.demoEmail, password: api.sandbox.demoPassword })).status).toBe(303);
  return web;
}

describe('the dashboard\'s request log', () => {
  it('is kept across a restart of a sandbox on disk, and filters by end user, operation, status and time', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-request-log-'));
    const sizes = { customers: 2, invoices: 2 };
    try {
      const first = await startTestSandbox({ memory: false, dataDir, sizes });
      const listed = await first.get('/ledger-desktop/customers', { query: { limit: 1 } });
      const refused = await first.get('/ledger-desktop/customers/no-such-customer');
      expect([listed.status, refused.status]).toEqual([200, 502]);
      const okId = String(listed.headers['service-request-id']);
      const refusedId = String(refused.headers['service-request-id']);
      expect([okId, refusedId]).toEqual([expect.stringMatching(/^req_/), expect.stringMatching(/^req_/)]);
      await first.close();

      const second = await startTestSandbox({ memory: false, dataDir, secretKey: first.sandbox.secretKey, sizes });
      try {
        const web = await signedIn(second);
        const requests = '/dashboard/projects/proj_testing/requests';
        const all = await web.get(requests);
        expect(all.text).toContain(okId);
        expect(all.text).toContain(refusedId);
        const failed = await web.get(`${requests}?status=5xx`);
        expect([failed.text.includes(refusedId), failed.text.includes(okId)]).toEqual([true, false]);
        const byOperation = await web.get(`${requests}?operation=customers.list`);
        expect([byOperation.text.includes(okId), byOperation.text.includes(refusedId)]).toEqual([true, false]);
        expect((await web.get(`${requests}?endUser=${second.endUser}`)).text).toContain(okId);
        expect((await web.get(`${requests}?endUser=end_usr_nobody`)).text).not.toContain(okId);
        // The project clock moves on: a request of an hour ago is not in "the last 5 minutes".
        await second.control('POST', '/_sandbox/clock/advance', { seconds: 3_600 });
        expect((await web.get(`${requests}?since=5+minutes`)).text).not.toContain(okId);
        expect((await web.get(`${requests}?since=1+day`)).text).toContain(okId);
        const watched = await web.get(`${requests}?refresh=5`);
        expect(watched.text).toContain('<meta http-equiv="refresh" content="5">');
        const detail = await web.get(`${requests}/${refusedId}`);
        expect(detail.status).toBe(200);
        expect(detail.text).toContain('Response body');
        expect(detail.text).not.toContain(first.sandbox.secretKey);
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
