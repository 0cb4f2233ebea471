import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../contract-tests/runner/rng.ts';
import { startTestSandbox, type TestSandbox } from './support/testClient.ts';

/**
 * Random passthrough bodies made of the desktop's own element names and of junk, nested and mixed:
 * each is answered by the desktop (200 with its response element and a status), refused as a
 * request it cannot parse (502, HRESULT 0x80040400) or refused by the Service (400), never a 5xx
 * and never a logged fault. PASSTHROUGH_FUZZ sets how many (default 300), PASSTHROUGH_SEED the seed.
 */
const COUNT = Number(process.env['PASSTHROUGH_FUZZ'] ?? 300);
const SEED = Number(process.env['PASSTHROUGH_SEED'] ?? 40);

const REQUESTS = [
  'CustomerQueryRq', 'InvoiceQueryRq', 'ItemInventoryQueryRq', 'BudgetQueryRq', 'PaycheckQueryRq', 'CompanyQueryRq', 'AccountQueryRq', 'CheckQueryRq',
  'TransactionQueryRq', 'ItemQueryRq', 'EntityQueryRq', 'TermsQueryRq', 'TxnDeletedQueryRq', 'ListDeletedQueryRq', 'BillToPayQueryRq', 'ReceivePaymentToDepositQueryRq',
  'CustomerAddRq', 'InvoiceAddRq', 'CustomerModRq', 'BillModRq', 'TxnDelRq', 'TxnVoidRq', 'ListDelRq', 'BudgetAddRq', 'onError', 'SpaceshipQueryRq', 'QueryRq', 'Rq', '', '__proto__', 'toString', 'constructor', 'hasOwnProperty',
];
const ELEMENTS = [
  'ListID', 'TxnID', 'FullName', 'RefNumber', 'MaxReturned', 'ActiveStatus', 'FromModifiedDate', 'ToModifiedDate', 'NameFilter', 'NameRangeFilter',
  'TxnDateRangeFilter', 'ModifiedDateRangeFilter', 'EntityFilter', 'AccountFilter', 'ClassFilter', 'TotalBalanceFilter', 'RefNumberFilter', 'PaidStatus',
  'IncludeLineItems', 'IncludeLinkedTxns', 'IncludeRetElement', 'OwnerID', 'iterator', 'iteratorID', 'metaData', 'requestID', 'MatchCriterion', 'Name',
  'FromTxnDate', 'ToTxnDate', 'Operator', 'Amount', 'CustomerAdd', 'InvoiceAdd', 'CustomerMod', 'EditSequence', 'CustomerRef', 'InvoiceLineAdd', 'ItemRef',
  'Quantity', 'Rate', 'TxnDelType', 'TxnVoidType', 'ListDelType', 'DeletedDateRangeFilter', 'FromDeletedDate', 'ToDeletedDate', 'PayeeEntityRef', 'APAccountRef', 'DueDate',
  'TransactionTypeFilter', 'TxnTypeFilter', 'TransactionDetailLevelFilter', 'TransactionEntityFilter', 'TransactionModifiedDateRangeFilter', 'TransactionPaidStatusFilter', 'BillAddress', 'Addr1', 'Memo',
  'DateMacro', 'ListIDWithChildren', 'FullNameWithChildren', 'LinkToTxnID', 'SetCredit', 'CreditTxnID', 'AppliedToTxnAdd', 'PaymentAmount', 'constructor', '__proto__', 'toString', 'Colour', '',
];
const SCALARS: unknown[] = [
  '', 'true', 'false', '0', '-1', '7', '1e309', 'NaN', 'All', 'ActiveOnly', 'Start', 'Continue', 'Contains', 'GreaterThan', 'Invoice', 'Customer',
  '2024-01-01', '2024-13-45', '9999-99-99T99:99:99', 'yesterday', '80000001-1700000000', 'not-an-id', '{00000000-0000-4000-8000-000000000000}',
  'MetaDataOnly', 'MetaDataAndResponseData', 'NoMetaData', 'ThisMonth', 'LastFiscalYear', 'stopOnError', 'continueOnError', 'rollbackOnError',
  'x'.repeat(5000), '\u0000', '💥', 'toString', 'constructor', '__proto__', 'hasOwnProperty', 0, 1, -1, 3.5, 1e308, true, false, null,
];

function value(rng: Rng, depth: number): unknown {
  const roll = rng.next();
  if (depth > 4 || roll < 0.55) return rng.pick(SCALARS);
  if (roll < 0.75) return Array.from({ length: rng.int(0, 3) }, () => value(rng, depth + 1));
  return element(rng, depth + 1);
}

function element(rng: Rng, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = rng.int(0, 5); i > 0; i--) Object.defineProperty(out, rng.pick(ELEMENTS), { value: value(rng, depth), enumerable: true, writable: true, configurable: true });
  return out;
}

function body(rng: Rng): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = rng.next() < 0.9 ? 1 : rng.int(0, 3); i > 0; i--) Object.defineProperty(out, rng.pick(REQUESTS), { value: rng.next() < 0.9 ? element(rng, 0) : value(rng, 0), enumerable: true, writable: true, configurable: true });
  return out;
}

