import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '../simulator/service/serviceIds.ts';
import { startTestSandbox, type TestSandbox } from './support/testClient.ts';
import { WebClient } from './support/webClient.ts';

let api: TestSandbox;
let origin: string;

beforeAll(async () => {
  api = await startTestSandbox({ sizes: { customers: 5, invoices: 5 } });
  origin = new URL(api.sandbox.baseUrl).origin;
});
afterAll(() => api.close());

async function signedIn(email = api.sandbox.demoEmail, password = api.sandbox.demoPassword): Promise<WebClient> {
  const web = new WebClient(origin, api.sandbox.caCert);
  const form = await web.get('/dashboard/sign-in');
  const res = await web.post('/dashboard/sign-in', { _csrf: WebClient.csrfOf(form), email, password });
  expect(res.status, res.text).toBe(303);
  return web;
}

describe('dashboard accounts and sessions', () => {
  it('sends a signed-out visitor to sign in, and sets the session cookie HttpOnly, Secure and SameSite', async () => {
    const web = new WebClient(origin, api.sandbox.caCert);
    const home = await web.get('/dashboard');
    expect([home.status, home.headers['location']]).toEqual([303, '/dashboard/sign-in']);
    const form = await web.get('/dashboard/sign-in');
    expect(form.headers['content-security-policy']).toContain("default-src 'self'");
    const res = await web.post('/dashboard/sign-in', { _csrf: WebClient.csrfOf(form), email: api.sandbox.demoEmail, password: api.sandbox.demoPassword });
    const session = (res.headers['set-cookie'] as string[]).find((c) => c.startsWith('ls_session='));
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/Secure/);
    expect(session).toMatch(/SameSite=Lax/);
    expect((await web.get('/dashboard')).text).toContain('Sandbox organization');
  });

  it('refuses a wrong password, an unknown email the same way, and a form without its CSRF token', async () => {
    const web = new WebClient(origin, api.sandbox.caCert);
    const form = await web.get('/dashboard/sign-in');
    const wrong = await web.post('/dashboard/sign-in', { _csrf: WebClient.csrfOf(form), email: api.sandbox.demoEmail, password: 'not-the-password' });
    const unknown = await web.post('/dashboard/sign-in', { _csrf: WebClient.csrfOf(form), email: 'nobody@nowhere.test', password: 'not-the-password' });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.text).toContain('Wrong email or password.');
    expect(unknown.text).toContain('Wrong email or password.');
    const forged = await web.post('/dashboard/sign-in', { _csrf: 'forged', email: api.sandbox.demoEmail, password: api.sandbox.demoPassword });
    expect(forged.status).toBe(403);
    const session = await signedIn();
    const noToken = await session.post('/dashboard/organizations', { name: 'Forged org' });
    expect(noToken.status).toBe(403);
    expect((await session.get('/dashboard')).text).not.toContain('Forged org');
  });

  it('signs up with a scrypt-hashed password and a first organization holding a "testing" project; signs out', async () => {
    const web = new WebClient(origin, api.sandbox.caCert);
    const form = await web.get('/dashboard/sign-up');
    const tooShort = await web.post('/dashboard/sign-up', { _csrf: WebClient.csrfOf(form), email: 'new@team.test', password: 'short', organization: 'Team' });
    expect([tooShort.status, tooShort.text.includes('10 to 200 characters')]).toEqual([400, true]);
    const res = await web.post('/dashboard/sign-up', { _csrf: WebClient.csrfOf(form), email: 'new@team.test', password: 'a long enough password', organization: 'Team Org' });
    // Sign-up answers alike for a new email and a taken one, so it signs nobody in: the person signs in next.
    expect([res.status, res.headers['location']]).toEqual([303, '/dashboard/sign-in?signed-up=1']);
    expect((await web.get('/dashboard')).status).toBe(303);
    const signIn = await web.get('/dashboard/sign-in');
    await web.post('/dashboard/sign-in', { _csrf: WebClient.csrfOf(signIn), email: 'new@team.test', password: 'a long enough password' });
    const home = await web.get('/dashboard');
    expect(home.text).toContain('Team Org');
    expect(home.text).toContain('>testing<');
    const stored = api.sandbox.deps.state.dashboard.accountByEmail('new@team.test');
    expect(stored?.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(stored?.password_hash).not.toContain('a long enough password');
    const again = await web.post('/dashboard/sign-up', { _csrf: WebClient.csrfOf(form), email: 'NEW@team.test', password: 'another long password', organization: 'X' });
    expect([again.status, again.headers['location']]).toEqual([303, '/dashboard/sign-in?signed-up=1']);
    expect(api.sandbox.deps.state.dashboard.accountByEmail('new@team.test')?.password_hash).toBe(stored?.password_hash);
    await web.post('/dashboard/sign-out', { _csrf: WebClient.csrfOf(home) });
    expect((await web.get('/dashboard')).status).toBe(303);
  });

  it('keeps organizations apart: another account cannot see or use a project of the demo organization', async () => {
    const web = new WebClient(origin, api.sandbox.caCert);
    const form = await web.get('/dashboard/sign-up');
    await web.post('/dashboard/sign-up', { _csrf: WebClient.csrfOf(form), email: 'other@org.test', password: 'another long password', organization: 'Other Org' });
    const signIn = await web.get('/dashboard/sign-in');
    await web.post('/dashboard/sign-in', { _csrf: WebClient.csrfOf(signIn), email: 'other@org.test', password: 'another long password' });
    expect((await web.get('/dashboard')).text).toContain('Other Org');
    const page = await web.get('/dashboard/projects/proj_testing/end-users');
    expect(page.status).toBe(404);
    expect(page.text).not.toContain(api.endUser);
    const home = await web.get('/dashboard');
    const create = await web.post('/dashboard/projects/proj_testing/api-keys/secret', { _csrf: WebClient.csrfOf(home) });
    expect(create.status).toBe(404);
  });
});

