import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpLayerFamily } from '../hostile/families/httpLayerFamily.ts';
import { shapeProblem } from '../hostile/runHostile.ts';
import { rawExchange, rawTarget } from '../support/rawHttp.ts';
import { startTestSandbox, type TestSandbox } from '../support/testClient.ts';
import { expectFamilyRefused } from './regressionKit.ts';

let api: TestSandbox;
beforeAll(async () => {
  api = await startTestSandbox();
});
afterAll(() => api.close());

function auth(): string {
  return `Authorization: Bearer ${api.sandbox.secretKey}\r\n`;
}

describe('issue 8.6: refusals of the HTTP layer carry the error shape and a request id', () => {
  it.each([
    ['no Host header', () => `GET /v1/end-users HTTP/1.1\r\n${auth()}\r\n`, 400, 'MALFORMED_HTTP'],
    ['Expect: bogus', () => `GET /v1/end-users HTTP/1.1\r\nHost: x\r\nExpect: bogus\r\n${auth()}\r\n`, 417, 'EXPECTATION_FAILED'],
    ['CONNECT', () => `CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n${auth()}\r\n`, 405, 'METHOD_NOT_ALLOWED'],
  ])('%s', async (_name, bytes, status, code) => {
    for (const target of [api.sandbox.baseUrl]) {
      const exchange = await rawExchange(rawTarget(target, api.sandbox.caCert), [bytes()], { awaitClose: true });
      const [answer] = exchange.responses;
      expect(answer?.status).toBe(status);
      expect(shapeProblem(answer!)).toBeUndefined();
      expect(JSON.parse(answer!.body)).toMatchObject({ error: { code, httpStatusCode: status } });
      expect(exchange.end).toBe('closed');
    }
  });

  it('keeps HTTP/1.0 requests without Host working', async () => {
    const exchange = await rawExchange(rawTarget(api.sandbox.baseUrl, api.sandbox.caCert), [`GET /v1/end-users HTTP/1.0\r\n${auth()}\r\n`], { awaitClose: true });
    expect(exchange.responses[0]?.status).toBe(200);
  });

  it('refuses seeded variants of broken HTTP, each in the error shape', async () => {
    await expectFamilyRefused(api, httpLayerFamily);
  });
});
