import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abortedUploadFamily, BAD_REDIRECTS, contentTypeFamily, redirectUrlFamily, timeoutHeaderFamily } from '../hostile/families/requestFormFamilies.ts';
import { startTestSandbox, type TestSandbox } from '../support/testClient.ts';
import { expectFamilyRefused } from './regressionKit.ts';

let api: TestSandbox;
beforeAll(async () => {
  api = await startTestSandbox();
});
afterAll(() => api.close());

describe('issue 8.7: timeouts, redirect URLs, content types and aborted uploads', () => {
  it.each(['0', '-1', 'abc'])('refuses Service-Timeout-Seconds: %s as the spec says (an integer from 1)', async (value) => {
    const res = await api.get('/ledger-desktop/customers', { headers: { 'service-timeout-seconds': value } });
    expect(res.status).toBe(400);
    expect(res.body.error?.['message']).toMatch(/^Invalid request at "Service-Timeout-Seconds": /);
  });

  it('accepts a valid Service-Timeout-Seconds', async () => {
    const res = await api.get('/ledger-desktop/customers', { query: { limit: 1 }, headers: { 'service-timeout-seconds': '30' } });
    expect(res.status).toBe(200);
  });

  it.each(BAD_REDIRECTS.slice(0, 6))('refuses an auth session redirecting to %s', async (redirectUrl) => {
    const res = await api.post('/auth-sessions', { publishableKey: api.sandbox.publishableKey, endUserId: api.endUser, redirectUrl });
    expect(res.status).toBe(400);
    expect(res.body.error?.['message']).toMatch(/^Invalid request at "redirectUrl": /);
  });

  it('accepts http and https redirect URLs', async () => {
    for (const redirectUrl of ['https://app.example.test/done?x=1', 'http://localhost:3000/cb', 'HTTPS://EXAMPLE.TEST/']) {
      const res = await api.post('/auth-sessions', { publishableKey: api.sandbox.publishableKey, endUserId: api.endUser, redirectUrl });
      expect(res.status, res.text).toBe(200);
    }
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded'])('answers a JSON body sent as %s with 415', async (type) => {
    const res = await api.request('POST', '/ledger-desktop/customers', { rawBody: JSON.stringify({ name: 'Sent as text' }), headers: { 'content-type': type } });
    expect(res.status).toBe(415);
    expect(res.body.error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', httpStatusCode: 415 });
  });

  it('takes application/json with a UTF-8 charset and +json types', async () => {
    for (const type of ['application/json; charset=utf-8', 'application/json;charset="UTF-8"', 'application/vnd.ledger+json']) {
      const res = await api.request('POST', '/end-users', { rawBody: JSON.stringify({ companyName: 'Typed', sourceId: `typed-${type}`, email: 'a@b.test' }), headers: { 'content-type': type } });
      expect(res.status, res.text).toBe(200);
    }
  });

  it.each([
    ['bad timeouts', timeoutHeaderFamily],
    ['bad redirect URLs', redirectUrlFamily],
    ['bodies that are not labelled JSON', contentTypeFamily],
  ])('refuses seeded variants of %s', async (_name, family) => {
    await expectFamilyRefused(api, family);
  });

  it('logs uploads the client cut off at debug level, never as an unexpected exception', async () => {
    await expectFamilyRefused(api, abortedUploadFamily, 60);
    // The server notices the cut-off shortly after the socket closes.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.logLines.filter((line) => line.includes('"level":"error"'))).toEqual([]);
    expect(api.logLines.some((line) => line.includes('"level":"debug"') && line.includes('client went away'))).toBe(true);
  });
});