describe('the sandbox tab', () => {
  const base = (): string => `/dashboard/projects/proj_testing/sandbox`;
  const at = (): string => `${base()}/end-users/${api.endUser}`;
  const machine = () => api.sandbox.deps.host.application(api.sandbox.deps.state.connections(api.endUser).find((c) => c.company_file_id)?.company_file_id ?? '').machine;

  it('sets the whole machine and a fault with its window, shows the fault as a readable row, and switches it off', async () => {
    const web = await signedIn();
    let page = await web.get(`${base()}?endUser=${api.endUser}`);
    const saved = await web.post(`${at()}/desktop`, { _csrf: WebClient.csrfOf(page), connection: 'connected', latency: 'instant', startupSeconds: '30', inUseSeconds: '7', writesCompleteAfterTimeout: 'no' });
    expect(saved.status, saved.text).toBe(303);
    expect(machine().describe()).toMatchObject({ inUseSeconds: 7, writesCompleteAfterTimeout: false });
    page = await web.get(`${base()}?endUser=${api.endUser}`);
    const on = await web.post(`${at()}/faults`, { _csrf: WebClient.csrfOf(page), fault: 'status', status: '3175', count: '2', share: '0.5', afterSeconds: '60', forSeconds: '120', operations: 'invoices.*' });
    expect(on.status, on.text).toBe(303);
    page = await web.get(`${base()}?endUser=${api.endUser}`);
    const row = /<tr><td>status 3175<\/td><td>50% of the next 2<\/td><td>from <time datetime="([^"]+)">[^<]*<\/time> until <time datetime="([^"]+)">[^<]*<\/time><\/td><td><code>invoices\.\*<\/code><\/td>/.exec(page.text);
    expect(row, 'the fault as a readable row').not.toBeNull();
    expect(Date.parse(row?.[2] ?? '') - Date.parse(row?.[1] ?? '')).toBe(120_000);
    expect(page.text).not.toContain('{&#34;fault&#34;');
    const id = String((machine().describe()['faults'] as { id: string }[])[0]?.id);
    expect((await web.post(`${at()}/faults/${id}/clear`, { _csrf: WebClient.csrfOf(page) })).status).toBe(303);
    expect(machine().describe()['faults']).toEqual([]);
    await web.post(`${at()}/desktop/reset`, { _csrf: WebClient.csrfOf(page) });
  });

  it('puts the project clock back to real time', async () => {
    const web = await signedIn();
    await api.control('POST', '/_sandbox/clock/advance', { seconds: 90 });
    const page = await web.get(base());
    expect(page.text).toContain('Back to real time');
    expect((await web.post(`${base()}/clock/reset`, { _csrf: WebClient.csrfOf(page) })).status).toBe(303);
    expect((await api.control('GET', '/_sandbox/clock')).body['advancedMs']).toBe(0);
    expect((await web.get(base())).text).not.toContain('Back to real time');
  });

  it('lists a fixture\'s problems one per line with their line numbers, in the order of its lines; a good one is counted per collection', async () => {
    const web = await signedIn();
    const page = await web.get(`${base()}?endUser=${api.endUser}`);
    expect(page.text).toContain('type="file" accept=".json,.yaml,.yml,application/json" data-fills="f-fixture"');
    const text = ['fixtureVersion: 3', 'company: { name: X }', 'customers:', '  - name: Fixture A', '    terms: Net 45', '  - name: Fixture B', '    colour: red', 'invoices:', '  - customer: Nobody', '    transactionDate: 2025-02-30', ''].join('\n');
    const bad = await web.post(`${at()}/fixture`, { _csrf: WebClient.csrfOf(page), fixture: text });
    expect(bad.status).toBe(400);
    const items = [...bad.text.matchAll(/<li>line (\d+): ([^<]*)<\/li>/g)].map((m) => [Number(m[1]), m[2]]);
    expect(items.map(([line]) => line)).toEqual([5, 7, 9, 10]);
    expect(String(items[1]?.[1])).toContain('customers[1] (name &#34;Fixture B&#34;) field &#34;colour&#34;: is not a known field');
    const good = await web.post(`${at()}/fixture`, { _csrf: WebClient.csrfOf(page), fixture: 'fixtureVersion: 3\ncompany: { name: X }\ncustomers:\n  - name: Fixture C\n  - name: Fixture D\n' });
    expect(good.status, good.text).toBe(200);
    expect(good.text).toContain('Loaded 2 objects: 2 customers.');
  });
});

