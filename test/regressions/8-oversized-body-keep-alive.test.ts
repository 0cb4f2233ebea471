import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAIN_MAX_BYTES, MAX_BODY_BYTES } from '../../simulator/service/readBody.ts';
import { oversizedBodyFamily } from '../hostile/families/oversizedBodyFamily.ts';
import { errorCode } from '../hostile/hostileCase.ts';
import { rawExchange, rawTarget } from '../support/rawHttp.ts';
import { startTestSandbox, type TestSandbox } from '../support/testClient.ts';
import { expectFamilyRefused } from './regressionKit.ts';

let api: TestSandbox;
beforeAll(async () => {
  api = await startTestSandbox();
});
afterAll(() => api.close());

function post(size: number): string {
  const host = new URL(api.sandbox.baseUrl).host;
  return `POST /v1/end-users HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${api.sandbox.secretKey}\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`;
}

function healthCheck(): string {
  const host = new URL(api.sandbox.baseUrl).host;
  return `GET /v1/ledger-desktop/health-check HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${api.sandbox.secretKey}\r\nService-End-User-Id: ${api.endUser}\r\n\r\n`;
}

describe('issue 8.5: after a 413 the keep-alive connection still answers', () => {
  it('answers 413 in the error shape and then the next request on the same connection, at once', async () => {
    const size = MAX_BODY_BYTES + 100_000;
    const started = performance.now();
    const exchange = await rawExchange(rawTarget(api.sandbox.baseUrl, api.sandbox.caCert), [post(size), Buffer.alloc(size, 'x'), healthCheck()], { expect: 2, waitMs: 4000 });
    const [first, second] = exchange.responses;
    expect(first?.status).toBe(413);
    expect(errorCode(first!)).toBe('REQUEST_TOO_LARGE');
    expect(first?.headers['service-request-id']).toMatch(/^req_/);
    expect(second?.status).toBe(200);
    // Before the fix the second answer only came when the keep-alive timer (5 s) gave up.
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it(`closes the connection cleanly, after saying so, once an upload passes ${DRAIN_MAX_BYTES / 1024 / 1024} MiB over the limit`, async () => {
    const size = MAX_BODY_BYTES + DRAIN_MAX_BYTES + 1_000_000;
    const exchange = await rawExchange(rawTarget(api.sandbox.baseUrl, api.sandbox.caCert), [post(size), Buffer.alloc(size, 'x')], { awaitClose: true, waitMs: 20_000 });
    const [first] = exchange.responses;
    expect(first?.status).toBe(413);
    expect(first?.headers['connection']).toBe('close');
    expect(exchange.end).toBe('closed');
  });

  it('gives every seeded large upload its 413, chunked or not, with or without a key, never a reset', async () => {
    await expectFamilyRefused(api, oversizedBodyFamily, 60);
  });
});
