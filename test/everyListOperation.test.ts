import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SPEC } from '../contract-tests/runner/contractCommand.ts';
import { loadSpecModel, type SpecModel, type SpecOperation } from '../contract-tests/runner/specModel.ts';
import { startTestSandbox, type TestSandbox } from './support/testClient.ts';

/**
 * Every read of every served type against the demo company file: each answers 200 with a body the
 * spec allows, and each filter a type binds (`itemIds`, `accountType`...) keeps exactly what it names.
 * Writes of every type are exercised by the contract runner (test/contract/sandboxContract.test.ts).
 */
let api: TestSandbox;
let spec: SpecModel;
type Obj = Record<string, unknown> & { id: string };

/** Values of required parameters that name one object: bills-to-pay asks for a vendor, here one with bills open. */
const requiredIds: Record<string, string> = {};

beforeAll(async () => {
  api = await startTestSandbox();
  spec = await loadSpecModel(DEFAULT_SPEC);
  // The demo file pays most of its bills: the vendor of one still unpaid has one open.
  const bills = (await api.get('/ledger-desktop/bills', { query: { paymentStatus: 'not_paid' } })).body['data'] as { vendor: { id: string } }[];
  requiredIds['vendorId'] = String(bills[0]?.vendor.id);
}, 60_000);
afterAll(() => api.close());

/** Reads of objects: reports are computed, not read, and test/everyReport.test.ts runs every one. */
const desktopReads = (): SpecOperation[] =>
  spec.operations.filter((op) => op.method === 'GET' && op.path.startsWith('/ledger-desktop/') && !op.path.endsWith('health-check') && !op.path.startsWith('/ledger-desktop/reports/'));
const lists = (): SpecOperation[] => desktopReads().filter((op) => op.list);
const hasParam = (op: SpecOperation, name: string): boolean => op.parameters.some((p) => p.in === 'query' && p.name === name);
/**
 * What every request of a list sends: `status=all` where there is a status, and each required
 * parameter with every value its enum allows (the deleted-objects lists must be told which types),
 * or the id `requiredIds` holds for it.
 */
const statusAll = (op: SpecOperation): Record<string, string | string[]> => {
  const required = op.parameters.filter((p) => p.in === 'query' && p.required);
  const all = required.map((p) => [p.name, requiredIds[p.name] ?? ((p.schema.items?.enum ?? p.schema.enum ?? []) as string[]).map(String)] as const);
  return { ...(hasParam(op, 'status') ? { status: 'all' } : {}), ...Object.fromEntries(all) };
};

/** Lists the demo file leaves empty, and why. */
const EMPTY_IN_THE_DEMO: Readonly<Record<string, string>> = {
  'deletedTransactions.list': "they reach 90 days back on the sandbox's clock, and the demo file's history ends long before it; test/writes.deleted.test.ts deletes and reads them",
  'deletedListObjects.list': 'the same 90 days; test/writes.deleted.test.ts makes list objects inactive and reads them',
};

async function everything(op: SpecOperation, query: Record<string, string | string[]> = {}): Promise<Obj[]> {
  const found: Obj[] = [];
  let cursor: string | undefined;
  do {
    const res = await api.get(op.path, { query: { ...statusAll(op), ...query, ...(cursor ? { cursor } : {}) } });
    expect(res.status, `${op.operationId} ${JSON.stringify(query)}: ${res.text.slice(0, 300)}`).toBe(200);
    found.push(...(res.body['data'] as Obj[]));
    cursor = typeof res.body['nextCursor'] === 'string' ? res.body['nextCursor'] : undefined;
  } while (cursor);
  return found;
}

/** Ids of the objects `obj` refers to anywhere inside it (lines included). */
function referencedIds(value: unknown, out = new Set<string>(), top = true): Set<string> {
  if (Array.isArray(value)) for (const v of value) referencedIds(v, out, false);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (!top && typeof o['id'] === 'string') out.add(o['id']);
    for (const [k, v] of Object.entries(o)) if (k !== 'id') referencedIds(v, out, false);
  }
  return out;
}

/**
 * A row of the cross-type transactions list shows its header only, and its filters match a
 * transaction's lines too (a deposit names its payments' customers on its lines): such a row is
 * checked against the document it stands for, read from its type's own resource.
 */
async function documentRefersTo(op: SpecOperation, row: Obj, id: string): Promise<boolean> {
  if (op.operationId !== 'transactions.list') return false;
  const res = await api.get(`/ledger-desktop/${String(row['transactionType']).replaceAll('_', '-')}s/${String(row['transactionId'])}`);
  return res.status === 200 && referencedIds(res.body).has(id);
}