describe('the Books tab', () => {
  const books = '/dashboard/projects/proj_testing/books';

  it('lists a company file\'s objects by list, paged, searched by name and filtered as the API filters', async () => {
    const web = await signedIn();
    const customers = (await api.get('/ledger-desktop/customers', { query: { limit: 150 } })).body['data'] as { id: string; fullName: string }[];
    const first = await web.get(`${books}?endUser=${api.endUser}&resource=customers`);
    expect(first.status, first.text).toBe(200);
    // The API's order, the first of them on the first page.
    expect(first.text).toContain(`>${customers[0]?.fullName.replaceAll('&', '&#38;').replaceAll("'", '&#39;')}</a>`);
    const name = String(customers[1]?.fullName);
    const searched = await web.get(`${books}?endUser=${api.endUser}&resource=customers&search=${encodeURIComponent(name.slice(0, 6))}`);
    expect(searched.text).toContain(customers[1]?.id);
    expect(searched.text).not.toContain('was not applied');
    // Deposits have no name or number filter in the API: the list is shown whole, and the page says the search was not applied.
    const deposits = await web.get(`${books}?endUser=${api.endUser}&resource=deposits&search=Smith`);
    expect(deposits.status).toBe(200);
    expect(deposits.text).toContain('The API has no name or number filter on deposits: "Smith" was not applied.');
    expect(deposits.text).not.toContain('Nothing matches.');
    const invoices = await web.get(`${books}?endUser=${api.endUser}&resource=invoices&paymentStatus=paid`);
    expect(invoices.status).toBe(200);
    const bad = await web.get(`${books}?endUser=${api.endUser}&resource=invoices&paymentStatus=someday`);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('paymentStatus');
  });

  it('pages a long list: the next page holds the next objects, in the API\'s order', async () => {
    const web = await signedIn();
    const ids = (text: string): string[] => [...text.matchAll(/books\/[^/]+\/sales-receipts\/([^"]+)">/g)].map((m) => decodeURIComponent(String(m[1])));
    const first = await web.get(`${books}?endUser=${api.endUser}&resource=sales-receipts`);
    expect(first.text).toContain('Next page');
    const second = await web.get(`${books}?endUser=${api.endUser}&resource=sales-receipts&page=2`);
    expect(second.text).toContain('Previous page');
    const viaApi = (await api.get('/ledger-desktop/sales-receipts', { query: { limit: 100 } })).body['data'] as { id: string }[];
    expect([...ids(first.text), ...ids(second.text)]).toEqual(viaApi.map((p) => p.id));
  });

  it('browses every list the spec serves, and opens the first object of each', async () => {
    const web = await signedIn();
    const page = await web.get(`${books}?endUser=${api.endUser}`);
    const resources = [...page.text.matchAll(/<option(?: selected)?>([a-z-]+)<\/option>/g)].map((m) => String(m[1]));
    expect(resources.length).toBeGreaterThan(40);
    for (const resource of resources) {
      const list = await web.get(`${books}?endUser=${api.endUser}&resource=${resource}`);
      // A list with a required filter (bills to pay name their payee) is refused as the API refuses it, until it is given.
      const refusal = /<p class="error" role="alert">([^<]*)<\/p>/.exec(list.text)?.[1] ?? '';
      expect(list.status === 200 || (list.status === 400 && /required/.test(refusal)), `${resource}: ${list.status} ${refusal}`).toBe(true);
      const first = /<a href="(\/dashboard\/projects\/proj_testing\/books\/[^"]+)">/.exec(list.text)?.[1];
      if (first) expect((await web.get(first.replaceAll('&#38;', '&'))).status, first).toBe(200);
    }
  });

  it('shows an invoice with its lines, its postings, its JSON as the API answers it and the curl that fetches it', async () => {
    const web = await signedIn();
    const invoice = ((await api.get('/ledger-desktop/invoices', { query: { limit: 1 } })).body['data'] as { id: string; refNumber: string; balanceRemaining: string }[])[0];
    const shown = await web.get(`${books}/${api.endUser}/invoices/${invoice?.id}`);
    expect(shown.status, shown.text).toBe(200);
    expect(shown.text).toContain('<h2>Lines</h2>');
    expect(shown.text).toMatch(/<h2>Postings<\/h2>.*<td>Accounts Receivable<\/td>/s);
    const viaApi = await api.get(`/ledger-desktop/invoices/${invoice?.id}`);
    expect(shown.text).toContain(JSON.stringify(viaApi.body, null, 2).replaceAll('&', '&#38;').replaceAll('"', '&#34;').replaceAll("'", '&#39;').replaceAll('<', '&#60;').replaceAll('>', '&#62;'));
    expect(shown.text).toContain(`/v1/ledger-desktop/invoices/${invoice?.id}`);
    expect((await web.get(`${books}/${api.endUser}/invoices/no-such-invoice`)).status).toBe(404);
    expect((await web.get(`${books}/${api.endUser}/no-such-list/x`)).status).toBe(404);
  });
});

