import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../simulator/service/logger.ts';
import { randomToken } from '../../simulator/service/serviceIds.ts';
import { startTestSandbox, type TestSandbox } from '../support/testClient.ts';

let api: TestSandbox;
beforeAll(async () => {
  api = await startTestSandbox({ sizes: { customers: 2, invoices: 2 } });
});
afterAll(() => api.close());

/** A key's secret part: all but its kind and the last four characters the dashboard shows anyway. */
const secretPart = (key: string): string => key.replace(/^(sk|pk)_[a-z]+_/, '').slice(0, -4);

const secretKey = `sk_sandbox_${randomToken(32)}`;
const publishableKey = `pk_sandbox_${randomToken(24)}`;
const connectSecret = `auth_sess_client_secret_${randomToken(32)}`;

describe('issue 34.6: no secret reaches a log, whatever part of the request carries it', () => {
  it.each([
    ['a secret key in the path', `/ledger-desktop/customers/${secretKey}`, secretKey],
    ['the sandbox\'s own key in the path', '/ledger-desktop/customers/<own key>', '<own key>'],
    ['a secret key in the query', `/ledger-desktop/customers?name=${secretKey}`, secretKey],
    ['a percent-encoded key in the query', `/ledger-desktop/customers?name=${secretKey.replaceAll('_', '%5F')}`, secretKey],
    ['a key inside an encoded URL in the query', `/ledger-desktop/customers?next=${encodeURIComponent(`https://app.test/?key=${secretKey}`)}`, secretKey],
    ['a publishable key in the query', `/end-users?key=${publishableKey}`, publishableKey],
    ['a connect secret in the path', `/end-users/${connectSecret}`, connectSecret],
  ])('%s', async (_name, path, sent) => {
    const key = sent === '<own key>' ? api.sandbox.secretKey : sent;
    const res = await api.get(path.replace('<own key>', key));
    const requestId = String(res.headers['service-request-id']);
    const lines = api.logLines.filter((line) => line.includes(requestId));
    expect(lines.some((line) => line.includes('"message":"request"')), 'the request line was logged').toBe(true);
    for (const line of lines) {
      expect(line).not.toContain(secretPart(key));
      expect(line).toContain(`…${key.slice(-4)}`);
    }
    const kept = api.sandbox.deps.requestLog.of('proj_testing').find((entry) => entry.requestId === requestId);
    expect(kept?.path).not.toContain(secretPart(key));
  });

  it('redacts any field of any line, however deep: an error text, a nested URL', () => {
    const lines: string[] = [];
    const logger = createLogger('debug', (line) => lines.push(line));
    logger.error('unexpected exception', { error: `Error: refused ${secretKey}\n    at handler (file.ts:1:1)`, request: { url: `/v1/x?k=${secretKey}`, headers: [publishableKey] } });
    expect(lines).toHaveLength(1);
    for (const key of [secretKey, publishableKey]) expect(lines[0]).not.toContain(secretPart(key));
    expect(lines[0]).toContain(`sk_sandbox_…${secretKey.slice(-4)}`);
  });

  it('leaves ordinary words that merely contain "sk_" alone', () => {
    const lines: string[] = [];
    createLogger('debug', (line) => lines.push(line)).debug('request', { path: '/v1/disk_cache_entries/task_item_12345678' });
    expect(lines[0]).toContain('/v1/disk_cache_entries/task_item_12345678');
  });
});
