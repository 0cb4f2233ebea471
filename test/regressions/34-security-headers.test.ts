import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawExchange, rawTarget } from '../support/rawHttp.ts';
import { send, startTestSandbox, type TestSandbox } from '../support/testClient.ts';
import { WebClient } from '../support/webClient.ts';

/** Written out here rather than imported, so a mistake in the simulator's table cannot pass with it. */
const EXPECTED = {
  'content-security-policy': "default-src 'self'; frame-ancestors 'none'; form-action 'self' https: http:",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

let api: TestSandbox;
let origin: string;
let signedOut: WebClient;
let signedIn: WebClient;

beforeAll(async () => {
  api = await startTestSandbox({ sizes: { customers: 2, invoices: 2 } });
  origin = new URL(api.sandbox.baseUrl).origin;
  signedOut = new WebClient(origin, api.sandbox.caCert);
  signedIn = new WebClient(origin, api.sandbox.caCert);
  const form = await signedIn.get('/dashboard/sign-in');
  const res = await signedIn.post('/dashboard/sign-in', { _csrf: WebClient.csrfOf(form), email: api.sandbox.demoEmail, password: api.sandbox.demoPassword });
  expect(res.status, res.text).toBe(303);
});
afterAll(async () => {
  signedOut.close();
  signedIn.close();
  await api.close();
});

type Answer = { status: number; headers: Record<string, string | string[] | undefined> };

const fixturePath = (): string => `/dashboard/projects/proj_testing/sandbox/end-users/${api.endUser}/fixture.json`;

const REQUESTS: [name: string, status: number, ask: () => Promise<Answer>][] = [
  ['API success', 200, () => api.get('/ledger-desktop/customers', { query: { limit: 1 } })],
  ['API refusal of a bad query', 400, () => api.get('/ledger-desktop/customers', { query: { limit: 'many' } })],
  ['API error from the desktop', 502, () => api.get('/ledger-desktop/customers/no-such-customer')],
  ['API 401 without a key', 401, () => api.get('/end-users', { key: null })],
  ['sandbox control', 200, () => api.control('GET', '/_sandbox')],
  ['favicon (asked of the API)', 401, () => signedOut.get('/favicon.ico')],
  ['plain-HTTP refusal', 403, () => send(http, new URL(`${api.sandbox.httpUrl}/end-users`), 'GET', {}, undefined)],
  ['malformed HTTP, answered on the socket', 400, async () => (await rawExchange(rawTarget(api.sandbox.baseUrl, api.sandbox.caCert), ['NOT HTTP AT ALL\r\n\r\n'], { awaitClose: true })).responses[0] ?? { status: 0, headers: {} }],
  ['dashboard page', 200, () => signedIn.get('/dashboard')],
  ['sign-in page', 200, () => signedOut.get('/dashboard/sign-in')],
  ['redirect to sign in', 303, () => signedOut.get('/dashboard')],
  ['signed-out form post', 401, () => signedOut.post('/dashboard/organizations', { name: 'x' })],
  ['dashboard 404', 404, () => signedIn.get('/dashboard/projects/proj_testing/nothing')],
  ['fixture download', 200, () => signedIn.get(fixturePath())],
  ['style sheet', 200, () => signedOut.get('/dashboard/assets/style.css')],
  ['script', 200, () => signedOut.get('/dashboard/assets/app.js')],
  ['favicon of the pages', 200, () => signedOut.get('/dashboard/assets/favicon.svg')],
  ['connect page of an unknown link', 404, () => signedOut.get('/connect/auth_sess_client_secret_nosuchsecret')],
];

describe('issue 34.7: every answer of the API and the dashboard carries the same security headers', () => {
  it.each(REQUESTS)('%s', async (_name, status, ask) => {
    const answer = await ask();
    expect(answer.status).toBe(status);
    expect(answer.headers).toMatchObject(EXPECTED);
  });

  it('keeps the download a download: its own type and disposition, never cached', async () => {
    const answer = await signedIn.get(fixturePath());
    expect(answer.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="end_usr_[a-z0-9]+\.json"$/);
  });
});