describe('the Books tab\'s reports', () => {
  const reports = '/dashboard/projects/proj_testing/books/reports';

  it('runs a profit and loss by month as a table with its totals and a chart of its last total across the months', async () => {
    const web = await signedIn();
    const form = await web.get(`${reports}?endUser=${api.endUser}&family=general-summary`);
    expect(form.text).toContain('<option selected>balance_sheet_by_class</option>');
    const run = await web.get(`${reports}?endUser=${api.endUser}&family=general-summary&reportType=profit_and_loss_standard&reportDateMacro=all&summarizeColumnsBy=month`);
    expect(run.status, run.text).toBe(200);
    const viaApi = await api.get('/ledger-desktop/reports/general-summary', { query: { reportType: 'profit_and_loss_standard', reportDateMacro: 'all', summarizeColumnsBy: 'month' } });
    const rows = viaApi.body['rows'] as { kind: string; cells: { value: string | null }[] }[];
    const last = rows.filter((r) => r.kind === 'total').at(-1);
    expect(run.text).toContain(`<tr class="total">${(last?.cells ?? []).map((c, i) => (i === 0 ? `<td>${c.value}</td>` : `<td class="amount">${c.value ?? ''}</td>`)).join('')}</tr>`);
    // One bar per month column of that row.
    const months = ((viaApi.body['columns'] as { columnId: string; dataType: string; columnType: string }[]).filter((c) => c.dataType === 'amount' && c.columnType !== 'total' && c.columnId !== 'total')).length;
    expect(months).toBeGreaterThanOrEqual(2);
    expect([...run.text.matchAll(/<rect /g)]).toHaveLength(months);
  });

  it('charts an aging\'s buckets, and says what the desktop or the API refuses', async () => {
    const web = await signedIn();
    const aging = await web.get(`${reports}?endUser=${api.endUser}&family=aging&reportType=ar_aging_summary`);
    expect(aging.status, aging.text).toBe(200);
    expect([...aging.text.matchAll(/<rect /g)].length).toBe(5);
    const bad = await web.get(`${reports}?endUser=${api.endUser}&family=general-summary&reportType=profit_and_loss_standard&reportDateMacro=someday`);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('reportDateMacro');
  });
});