const CURRENCY_GAP =
  "a sale, payment or bill has no currency of its own to set (it is its customer's or vendor's: no request takes a currencyId) and the demo company keeps one currency; the filter is the same reference filter the other lists prove";

/** Filters this test cannot reach, and why. */
const KNOWN_GAPS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    [
      'invoices',
      'receivePayments',
      'salesReceipts',
      'creditMemos',
      'estimates',
      'salesOrders',
      'bills',
      'vendorCredits',
      'itemReceipts',
      'checks',
      'creditCardCharges',
      'creditCardCredits',
      'purchaseOrders',
      'journalEntries',
      'billCheckPayments',
      'billCreditCardPayments',
      'creditCardRefunds',
    ].map((list) => [`${list}.list currencyIds`, CURRENCY_GAP]),
  ),
  'billsToPay.list currencyIds': CURRENCY_GAP,
  'transactions.list currencyIds': CURRENCY_GAP,
  ...Object.fromEntries(
    ['itemIds', 'classIds'].map((param) => [
      `transactions.list ${param}`,
      "a row of the transactions list shows no item or class, and the list has no update to make one refer: the filter reaches them through each transaction's own references; test/transactions.test.ts proves both",
    ]),
  ),
  'journalEntries.list entityIds': "the demo file's journal entries are month-end adjustments that name no one, and an update sets an entity only inside `lines`; test/writes.journalAndTransfers.test.ts proves it",
  'purchaseOrders.list accountIds': "a purchase order names no account: the filter reaches the accounts through its lines' items, as estimates' does; test/writes.purchaseOrders.test.ts proves it",
  'estimates.list accountIds': "an estimate names no account: the filter reaches the accounts through its lines' items, which a look at the estimate cannot see; test/writes.sales.test.ts proves it",
};

/** Updates the first object to refer to an object of the filter's type; returns both ids. */
async function referToOne(op: SpecOperation, param: string, all: Obj[]): Promise<{ object: string; target: string } | undefined> {
  const field = param.replace(/Ids$/, 'Id');
  const update = spec.operations.find((o) => o.method === 'POST' && o.path === `${op.path}/{id}`);
  const targets = update?.requestBody?.properties?.[field]?.['x-references'] as string[] | undefined;
  const targetList = lists().find((l) => targets?.some((t) => l.path.endsWith(`/${t}`)));
  const object = all[0];
  const target = targetList ? (await everything(targetList))[0] : undefined;
  if (!update || !object || !target) return undefined;
  const res = await api.post(update.path.replace('{id}', object.id), { revisionNumber: object['revisionNumber'], [field]: target.id });
  return res.status === 200 ? { object: object.id, target: target.id } : undefined;
}

