import fs from 'node:fs';
import os from 'node:os';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../support/testClient.ts';
import { startTestSandbox, type TestSandbox } from '../support/testClient.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SHOTS = path.join(ROOT, 'test-artifacts', 'browser');
const SAMPLE = fs.readFileSync(path.join(ROOT, 'fixtures', 'sample-company.yaml'), 'utf8');

/** Debian's chromium (apt-get install chromium), or CHROMIUM_PATH; no browser is ever downloaded. */
function chromiumPath(): string | undefined {
  return [process.env['CHROMIUM_PATH'], '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => p !== undefined && p !== '' && fs.existsSync(p));
}

const executable = chromiumPath();
// CI installs chromium and sets LEDGER_SIM_REQUIRE_BROWSER: there a missing browser fails instead of skipping.
if (!executable && process.env['LEDGER_SIM_REQUIRE_BROWSER'] === '1') throw new Error('no chromium found (apt-get install chromium, or set CHROMIUM_PATH)');
if (!executable) console.warn('browser test skipped: no chromium at /usr/bin/chromium (apt-get install chromium) and no CHROMIUM_PATH');

describe.skipIf(!executable)('the dashboard and the connect page, in chromium', () => {
  let api: TestSandbox;
  let browser: Browser;
  let tab: Page;
  let step = 0;
  const shot = async (name: string): Promise<void> => {
    step += 1;
    await tab.screenshot({ path: path.join(SHOTS, `${String(step).padStart(2, '0')}-${name}.png`), fullPage: true });
  };

  beforeAll(async () => {
    fs.rmSync(SHOTS, { recursive: true, force: true });
    fs.mkdirSync(SHOTS, { recursive: true });
    api = await startTestSandbox({ sizes: { customers: 5, invoices: 5 } });
    browser = await chromium.launch({ executablePath: executable, args: ['--no-sandbox'] });
    // The sandbox's own CA is not in chromium's store; the test trusts it as a person would after the README's step.
    const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 900 } });
    tab = await context.newPage();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
  });

  it('takes a newcomer from sign-in to listing customers with their own key and end user', async () => {
    const origin = new URL(api.sandbox.baseUrl).origin;
    await tab.goto(`${origin}/dashboard`);
    await expect.poll(() => tab.url()).toContain('/dashboard/sign-in');
    await tab.getByLabel('Email').fill(api.sandbox.demoEmail);
    await tab.getByLabel('Password').fill(api.sandbox.demoPassword);
    await shot('sign-in');
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.getByRole('link', { name: 'testing' }).waitFor();
    await shot('projects');

    await tab.getByRole('link', { name: 'testing' }).click();
    await tab.getByLabel('Company name').fill('Harbor Bakery');
    await tab.getByLabel('Source id (yours, unique in the project)').fill('harbor-1');
    await tab.getByLabel('Email').fill('owner@harbor.test');
    await tab.getByRole('button', { name: 'Create end user' }).click();
    const row = tab.getByRole('row').filter({ hasText: 'Harbor Bakery' });
    await row.waitFor();
    await shot('end-user-created');
    const endUserId = (await row.locator('code').first().textContent())?.trim() ?? '';
    expect(endUserId).toMatch(/^end_usr_/);
    expect(await row.textContent()).toContain('not set up');

    await row.getByRole('button', { name: 'New connect link' }).click();
    const link = await tab.getByRole('status').locator('code').last().textContent();
    expect(link).toContain(`${origin}/connect/auth_sess_client_secret_`);
    await shot('connect-link');

    await tab.goto(link ?? '');
    await tab.getByRole('heading', { name: 'Connect Harbor Bakery' }).waitFor();
    await tab.getByLabel('A fixture (JSON or YAML)').check();
    await tab.getByLabel('Fixture text').fill(SAMPLE);
    await shot('connect-page');
    await tab.getByRole('button', { name: 'Connect' }).click();
    await tab.getByRole('heading', { name: 'Connected' }).waitFor();
    await shot('connected');
    // The link works once.
    await tab.goto(link ?? '');
    await tab.getByRole('heading', { name: 'Link already used' }).waitFor();

    await tab.goto(`${origin}/dashboard`);
    await tab.getByRole('link', { name: 'testing' }).click();
    await tab.getByRole('link', { name: 'API Keys' }).click();
    await tab.getByRole('button', { name: 'Create secret key' }).click();
    const secretKey = (await tab.locator('.secret code').textContent())?.trim() ?? '';
    expect(secretKey).toMatch(/^sk_sandbox_/);
    await shot('secret-key');
    await tab.reload();
    expect(await tab.content()).not.toContain(secretKey);

    await tab.getByRole('link', { name: 'End Users' }).click();
    const copied = (await tab.getByRole('row').filter({ hasText: 'Harbor Bakery' }).locator('code').first().textContent())?.trim();
    expect(copied).toBe(endUserId);
    expect(await tab.getByRole('row').filter({ hasText: 'Harbor Bakery' }).textContent()).toContain('connected');

    const agent = new https.Agent({ ca: api.sandbox.caCert });
    const customers = await send(https, new URL(`${api.sandbox.baseUrl}/ledger-desktop/customers?limit=5`), 'GET', { authorization: `Bearer ${secretKey}`, 'service-end-user-id': endUserId }, undefined, agent);
    expect(customers.status).toBe(200);
    // The fixture's customers, not the demo file's.
    expect((customers.body['data'] as { fullName: string }[]).map((c) => c.fullName)).toContain('Alder Creek Dental');
    expect(SAMPLE).toContain('Alder Creek Dental');

    await tab.getByRole('link', { name: 'Requests' }).click();
    await tab.getByRole('row').filter({ hasText: '/v1/ledger-desktop/customers?limit=5' }).getByRole('link').click();
    await tab.getByRole('heading', { name: 'Response body' }).waitFor();
    expect(await tab.content()).not.toContain(secretKey);
    await shot('request-log');

    await tab.getByRole('link', { name: 'Sandbox', exact: true }).click();
    await tab.getByLabel('End user', { exact: true }).selectOption(endUserId);
    await tab.getByRole('button', { name: 'Show' }).click();
    await tab.getByLabel('Connection state').selectOption('modal_dialog');
    await tab.getByRole('button', { name: 'Save desktop' }).click();
    await shot('sandbox-tab');
    const refused = await send(https, new URL(`${api.sandbox.baseUrl}/ledger-desktop/health-check`), 'GET', { authorization: `Bearer ${secretKey}`, 'service-end-user-id': endUserId }, undefined, agent);
    expect(refused.body.error?.['integrationCode']).toBe('0x80040414');
    await tab.getByLabel('Connection state').selectOption('connected');
    await tab.getByRole('button', { name: 'Save desktop' }).click();

    // A fault on, read as a row, and off again.
    await tab.getByLabel('Fault', { exact: true }).selectOption('status');
    await tab.getByLabel('Next N requests').fill('3');
    await tab.getByLabel('Lasts seconds').fill('600');
    await tab.getByRole('button', { name: 'Switch fault on' }).click();
    const faultRow = tab.getByRole('row').filter({ hasText: 'status 3175' });
    expect(await faultRow.textContent()).toContain('the next 3');
    await shot('fault-on');
    await faultRow.getByRole('button', { name: 'Switch off' }).click();
    await tab.getByText('No faults switched on.').waitFor();

    // A fixture file with mistakes, uploaded: its problems listed by line.
    const broken = SAMPLE.replace('terms: Net 30', 'terms: Net 45').replace('fixtureVersion: 3', 'fixtureVersion: 3\nfavouriteColour: blue');
    await tab.getByLabel(/Fixture file/).setInputFiles({ name: 'broken.yaml', mimeType: 'application/yaml', buffer: Buffer.from(broken) });
    await expect.poll(() => tab.getByLabel(/or its text/).inputValue()).toContain('favouriteColour');
    await tab.getByRole('button', { name: 'Load fixture' }).click();
    const problems = tab.locator('ul.problems li');
    await problems.first().waitFor();
    const listed = await problems.allTextContents();
    expect(listed.length).toBeGreaterThanOrEqual(2);
    const lines = listed.map((text) => Number(/^line (\d+):/.exec(text)?.[1]));
    expect(lines.every((n) => n > 0)).toBe(true);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
    expect(listed.join('\n')).toContain('Net 45');
    await shot('fixture-problems');
    await tab.setViewportSize({ width: 360, height: 800 });
    await shot('sandbox-360');
    // Nothing wider than the screen but what scrolls inside its own box (tables).
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await tab.setViewportSize({ width: 1440, height: 900 });
    await shot('sandbox-1440');

    // The books, read-only: the customers of the demo end user, then its invoices, one of them with its postings.
    await tab.getByRole('link', { name: 'Books', exact: true }).click();
    await tab.getByLabel('End user', { exact: true }).selectOption(api.endUser);
    await tab.getByLabel('List', { exact: true }).selectOption('customers');
    await tab.getByRole('button', { name: 'Show' }).click();
    const someCustomer = (((await api.get('/ledger-desktop/customers', { query: { limit: 1 } })).body['data'] as { fullName: string }[])[0]?.fullName) ?? '';
    await tab.getByRole('link', { name: someCustomer, exact: true }).waitFor();
    await shot('books-customers-1440');
    await tab.setViewportSize({ width: 360, height: 800 });
    await shot('books-customers-360');
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await tab.setViewportSize({ width: 1440, height: 900 });
    await tab.getByLabel('List', { exact: true }).selectOption('invoices');
    await tab.getByRole('button', { name: 'Show' }).click();
    await shot('books-invoices');
    await tab.locator('tbody tr td a').first().click();
    await tab.getByRole('heading', { name: 'Postings' }).waitFor();
    expect(await tab.locator('table').filter({ hasText: 'Debit' }).textContent()).toContain('Accounts Receivable');
    await shot('books-invoice-1440');
    await tab.setViewportSize({ width: 360, height: 800 });
    await shot('books-invoice-360');
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await tab.setViewportSize({ width: 1280, height: 900 });

    // A profit and loss by month, as a table and a chart.
    await tab.getByRole('link', { name: 'Books', exact: true }).click();
    await tab.getByRole('link', { name: 'Reports', exact: true }).click();
    await tab.getByLabel('Report', { exact: true }).selectOption('profit_and_loss_standard');
    await tab.getByLabel('reportDateMacro').selectOption('all');
    await tab.getByLabel('summarizeColumnsBy').selectOption('month');
    await tab.getByRole('button', { name: 'Run report' }).click();
    await tab.locator('figure.chart svg').waitFor();
    expect(await tab.locator('figure.chart rect').count()).toBeGreaterThanOrEqual(2);
    expect(await tab.locator('table.report tr.total').count()).toBeGreaterThanOrEqual(1);
    await shot('report-profit-and-loss-by-month');
    await tab.setViewportSize({ width: 360, height: 800 });
    await shot('report-profit-and-loss-by-month-360');
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }, 120_000);

  it('finds a request in the log after the sandbox restarts, at 360 and 1440 px', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-browser-restart-'));
    const sizes = { customers: 2, invoices: 2 };
    try {
      const first = await startTestSandbox({ memory: false, dataDir, sizes });
      const listed = await first.get('/ledger-desktop/customers', { query: { limit: 1 } });
      const requestId = String(listed.headers['service-request-id']);
      await first.close();
      const second = await startTestSandbox({ memory: false, dataDir, secretKey: first.sandbox.secretKey, sizes });
      const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 360, height: 800 } });
      try {
        const page = await context.newPage();
        await page.goto(`${new URL(second.sandbox.baseUrl).origin}/dashboard/sign-in`);
        await page.getByLabel('Email').fill(second.sandbox.demoEmail);
        await page.getByLabel('Password').fill(second.sandbox.demoPassword);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.goto(`${new URL(second.sandbox.baseUrl).origin}/dashboard/projects/proj_testing/requests?operation=customers.list`);
        const row = page.getByRole('row').filter({ hasText: requestId });
        await row.waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await page.screenshot({ path: path.join(SHOTS, 'restart-request-log-360.png'), fullPage: true });
        await page.setViewportSize({ width: 1440, height: 900 });
        await row.getByRole('link').click();
        await page.getByRole('heading', { name: 'Response body' }).waitFor();
        await page.screenshot({ path: path.join(SHOTS, 'restart-request-1440.png'), fullPage: true });
      } finally {
        await context.close();
        await second.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('keeps projects apart: a key of a new project sees none of "testing"', async () => {
    const origin = new URL(api.sandbox.baseUrl).origin;
    await tab.goto(`${origin}/dashboard`);
    await tab.getByLabel('New project name').first().fill('staging');
    await tab.getByRole('button', { name: 'Create project' }).first().click();
    await tab.getByRole('link', { name: 'API Keys' }).click();
    await tab.getByRole('button', { name: 'Create secret key' }).click();
    const key = (await tab.locator('.secret code').textContent())?.trim() ?? '';
    const agent = new https.Agent({ ca: api.sandbox.caCert });
    const endUsers = await send(https, new URL(`${api.sandbox.baseUrl}/end-users`), 'GET', { authorization: `Bearer ${key}` }, undefined, agent);
    expect(endUsers.body['data']).toEqual([]);
    const other = await send(https, new URL(`${api.sandbox.baseUrl}/ledger-desktop/customers`), 'GET', { authorization: `Bearer ${key}`, 'service-end-user-id': api.endUser }, undefined, agent);
    expect(other.status).toBe(404);
  }, 60_000);
});