describe('the connect page', () => {
  async function link(options: { linkExpiryMins?: number; redirectUrl?: string } = {}): Promise<{ url: string; endUserId: string }> {
    const created = await api.post('/end-users', { companyName: 'Link test', sourceId: `link-${Math.random()}`, email: 'l@link.test' });
    const endUserId = String(created.body['id']);
    const session = await api.post('/auth-sessions', { publishableKey: api.sandbox.publishableKey, endUserId, linkExpiryMins: options.linkExpiryMins ?? 30, ...(options.redirectUrl ? { redirectUrl: options.redirectUrl } : {}) });
    return { url: String(session.body['authFlowUrl']), endUserId };
  }

  it('connects a seeded company file and sends the browser to the redirect URL; the link then works no more', async () => {
    const { url, endUserId } = await link({ redirectUrl: 'https://app.example.test/connected' });
    const web = new WebClient(origin, api.sandbox.caCert);
    const pageRes = await web.get(url);
    expect(pageRes.status).toBe(200);
    expect(pageRes.headers['referrer-policy']).toBe('no-referrer');
    const done = await web.post(url, { _csrf: WebClient.csrfOf(pageRes), source: 'seeded', seed: '3', customers: '4', invoices: '2' });
    expect([done.status, done.headers['location']]).toEqual([303, 'https://app.example.test/connected']);
    expect((await api.get('/ledger-desktop/customers', { endUser: endUserId })).status).toBe(200);
    const reused = await web.get(url);
    expect([reused.status, reused.text.includes('Link already used')]).toEqual([410, true]);
  });

  it('gives a clear page for an expired link, an unknown one, and a key of another project', async () => {
    const { url } = await link({ linkExpiryMins: 15 });
    await api.control('POST', '/_sandbox/clock/advance', { seconds: 15 * 60 });
    const web = new WebClient(origin, api.sandbox.caCert);
    const expired = await web.get(url);
    expect([expired.status, expired.text.includes('Link expired')]).toEqual([410, true]);
    const unknown = await web.get('/connect/auth_sess_client_secret_nosuchsecret');
    expect([unknown.status, unknown.text.includes('Link not valid')]).toEqual([404, true]);
    const fresh = await link();
    const tampered = await web.get(fresh.url.replace(/key=[^&]+/, 'key=pk_sandbox_notthisprojects'));
    expect(tampered.status).toBe(403);
    expect(expired.text).not.toMatch(/at .*\.ts:\d+/);
  });

  it('refuses a bad fixture with its problems and leaves the link usable', async () => {
    const { url, endUserId } = await link();
    const web = new WebClient(origin, api.sandbox.caCert);
    const pageRes = await web.get(url);
    const bad = await web.post(url, { _csrf: WebClient.csrfOf(pageRes), source: 'fixture', fixture: 'fixtureVersion: 2\ncompany: { name: X }\ncustomers:\n  - { name: A, colour: red }\n' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('colour');
    expect((await api.get('/ledger-desktop/customers', { endUser: endUserId })).body.error?.['code']).toBe('INTEGRATION_CONNECTION_NOT_SET_UP');
    expect((await web.get(url)).status).toBe(200);
    // The client secret is kept only as a hash.
    const secret = /connect\/([^?]+)/.exec(url)?.[1] ?? '';
    expect(api.sandbox.deps.state.dashboard.authSessionBySecret(hashKey(secret))).toBeDefined();
  });
});

describe('hostile input on the web pages', () => {
  it('answers odd cookies, paths, methods and oversized forms without a 5xx', async () => {
    const web = new WebClient(origin, api.sandbox.caCert);
    web.cookies.set('ls_session', '%zz%');
    web.cookies.set('ls_csrf', '%E0%A4%A');
    expect((await web.get('/dashboard')).status).toBe(303);
    const session = await signedIn();
    for (const path of ['/dashboard/projects/%zz/end-users', '/dashboard/projects/proj_testing/nothing', '/dashboard/projects/proj_testing/requests/req_nope', '/connect/%00', '/dashboard/assets/../../etc/passwd']) {
      const res = await session.get(path);
      expect(res.status, path).toBeGreaterThanOrEqual(300);
      expect(res.status, path).toBeLessThan(500);
    }
    expect((await session.request('PUT', '/dashboard')).status).toBe(405);
    const home = await session.get('/dashboard');
    const huge = await session.post('/dashboard/organizations', { _csrf: WebClient.csrfOf(home), name: 'x'.repeat(9 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    const long = await session.post('/dashboard/organizations', { _csrf: WebClient.csrfOf(home), name: 'x'.repeat(500) });
    expect(long.text).toContain('1 to 100 characters');
  });
});
