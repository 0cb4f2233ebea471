import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompanyFile } from '../../fixtures/seedCompanyFile.ts';
import { indexOperations } from '../../spec/indexOperations.ts';
import { loadSpec } from '../../spec/loadSpec.ts';
import { SimClock } from '../clock.ts';
import { reportJson } from '../DesktopApplication.ts';
import type { QueryPage } from '../queries/QueryEngine.ts';
import { DesktopHost } from '../DesktopHost.ts';
import { buildTypeRegistry } from '../engine/checkTypeTable.ts';
import type { TypeRegistry } from '../engine/TypeRegistry.ts';
import { TYPE_TABLE } from '../table/typeTable.ts';
import { DesktopError } from '../values/DesktopError.ts';
import type { JsonObject, JsonValue } from '../values/json.ts';
import { RequestInputError } from '../values/RequestInputError.ts';
import { ReportThread } from './ReportThread.ts';
import { StreamedJson, wholeJson } from './StreamedJson.ts';

type Query = Record<string, JsonValue>;

/** The demo company file's types, fewer of the numerous ones: a file that seeds and reports in a blink. */
const FEW = (sizes: Record<string, number>): Record<string, number> => ({
  customers: 15,
  invoices: 40,
  paychecks: 12,
  'sales-receipts': 10,
  estimates: 5,
  'sales-orders': 5,
  'time-tracking-activities': 10,
  bills: 10,
  ...sizes,
});

/** Reports of several families, and requests the desktop refuses (a DesktopError, a RequestInputError). */
const REPORTS: [family: string, query: Query][] = [
  ['general-summary', { reportType: 'balance_sheet_standard', reportDateTo: '2099-12-31' }],
  ['general-summary', { reportType: 'profit_and_loss_standard', reportDateMacro: 'all', summarizeColumnsBy: 'month' }],
  ['general-summary', { reportType: 'trial_balance' }],
  ['general-detail', { reportType: 'general_ledger', reportDateMacro: 'all' }],
  ['aging', { reportType: 'ar_aging_summary' }],
  ['aging', { reportType: 'ap_aging_detail', reportDateTo: '2099-12-31' }],
  ['aging', { reportType: 'ar_aging_summary', summarizeColumnsBy: 'customer' }],
  ['general-detail', { reportType: 'general_ledger', updatedAfter: 'not-a-date' }],
];

/** What a report or its refusal is, on this thread or the report thread: its JSON (and parsed, for a readable diff), or the error's class and fields. */
type Outcome = { report: JsonObject; json: string } | { error: string; fields: object; message: string };

async function outcome(work: () => Buffer | Promise<Buffer | StreamedJson>): Promise<Outcome> {
  try {
    const json = (await wholeJson(await work())).toString('utf8');
    return { report: JSON.parse(json) as JsonObject, json };
  } catch (error) {
    const kind = error instanceof RequestInputError ? 'RequestInputError' : error instanceof DesktopError ? 'DesktopError' : 'other';
    return { error: kind, fields: { ...(error as object) }, message: (error as Error).message };
  }
}

/** The objects of a list page. */
function objectsOf(page: QueryPage): JsonObject[] {
  return JSON.parse(`[${Buffer.concat(page.data).toString('utf8')}]`) as JsonObject[];
}

let types: TypeRegistry;
const dirs: string[] = [];
const hosts: DesktopHost[] = [];

/** A host of company files on disk, on a clock stopped at 2025-07-01 that the test can move. */
function diskHost(): { host: DesktopHost; clock: SimClock } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-report-thread-'));
  dirs.push(dir);
  const clock = new SimClock(() => Date.UTC(2025, 6, 1));
  const host = new DesktopHost({ dataDir: dir, clock, types });
  hosts.push(host);
  return { host, clock };
}

beforeAll(async () => {
  types = buildTypeRegistry(TYPE_TABLE, indexOperations(await loadSpec()));
});