describe('every read of every served type', () => {
  it('answers 200 with a body the spec allows, for every list, retrieve and single object', async () => {
    const problems: string[] = [];
    for (const op of desktopReads()) {
      let path = op.path;
      if (path.includes('{id}')) {
        const listOp = lists().find((l) => l.path === path.replace('/{id}', ''));
        const first = listOp ? (await everything(listOp))[0] : undefined;
        const reason = listOp ? EMPTY_IN_THE_DEMO[listOp.operationId] : undefined;
        if (!first && reason) console.info(`not retrieved: ${op.operationId}: ${reason}`);
        if (!first) {
          if (!reason) problems.push(`${op.operationId}: the demo file has no object to retrieve`);
          continue;
        }
        path = path.replace('{id}', encodeURIComponent(String(first[listOp?.identity ?? 'id'])));
      }
      const res = await api.get(path, { query: op.list ? statusAll(op) : {} });
      if (res.status !== 200) problems.push(`${op.operationId}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
      else if (!op.validateResponse?.(res.body)) problems.push(`${op.operationId}: ${JSON.stringify(op.validateResponse?.errors?.slice(0, 2))}`);
      const empty = op.list && res.status === 200 && (res.body['data'] as unknown[]).length === 0;
      if (empty && EMPTY_IN_THE_DEMO[op.operationId]) console.info(`empty: ${op.operationId}: ${EMPTY_IN_THE_DEMO[op.operationId]}`);
      else if (empty) problems.push(`${op.operationId}: the demo file has none`);
    }
    expect(problems).toEqual([]);
  });

  it('leaves out every line and group of lines with includeLineItems=false, and nothing else, on every list that takes it', async () => {
    // A line or a group of lines is an object whose objectType ends in _line or _line_group: read from the answers, not the simulator's shapes.
    const isLines = (value: unknown): boolean =>
      Array.isArray(value) && value.some((v) => typeof v === 'object' && v !== null && /_line(_group)?$/.test(String((v as Obj)['objectType'])));
    const checked: string[] = [];
    for (const op of lists().filter((o) => hasParam(o, 'includeLineItems'))) {
      const full = new Map((await everything(op)).map((o) => [o.id, o]));
      const bare = await everything(op, { includeLineItems: 'false' });
      expect(bare.map((o) => o.id).sort(), op.operationId).toEqual([...full.keys()].sort());
      let emptied = 0;
      for (const object of bare) {
        const whole: Record<string, unknown> = full.get(object.id) ?? {};
        const lineFields = Object.keys(whole).filter((k) => isLines(whole[k]));
        emptied += lineFields.length;
        expect(object, `${op.operationId} ${object.id}`).toEqual({ ...whole, ...Object.fromEntries(lineFields.map((k) => [k, []])) });
      }
      if (emptied > 0) checked.push(op.operationId);
    }
    // Every kind of lines is met: sales (lines, lineGroups), purchases (expense, item and item group lines), journal entries (debit, credit).
    expect(checked).toEqual(expect.arrayContaining(['invoices.list', 'bills.list', 'checks.list', 'journalEntries.list', 'deposits.list']));
  });

  it('keeps exactly the objects that refer to the ids of every *Ids filter', async () => {
    const problems: string[] = [];
    let checked = 0;
    let total = 0;
    let gaps = 0;
    for (const op of lists()) {
      const all = await everything(op);
      for (const param of op.parameters.filter((p) => p.in === 'query' && p.name.endsWith('Ids') && p.name !== 'ids')) {
        total += 1;
        // An id some object refers to, and that names the filter's type: try ids referenced until one filters.
        const candidates = [...new Set(all.flatMap((o) => [...referencedIds(o)]))];
        let done = false;
        for (const id of candidates.slice(0, 400)) {
          const res = await api.get(op.path, { query: { ...statusAll(op), [param.name]: [id] } });
          if (res.status !== 200) continue;
          const got = res.body['data'] as Obj[];
          if (got.length === 0) continue;
          const shown = got.filter((o) => referencedIds(o).has(id));
          let stray = 0;
          for (const o of got) if (!shown.includes(o) && !(await documentRefersTo(op, o, id))) stray += 1;
          if (stray > 0) problems.push(`${op.operationId} ${param.name}=${id}: ${stray} objects that do not refer to it`);
          const want = all.filter((o) => referencedIds(o).has(id)).map((o) => o.id);
          const missing = want.filter((w) => !got.some((g) => g.id === w));
          // Only the field the filter is bound to counts, so the wanted set can be larger; never smaller.
          if (shown.length > want.length || missing.length === want.length) problems.push(`${op.operationId} ${param.name}=${id}: got ${got.length} of ${want.length} referring objects`);
          done = true;
          checked += 1;
          break;
        }
        if (!done) {
          // The demo file refers to none (a one-currency company, items without classes): make one object refer.
          const made = await referToOne(op, param.name, all);
          const gap = KNOWN_GAPS[`${op.operationId} ${param.name}`];
          if (!made && gap) {
            gaps += 1;
            console.info(`not checked: ${op.operationId} ${param.name}: ${gap}`);
          }
          else if (!made) problems.push(`${op.operationId} ${param.name}: no referenced id of the demo file selects anything, and no object could be made to refer`);
          else {
            const got = await everything(op, { [param.name]: [made.target] });
            if (got.map((g) => g.id).join() !== made.object) problems.push(`${op.operationId} ${param.name}=${made.target}: ${got.length} objects, not just ${made.object}`);
            checked += 1;
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBe(total - gaps);
    expect(total).toBeGreaterThan(15);
  });

  it('keeps exactly the objects of each value of every enum filter besides status', async () => {
    const problems: string[] = [];
    for (const op of lists()) {
      const all = await everything(op);
      for (const param of op.parameters.filter((p) => p.in === 'query' && p.name !== 'status' && Array.isArray(p.schema.enum))) {
        for (const value of (param.schema.enum ?? []) as string[]) {
          const got = await everything(op, { [param.name]: value });
          if (got.some((g) => !all.some((a) => a.id === g.id))) problems.push(`${op.operationId} ${param.name}=${value}: objects outside the list`);
          if (all.some((a) => param.name in a)) {
            const want = all.filter((a) => a[param.name] === value).map((a) => a.id).sort();
            if (JSON.stringify(got.map((g) => g.id).sort()) !== JSON.stringify(want)) problems.push(`${op.operationId} ${param.name}=${value}: ${got.length} objects, ${want.length} have it`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
