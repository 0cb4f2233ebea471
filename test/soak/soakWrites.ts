import type { JsonObject } from '../../simulator/desktop/values/json.ts';
import { PARTYLESS_SHAPES, type OpenLedgerTargets } from '../support/partylessPostings.ts';
import type { SoakAnswer, SoakTarget } from './soakClient.ts';

/** Where each object type is written over HTTP. */
export const PATHS: Readonly<Record<string, string>> = {
  ldg_invoice: 'invoices',
  ldg_receive_payment: 'receive-payments',
  ldg_credit_memo: 'credit-memos',
  ldg_bill: 'bills',
  ldg_bill_check_payment: 'bill-check-payments',
  ldg_deposit: 'deposits',
  ldg_journal_entry: 'journal-entries',
};

/** What the company file holds that writes name: read once, ids stay the same across restarts. */
export interface SoakWorld {
  targets: OpenLedgerTargets;
  customers: string[];
  vendors: string[];
  items: string[];
}

export async function soakWorld(target: SoakTarget): Promise<SoakWorld> {
  const accounts = (await target.read('/ledger-desktop/accounts'))['data'] as JsonObject[];
  const firstId = (rows: JsonObject[]): string[] => rows.filter((r) => r['isActive'] !== false).map((r) => String(r['id']));
  const customers = firstId((await target.read('/ledger-desktop/customers?limit=50'))['data'] as JsonObject[]);
  const vendors = firstId((await target.read('/ledger-desktop/vendors?limit=50'))['data'] as JsonObject[]);
  const items = firstId((await target.read('/ledger-desktop/service-items?limit=50'))['data'] as JsonObject[]);
  const account = (type: string): string => {
    const found = accounts.find((a) => a['accountType'] === type && a['isActive'] !== false);
    if (!found) throw new Error(`the company file has no active ${type} account`);
    return String(found['id']);
  };
  return { targets: { account, customer: customers[0] ?? '', vendor: vendors[0] ?? '', item: items[0] ?? '', openBill: undefined }, customers, vendors, items };
}

/** What a client's writes are judged by: a plain write may be refused by the desktop (a race), a hostile one must be. */
export interface SoakWrite {
  name: string;
  /** The desktop status a hostile write must be refused with; undefined for a plain write. */
  refusedWith?: number;
  run(target: SoakTarget, world: SoakWorld, r: (n: number) => number): Promise<SoakAnswer | undefined>;
}

const DAY = '2026-11-20';
const pick = <T>(items: readonly T[], r: (n: number) => number): T | undefined => items[r(items.length)];
const amount = (r: (n: number) => number): string => `${10 + r(400)}.${String(r(100)).padStart(2, '0')}`;
const create = (target: SoakTarget, type: string, body: JsonObject): Promise<SoakAnswer> => target.request('POST', `/ledger-desktop/${PATHS[type] ?? type}`, body);

/** An open document of a list, to pay or to remove: the first page of those not paid. */
async function openOne(target: SoakTarget, list: string, r: (n: number) => number): Promise<JsonObject | undefined> {
  const answer = await target.request('GET', `/ledger-desktop/${list}?paymentStatus=not_paid&limit=20`);
  if ('lost' in answer || answer.status !== 200) return undefined;
  return pick(answer.body['data'] as JsonObject[], r);
}

const refOf = (value: unknown): string => String((value as JsonObject | null)?.['id'] ?? '');

export const SOAK_WRITES: readonly SoakWrite[] = [
  { name: 'invoice', run: (t, w, r) => create(t, 'ldg_invoice', { customerId: pick(w.customers, r) ?? '', transactionDate: DAY, lines: [{ itemId: pick(w.items, r) ?? '', quantity: 1 + r(4), rate: amount(r) }] }) },
  { name: 'credit memo', run: (t, w, r) => create(t, 'ldg_credit_memo', { customerId: pick(w.customers, r) ?? '', transactionDate: DAY, lines: [{ itemId: pick(w.items, r) ?? '', quantity: 1, rate: amount(r) }] }) },
  {
    name: 'payment',
    async run(t, _w, r) {
      const invoice = await openOne(t, 'invoices', r);
      if (!invoice) return undefined;
      return create(t, 'ldg_receive_payment', { customerId: refOf(invoice['customer']), transactionDate: DAY, totalAmount: '5.00', applyToTransactions: [{ transactionId: String(invoice['id']), paymentAmount: '5.00' }] });
    },
  },
  { name: 'bill', run: (t, w, r) => create(t, 'ldg_bill', { vendorId: pick(w.vendors, r) ?? '', transactionDate: DAY, expenseLines: [{ accountId: w.targets.account('expense'), amount: amount(r) }] }) },
  {
    name: 'bill payment',
    async run(t, w, r) {
      const bill = await openOne(t, 'bills', r);
      if (!bill) return undefined;
      return create(t, 'ldg_bill_check_payment', { vendorId: refOf(bill['vendor']), transactionDate: DAY, bankAccountId: w.targets.account('bank'), applyToTransactions: [{ transactionId: String(bill['id']), paymentAmount: '5.00' }] });
    },
  },
  {
    name: 'deposit',
    run: (t, w, r) => {
      // Half the time a line on receivables naming its customer: a credit on the customer's side.
      const line: JsonObject = r(2) === 0 ? { accountId: w.targets.account('equity'), amount: amount(r) } : { accountId: w.targets.account('accounts_receivable'), entityId: pick(w.customers, r) ?? '', amount: amount(r) };
      return create(t, 'ldg_deposit', { transactionDate: DAY, depositToAccountId: w.targets.account('bank'), lines: [line] });
    },
  },
  {
    name: 'journal entry',
    run: (t, w, r) => {
      const cents = amount(r);
      const debit: JsonObject = r(2) === 0 ? { accountId: w.targets.account('accounts_receivable'), entityId: pick(w.customers, r) ?? '', amount: cents } : { accountId: w.targets.account('accounts_payable'), entityId: pick(w.vendors, r) ?? '', amount: cents };
      return create(t, 'ldg_journal_entry', { transactionDate: DAY, debitLines: [debit], creditLines: [{ accountId: w.targets.account('equity'), amount: cents }] });
    },
  },
  ...(['invoices', 'bills'] as const).flatMap((list): SoakWrite[] => [
    {
      name: `void one of the ${list}`,
      async run(t, _w, r) {
        const doc = await openOne(t, list, r);
        return doc ? t.request('POST', `/ledger-desktop/${list}/${String(doc['id'])}/void`) : undefined;
      },
    },
    {
      name: `delete one of the ${list}`,
      async run(t, _w, r) {
        const doc = await openOne(t, list, r);
        return doc ? t.request('DELETE', `/ledger-desktop/${list}/${String(doc['id'])}`) : undefined;
      },
    },
  ]),
  ...PARTYLESS_SHAPES.filter((s) => s.type !== 'ldg_bill_check_payment').map(
    (shape): SoakWrite => ({ name: `hostile: ${shape.name}`, refusedWith: shape.status, run: (t, w) => create(t, shape.type, shape.body(w.targets)) }),
  ),
  { name: 'hostile: an invoice of 9999-12-31', refusedWith: 3020, run: (t, w) => create(t, 'ldg_invoice', { customerId: w.targets.customer, transactionDate: '9999-12-31', lines: [{ itemId: w.targets.item, quantity: 1, rate: '1.00' }] }) },
];