afterAll(() => {
  for (const host of hosts) host.closeAll();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('reports of company files on disk, on the report thread', () => {
  // One host, so one report thread started for both tests (under tsx a start costs a second).
  let shared: ReturnType<typeof diskHost>;
  beforeAll(() => {
    shared = diskHost();
  });

  it('answer what runReport answers on this thread, refusals included, after writes, a void and a clock move', async () => {
    const { host, clock } = shared;
    const app = host.application('same');
    seedCompanyFile(app.file, { seed: 5, sizes: FEW({ 'credit-memos': 4 }) });
    const compare = async (): Promise<void> => {
      for (const [family, query] of REPORTS) {
        // Byte for byte: the JSON the Service sends is the same (the parsed copies first, for a diff one can read).
        const here = await outcome(() => reportJson(app.file, family, query));
        const there = await outcome(() => app.report(family, query));
        expect('report' in there ? there.report : there, `${family} ${JSON.stringify(query)}`).toEqual('report' in here ? here.report : here);
        expect(there).toEqual(here);
      }
    };
    await compare();
    // The refusals are the classes the Service tells apart, not a generic failure.
    const kinds = await Promise.all(REPORTS.slice(-2).map(async ([family, query]) => (await outcome(() => app.report(family, query))) as { error?: string }));
    expect(kinds.map((k) => k.error)).toEqual(['DesktopError', 'RequestInputError']);

    // A write through the application: the thread's open file (its cached meta and pages) must not answer from before it.
    const customer = objectsOf(await app.query('ldg_customer', {}, 1, undefined))[0] ?? {};
    const invoice = await app.add('ldg_invoice', { customerId: String(customer['id']), transactionDate: '2025-06-20', lines: [{ description: 'thread', amount: '1234.56' }] });
    await compare();
    await app.void('ldg_invoice', String(invoice['id']));
    clock.advance(40 * 86_400_000);
    await compare();
    // A value the thread's open file keeps in memory (the company's time zone, which dates "today"):
    // moved to the other side of midnight UTC, where the clock stands, the reports' dates change.
    await app.exclusive((file) => file.store.setMeta('company.utcOffsetMinutes', file.offsetMinutes >= 0 ? '-300' : '300'));
    await compare();
  }, 30_000);

  it.skipIf(process.platform !== 'linux')('run below the main thread: the report thread alone has a lower priority (Linux; elsewhere a thread has no priority of its own)', async () => {
    const app = shared.host.application('priority');
    seedCompanyFile(app.file, { seed: 6, sizes: FEW({}) });
    await app.report('general-summary', { reportType: 'trial_balance' });
    // A thread's niceness is the 19th field of its stat line; the 2nd (its name, in parentheses) may hold spaces.
    const niceOf = (stat: string): number => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    const threads = fs.readdirSync('/proc/self/task').map((id) => niceOf(fs.readFileSync(`/proc/self/task/${id}/stat`, 'utf8')));
    expect(niceOf(fs.readFileSync('/proc/thread-self/stat', 'utf8'))).toBe(0);
    expect(threads.filter((nice) => nice === 10)).toHaveLength(1);
  });

  it("leave this thread free for other company files, while this file's own requests wait their turn", async () => {
    const { host } = shared;
    const a = host.application('a');
    const b = host.application('b');
    // The demo's sizes but for its invoices: a general ledger of some 20,000 postings, hundreds of milliseconds.
    seedCompanyFile(a.file, { seed: 1, sizes: { customers: 100, invoices: 300 } });
    seedCompanyFile(b.file, { seed: 2, sizes: FEW({}) });
    const someCustomer = String(objectsOf(await b.query('ldg_customer', {}, 1, undefined))[0]?.['id']);
    // Two reports at once: both report threads are up, with A and B open, before what is measured.
    const trialBalance = { reportType: 'trial_balance' };
    await Promise.all([a.report('general-summary', trialBalance), b.report('general-summary', trialBalance)]);

    const done: string[] = [];
    const note = (what: string) => (): void => void done.push(what);
    const aReport = a.report('general-detail', { reportType: 'general_ledger', reportDateMacro: 'all' }).then(note('A report'));
    const aList = a.query('ldg_customer', {}, 5, undefined).then(note('A list'));
    let bReport: Promise<void> | undefined;
    // B's requests go on while A's report is computed: round after round, each a turn of the event loop.
    let rounds = 0;
    while (!done.includes('A report')) {
      await b.query('ldg_invoice', {}, 20, undefined);
      await b.retrieve('ldg_customer', someCustomer);
      if (rounds === 0) {
        done.push('B list and retrieve');
        // Another end user's report: on the other thread, not behind A's.
        bReport = b.report('general-summary', trialBalance).then(note('B report'));
      }
      rounds += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all([aReport, aList, bReport]);
    // B's list and retrieve come first whatever the timing (this thread never waits on A's report);
    // B's report takes tens of milliseconds where A's takes hundreds; A's list waits its turn.
    expect(done).toEqual(['B list and retrieve', 'B report', 'A report', 'A list']);
    expect(rounds).toBeGreaterThan(1);
  }, 30_000);
});

describe('ReportThread', () => {
  it('rejects what it owed when its thread stops or a report fails unexpectedly, and goes on', async () => {
    const { host } = diskHost();
    const app = host.application('crash');
    seedCompanyFile(app.file, { seed: 3, sizes: FEW({}) });
    const thread = new ReportThread();
    const request = { path: host.pathOf('crash'), family: 'general-summary', query: { reportType: 'trial_balance' }, nowSeconds: app.file.nowSeconds() };
    const expected = reportJson(app.file, request.family, request.query);
    try {
      expect(await wholeJson(await thread.report(request))).toEqual(expected);
      // Stopped with a report out (the way a crash stops it: the thread exits): rejected, not left hanging.
      const owed = thread.report(request);
      thread.close();
      await expect(owed).rejects.toThrow('the report thread was closed');
      // The next report starts another thread.
      expect(await wholeJson(await thread.report(request))).toEqual(expected);
      // A failure that is no refusal of the desktop's (a file that cannot be opened) is an unexpected error, for a 500; the thread goes on.
      const missing = { ...request, path: path.join(path.dirname(request.path), 'missing.sqlite') };
      await expect(thread.report(missing)).rejects.toThrow(/^the report thread failed: /);
      expect(await wholeJson(await thread.report(request))).toEqual(expected);
    } finally {
      thread.close();
    }
  }, 30_000);

  it('hands a report longer than a slice over as the thread writes it, equal to this thread\'s; let go half way, the thread stops and goes on', async () => {
    const { host } = diskHost();
    const app = host.application('slices');
    seedCompanyFile(app.file, { seed: 4, sizes: { customers: 100, invoices: 300 } });
    const thread = new ReportThread();
    const request = { path: host.pathOf('slices'), family: 'general-detail', query: { reportType: 'general_ledger', reportDateMacro: 'all' }, nowSeconds: app.file.nowSeconds() };
    const expected = reportJson(app.file, request.family, request.query);
    try {
      const answer = await thread.report(request);
      expect(answer).toBeInstanceOf(StreamedJson);
      const parts = await (answer as StreamedJson).whole();
      expect(parts.length).toBeGreaterThan(3);
      expect(Buffer.concat(parts).equals(expected)).toBe(true);
      expect(thread.owed).toBe(0);

      // Its client gone after the first slice: nothing more is owed, and the next report is whole.
      const left = (await thread.report(request)) as StreamedJson;
      left.rest.destroy();
      expect(thread.owed).toBe(0);
      expect((await wholeJson(await thread.report(request))).equals(expected)).toBe(true);
      // A small report is one buffer, as before.
      expect(Buffer.isBuffer(await thread.report({ ...request, family: 'general-summary', query: { reportType: 'trial_balance' } }))).toBe(true);
    } finally {
      thread.close();
    }
  }, 60_000);
});