/** A leaf of a valid request replaced by a random value, or a junk element added beside it. */
function mutated(rng: Rng, valid: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(valid);
  const holders: Record<string, unknown>[] = [];
  const collect = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    if (!Array.isArray(node)) holders.push(node as Record<string, unknown>);
    for (const child of Object.values(node)) collect(child);
  };
  collect(copy);
  const holder = rng.pick(holders);
  const keys = Object.keys(holder);
  if (keys.length > 0 && rng.next() < 0.7) holder[rng.pick(keys)] = value(rng, 3);
  else Object.defineProperty(holder, rng.pick(ELEMENTS), { value: value(rng, 3), enumerable: true, writable: true, configurable: true });
  return copy;
}

let api: TestSandbox;
let valid: Record<string, unknown>[];
beforeAll(async () => {
  api = await startTestSandbox();
  const customer = ((await api.get('/ledger-desktop/customers', { query: { limit: 1 } })).body['data'] as Record<string, unknown>[])[0] ?? {};
  const item = ((await api.get('/ledger-desktop/service-items', { query: { limit: 1 } })).body['data'] as Record<string, unknown>[])[0] ?? {};
  valid = [
    { InvoiceAddRq: { InvoiceAdd: { CustomerRef: { ListID: customer['id'] }, TxnDate: '2026-03-01', BillAddress: { Addr1: '1 Way' }, InvoiceLineAdd: [{ ItemRef: { FullName: item['fullName'] }, Quantity: '2', Rate: '10.00' }] } } },
    { CustomerModRq: { CustomerMod: { ListID: customer['id'], EditSequence: customer['revisionNumber'], Phone: '555-0101' } } },
    { InvoiceQueryRq: { MaxReturned: '3', TxnDateRangeFilter: { FromTxnDate: '2024-01-01', ToTxnDate: '2024-12-31' }, EntityFilter: { FullName: customer['fullName'] }, IncludeLineItems: 'true' } },
    { CustomerQueryRq: { iterator: 'Start', MaxReturned: '2', ActiveStatus: 'All', NameFilter: { MatchCriterion: 'Contains', Name: 'a' } } },
    { TxnVoidRq: { TxnVoidType: 'Invoice', TxnID: '80000001-1700000000' } },
    {
      onError: 'continueOnError',
      CustomerQueryRq: { metaData: 'MetaDataAndResponseData', MaxReturned: '2' },
      InvoiceQueryRq: [{ TxnDateRangeFilter: { DateMacro: 'ThisFiscalYear' } }, { EntityFilter: { FullNameWithChildren: customer['fullName'] } }],
      ItemQueryRq: { iterator: 'Start', MaxReturned: '2' },
    },
    { ListDelRq: { ListDelType: 'Customer', ListID: '80000001-1700000000' } },
  ];
});
afterAll(() => api.close());

describe(`passthrough under random bodies (seed ${SEED}, ${COUNT} bodies)`, () => {
  it('answers each with a desktop response, a parse error or a 400, never a 5xx or a logged fault', { timeout: 120_000 }, async () => {
    const rng = new Rng(SEED);
    const path = `/end-users/${api.endUser}/passthrough/ledger_desktop`;
    const wrong: string[] = [];
    const seen = new Map<number, number>();
    for (let i = 0; i < COUNT; i++) {
      const sent = rng.next() < 0.4 ? mutated(rng, rng.pick(valid)) : body(rng);
      const res = await api.post(path, sent, { endUser: null }).catch((error: unknown) => {
        throw new Error(`${JSON.stringify(sent).slice(0, 500)}: ${String(error)}\n${api.logLines.filter((l) => l.includes('"level":"error"')).join('\n').slice(0, 1500)}`);
      });
      seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
      // A message set answers each request it ran, in its request's element (an array for an array of them).
      const requests = Object.keys(sent).filter((k) => k !== 'onError');
      const answered = Object.entries(res.body);
      const ok =
        (res.status === 200 &&
          answered.length > 0 &&
          answered.every(([rs, v]) => requests.includes(rs.replace(/Rs$/, 'Rq')) && (Array.isArray(v) ? v : [v]).every((r) => typeof (r as Record<string, unknown> | undefined)?.['statusCode'] === 'string'))) ||
        (res.status === 502 && res.body.error?.['integrationCode'] === '0x80040400') ||
        (res.status === 400 && res.body.error?.['code'] === 'INVALID_REQUEST');
      if (!ok) wrong.push(`${JSON.stringify(sent).slice(0, 300)} -> ${res.status} ${res.text.slice(0, 300)}`);
    }
    expect(wrong).toEqual([]);
    // The mix reaches the desktop and its refusals both, or it proves little.
    expect(seen.get(200) ?? 0).toBeGreaterThan(10);
    expect(seen.get(502) ?? 0).toBeGreaterThan(COUNT / 3);
    expect(api.logLines.filter((line) => line.includes('"level":"error"'))).toEqual([]);
    expect((await api.get('/ledger-desktop/health-check')).status).toBe(200);
  });
});
