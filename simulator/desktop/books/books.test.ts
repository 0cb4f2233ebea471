import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompanyFile } from '../../fixtures/seedCompanyFile.ts';
import { indexOperations } from '../../spec/indexOperations.ts';
import { loadSpec } from '../../spec/loadSpec.ts';
import { SimClock } from '../clock.ts';
import type { CompanyFile } from '../CompanyFile.ts';
import { parseDoc } from '../CompanyFileStore.ts';
import { DesktopError } from '../DesktopError.ts';
import { DesktopHost } from '../DesktopHost.ts';
import { buildTypeRegistry } from '../engine/checkTypeTable.ts';
import type { TypeRegistry } from '../engine/TypeRegistry.ts';
import { isJsonObject, type JsonObject } from '../json.ts';
import { fromCents, toCents } from '../money.ts';
import { OPENING_BALANCE_META } from '../types/rules/balances.ts';
import { TYPE_TABLE } from '../types/typeTable.ts';
import { paymentsToDeposit } from '../types/rules/depositRules.ts';
import { deleteTransaction, voidTransaction } from './removeTransaction.ts';
import { normalSign } from './specialAccounts.ts';

let types: TypeRegistry;
const dirs: string[] = [];
beforeAll(async () => {
  types = buildTypeRegistry(TYPE_TABLE, indexOperations(await loadSpec()));
});
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function seeded(seed: number): CompanyFile {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-books-'));
  dirs.push(dir);
  const host = new DesktopHost({ dataDir: dir, clock: new SimClock(() => Date.UTC(2025, 6, 1)), types });
  const file = host.application('c').file;
  seedCompanyFile(file, { seed, sizes: { customers: 25, invoices: 60, 'sales-receipts': 10, 'credit-memos': 8, estimates: 4, 'sales-orders': 4, bills: 6, 'vendor-credits': 3, 'item-receipts': 3 } });
  return file;
}

function all(file: CompanyFile, type: string): JsonObject[] {
  return (file.store.statement('SELECT doc FROM objects WHERE type = ? ORDER BY seq').pluck().all(type) as Buffer[]).map((d) => parseDoc<JsonObject>(d));
}

const cents = (value: unknown): number => toCents(typeof value === 'string' ? value : null);
const idOf = (ref: unknown): string | null => (isJsonObject(ref) && typeof ref['id'] === 'string' ? ref['id'] : null);
const opening = (file: CompanyFile, id: string): number => Number(file.store.getMeta(`${OPENING_BALANCE_META}${id}`) ?? 0);

/** Every rule the books must keep, stated from the tables and the stored objects; returns what is broken. */
function brokenInvariants(file: CompanyFile): string[] {
  const broken: string[] = [];
  const db = file.store.db;
  const total = Number(db.prepare('SELECT COALESCE(SUM(cents), 0) FROM postings').pluck().get());
  if (total !== 0) broken.push(`all postings sum to ${total}, not 0`);
  for (const row of db.prepare('SELECT txn_id, SUM(cents) AS s FROM postings GROUP BY txn_id HAVING s != 0').all() as { txn_id: string; s: number }[]) {
    broken.push(`transaction ${row.txn_id} posts ${row.s} out of balance`);
  }
  const accounts = all(file, 'ldg_account');
  for (const account of accounts) {
    const id = String(account['id']);
    const own = opening(file, id) + normalSign(account['accountType']) * file.store.ledger.sumOfAccount(id);
    if (cents(account['balance']) !== own) broken.push(`account ${String(account['fullName'])}: balance ${String(account['balance'])}, postings say ${fromCents(own)}`);
    const children = accounts.filter((a) => idOf(a['parent']) === id).reduce((s, a) => s + cents(a['totalBalance']), 0);
    if (cents(account['totalBalance']) !== own + children) broken.push(`account ${String(account['fullName'])}: total balance ${String(account['totalBalance'])}`);
  }
  const invoices = all(file, 'ldg_invoice');
  const payments = all(file, 'ldg_receive_payment');
  for (const invoice of invoices) {
    const id = String(invoice['id']);
    const applied = file.store.ledger.linksTo(id).reduce((s, l) => s + l.cents + l.discountCents, 0);
    const due = cents(invoice['subtotal']) + cents(invoice['salesTaxTotal']) - applied;
    if (cents(invoice['balanceRemaining']) !== due) broken.push(`invoice ${id}: balance ${String(invoice['balanceRemaining'])}, total less payments is ${fromCents(due)}`);
    if (invoice['isPaid'] !== due <= 0) broken.push(`invoice ${id}: isPaid ${String(invoice['isPaid'])} with ${fromCents(due)} open`);
    const linked = file.retrieve('ldg_invoice', id)['linkedTransactions'];
    const sources = file.store.ledger.ownedBy(id).filter((l) => l.fromType === 'ldg_invoice').length;
    if (!Array.isArray(linked) || linked.length !== file.store.ledger.linksTo(id).length + sources) broken.push(`invoice ${id}: linkedTransactions do not list every payment applied and every order it came from`);
  }
  for (const payment of payments) {
    const applied = file.store.ledger.linksFrom(String(payment['id'])).reduce((s, l) => s + l.cents, 0);
    if (cents(payment['unusedPayment']) !== cents(payment['totalAmount']) - applied) broken.push(`payment ${String(payment['id'])}: unusedPayment ${String(payment['unusedPayment'])}`);
  }
  const credits = all(file, 'ldg_credit_memo');
  for (const memo of credits) {
    const used = file.store.ledger.linksFrom(String(memo['id'])).reduce((s, l) => s + l.cents, 0);
    if (cents(memo['creditRemaining']) !== cents(memo['totalAmount']) - used) broken.push(`credit memo ${String(memo['id'])}: creditRemaining ${String(memo['creditRemaining'])}`);
  }
  // A sales order line has invoiced what the invoice lines made from it hold, and the order is all invoiced when every line is.
  const lineLinks = invoices.flatMap((i) => file.store.ledger.lineLinksOf(String(i['id'])));
  for (const order of all(file, 'ldg_sales_order')) {
    const lines = order['lines'] as JsonObject[];
    for (const line of lines) {
      const taken = lineLinks.filter((l) => l.sourceLineId === line['id']).reduce((s, l) => s + l.quantity, 0);
      if (line['quantityInvoiced'] !== taken) broken.push(`sales order ${String(order['id'])} line ${String(line['id'])}: quantityInvoiced ${String(line['quantityInvoiced'])}, invoices hold ${taken}`);
    }
    const full = lines.length > 0 && lines.every((l) => l['isManuallyClosed'] === true || Number(l['quantityInvoiced']) >= Number(l['quantity'] ?? 1));
    if (order['isFullyInvoiced'] !== full) broken.push(`sales order ${String(order['id'])}: isFullyInvoiced ${String(order['isFullyInvoiced'])}`);
  }
  // Undeposited funds hold exactly the payments and cash sales that wait for a deposit; a deposit adds up its lines.
  const waiting = paymentsToDeposit(file.context('ldg_deposit')).reduce((s, w) => s + cents(w['amount']), 0);
  const funds = accounts.find((a) => a['specialAccountType'] === 'undeposited_funds');
  if (funds && cents(funds['balance']) - opening(file, String(funds['id'])) !== waiting) broken.push(`undeposited funds ${String(funds['balance'])}, payments waiting ${fromCents(waiting)}`);
  for (const deposit of all(file, 'ldg_deposit')) {
    const lines = (deposit['lines'] as JsonObject[]).reduce((s, l) => s + cents(l['amount']), 0);
    const kept = isJsonObject(deposit['cashBack']) ? cents(deposit['cashBack']['amount']) : 0;
    if (cents(deposit['totalAmount']) !== lines - kept) broken.push(`deposit ${String(deposit['id'])}: total ${String(deposit['totalAmount'])}, lines less cash back ${fromCents(lines - kept)}`);
  }
  // A vendor's balance: its opening balance and what its bills leave open; and so its payable postings.
  const bills = all(file, 'ldg_bill');
  const receipts = all(file, 'ldg_item_receipt');
  const vendorCredits = all(file, 'ldg_vendor_credit');
  for (const vendor of all(file, 'ldg_vendor')) {
    const id = String(vendor['id']);
    const theirs = (docs: JsonObject[], field: string): number => docs.filter((d) => idOf(d['vendor']) === id).reduce((s, d) => s + cents(d[field]), 0);
    const want = opening(file, id) + theirs(bills, 'openAmount') + theirs(receipts, 'totalAmount') - theirs(vendorCredits, 'openAmount');
    if (cents(vendor['balance']) !== want) broken.push(`vendor ${String(vendor['name'])}: balance ${String(vendor['balance'])}, open bills, receipts and credits say ${fromCents(want)}`);
    if (opening(file, id) - file.store.ledger.sumOfEntity(id, 'payable') !== want) broken.push(`vendor ${String(vendor['name'])}: payable postings disagree`);
  }
  // A customer's own balance: its opening balance, its open invoices, less its unused payments and credits.
  for (const customer of all(file, 'ldg_customer')) {
    const id = String(customer['id']);
    const mine = (docs: JsonObject[], field: string): number => docs.filter((d) => idOf(d['customer']) === id).reduce((s, d) => s + cents(d[field]), 0);
    const want = opening(file, id) + mine(invoices, 'balanceRemaining') - mine(payments, 'unusedPayment') - mine(credits, 'creditRemaining');
    if (cents(customer['balance']) !== want) broken.push(`customer ${String(customer['fullName'])}: balance ${String(customer['balance'])}, open transactions say ${fromCents(want)}`);
    if (file.store.ledger.sumOfEntity(id, 'receivable') + opening(file, id) !== want) broken.push(`customer ${String(customer['fullName'])}: receivable postings disagree`);
  }
  return broken;
}

/** A small deterministic generator, so a failing sequence can be replayed by its seed. */
function random(seed: number): (n: number) => number {
  let state = seed >>> 0;
  // mulberry32: the low bits of a plain LCG repeat too soon to choose among eight kinds of write.
  return (n) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}

function pick<T>(items: readonly T[], r: (n: number) => number): T | undefined {
  return items.length === 0 ? undefined : items[r(items.length)];
}

type Write = (file: CompanyFile, r: (n: number) => number) => string;

const cheque = (r: (n: number) => number): string => `${10 + r(300)}.${String(r(100)).padStart(2, '0')}`;
const randomLines = (file: CompanyFile, r: (n: number) => number): JsonObject[] => {
  const items = all(file, 'ldg_service_item').filter((i) => i['isActive'] === true);
  return Array.from({ length: 1 + r(3) }, () => ({ itemId: String(pick(items, r)?.['id']), quantity: 1 + r(5), rate: cheque(r) }));
};
const someCustomer = (file: CompanyFile, r: (n: number) => number): string => String(pick(all(file, 'ldg_customer').filter((c) => c['isActive'] === true), r)?.['id']);

/** Removes one transaction of the type, by delete or void as `how` says. */
function removeOne(type: string, how: 'delete' | 'void'): Write {
  return (file, r) => {
    const doc = pick(all(file, type), r);
    if (!doc) return `no ${type}`;
    (how === 'delete' ? deleteTransaction : voidTransaction)(file, type, String(doc['id']));
    return `${type} ${how === 'delete' ? 'deleted' : 'voided'}`;
  };
}

/** Every kind of write the sequences draw from; refusals by the desktop are part of the game. */
const WRITES: readonly Write[] = [
  (file, r) => {
    file.add('ldg_invoice', { customerId: someCustomer(file, r), transactionDate: '2025-06-20', lines: randomLines(file, r) });
    return 'invoice added';
  },
  (file, r) => {
    const invoice = pick(all(file, 'ldg_invoice').filter((i) => cents(i['balanceRemaining']) > 0), r);
    if (!invoice) return 'nothing open';
    const share = 1 + r(cents(invoice['balanceRemaining']));
    const extra = r(3) === 0 ? r(5000) : 0;
    file.add('ldg_receive_payment', {
      customerId: String(idOf(invoice['customer'])),
      transactionDate: '2025-06-25',
      totalAmount: fromCents(share + extra),
      applyToTransactions: [{ transactionId: String(invoice['id']), paymentAmount: fromCents(share) }],
    });
    return 'payment added';
  },
  (file, r) => {
    const invoice = pick(all(file, 'ldg_invoice'), r);
    if (!invoice) return 'no invoice';
    const lines = (invoice['lines'] as JsonObject[]).map((l, i): JsonObject => (i === 0 ? { id: String(l['id']), quantity: 1 + r(30) } : { id: String(l['id']) }));
    file.modify('ldg_invoice', String(invoice['id']), { revisionNumber: String(invoice['revisionNumber']), lines });
    return 'invoice changed';
  },
  (file, r) => {
    const payment = pick(all(file, 'ldg_receive_payment'), r);
    if (!payment) return 'no payment';
    file.modify('ldg_receive_payment', String(payment['id']), { revisionNumber: String(payment['revisionNumber']), totalAmount: fromCents(cents(payment['totalAmount']) + r(2000)) });
    return 'payment changed';
  },
  removeOne('ldg_receive_payment', 'delete'),
  removeOne('ldg_invoice', 'delete'),
  removeOne('ldg_invoice', 'void'),
  (file, r) => {
    file.add('ldg_sales_receipt', { customerId: someCustomer(file, r), transactionDate: '2025-06-21', lines: randomLines(file, r) });
    return 'sales receipt added';
  },
  removeOne('ldg_sales_receipt', 'void'),
  (file, r) => {
    file.add('ldg_credit_memo', { customerId: someCustomer(file, r), transactionDate: '2025-06-22', lines: randomLines(file, r) });
    return 'credit memo added';
  },
  removeOne('ldg_credit_memo', 'delete'),
  (file, r) => {
    const memo = pick(all(file, 'ldg_credit_memo').filter((m) => cents(m['creditRemaining']) > 0), r);
    if (!memo) return 'no credit to apply';
    const customerId = idOf(memo['customer']);
    // The memo's customer may owe nothing: then it is billed first.
    const invoice =
      pick(all(file, 'ldg_invoice').filter((i) => idOf(i['customer']) === customerId && cents(i['balanceRemaining']) > 0), r) ??
      file.add('ldg_invoice', { customerId: String(customerId), transactionDate: '2025-06-24', lines: randomLines(file, r) });
    const credit = Math.min(cents(memo['creditRemaining']), cents(invoice['balanceRemaining']));
    file.add('ldg_receive_payment', {
      customerId: String(customerId),
      transactionDate: '2025-06-26',
      totalAmount: '1.00',
      applyToTransactions: [{ transactionId: String(invoice['id']), paymentAmount: '0.00', applyCredits: [{ creditTransactionId: String(memo['id']), appliedAmount: fromCents(1 + r(credit)) }] }],
    });
    return 'credit applied by a payment';
  },
  (file, r) => {
    const memo = pick(all(file, 'ldg_credit_memo').filter((m) => cents(m['creditRemaining']) > 0), r);
    if (!memo) return 'no credit to apply';
    const applyCredits = [{ creditTransactionId: String(memo['id']), appliedAmount: fromCents(1 + r(cents(memo['creditRemaining']))) }];
    file.add('ldg_invoice', { customerId: String(idOf(memo['customer'])), transactionDate: '2025-06-27', lines: randomLines(file, r), applyCredits });
    return 'credit applied by an invoice';
  },
  (file, r) => {
    const waiting = paymentsToDeposit(file.context('ldg_deposit'));
    const chosen = [pick(waiting, r), pick(waiting, r)].filter((w) => w !== undefined);
    const bank = all(file, 'ldg_account').find((a) => a['accountType'] === 'bank');
    const lines: JsonObject[] = [...new Set(chosen.map((w) => String(w['paymentTransactionId'])))].map((id) => ({ paymentTransactionId: id }));
    if (r(2) === 0) lines.push({ accountId: String(all(file, 'ldg_account').find((a) => a['accountType'] === 'equity')?.['id']), amount: cheque(r) });
    const cashBack: JsonObject = r(4) === 0 ? { cashBack: { accountId: String(all(file, 'ldg_account').find((a) => a['accountType'] === 'expense')?.['id']), amount: '1.00' } } : {};
    file.add('ldg_deposit', { transactionDate: '2025-06-28', depositToAccountId: String(bank?.['id']), lines, ...cashBack });
    return 'deposit added';
  },
  (file, r) => {
    const deposit = pick(all(file, 'ldg_deposit'), r);
    if (!deposit) return 'no deposit';
    const lines = (deposit['lines'] as JsonObject[]).slice(1).map((l) => ({ id: String(l['id']) }));
    file.modify('ldg_deposit', String(deposit['id']), { revisionNumber: String(deposit['revisionNumber']), lines });
    return 'deposit changed';
  },
  removeOne('ldg_deposit', 'delete'),
  (file, r) => {
    const sources = [...all(file, 'ldg_sales_order'), ...all(file, 'ldg_estimate')];
    const source = pick(sources, r);
    if (!source) return 'no order';
    const line = pick(source['lines'] as JsonObject[], r);
    const body: JsonObject =
      r(2) === 0 || !line
        ? { linkToTransactionIds: [String(source['id'])] }
        : { lines: [{ linkToTransactionLine: { transactionId: String(source['id']), transactionLineId: String(line['id']) }, quantity: 1 + r(3) }] };
    file.add('ldg_invoice', { customerId: String(idOf(source['customer'])), transactionDate: '2025-06-29', ...body });
    return 'invoice made from an order';
  },
  (file, r) => {
    const order = pick(all(file, 'ldg_sales_order'), r);
    if (!order) return 'no order';
    const lines = (order['lines'] as JsonObject[]).map((l, i): JsonObject => (i === 0 ? { id: String(l['id']), quantity: 1 + r(10) } : { id: String(l['id']) }));
    if (r(3) === 0) lines.pop();
    file.modify('ldg_sales_order', String(order['id']), { revisionNumber: String(order['revisionNumber']), lines });
    return 'order changed';
  },
  removeOne('ldg_sales_order', 'delete'),
  (file, r) => {
    const vendor = pick(all(file, 'ldg_vendor').filter((v) => v['isActive'] === true), r);
    const expense = all(file, 'ldg_account').find((a) => a['accountType'] === 'expense');
    const item = pick(all(file, 'ldg_inventory_item'), r);
    const itemLines: JsonObject = item && r(2) === 0 ? { itemLines: [{ itemId: String(item['id']), quantity: 1 + r(9) }] } : {};
    file.add('ldg_bill', { vendorId: String(vendor?.['id']), transactionDate: '2025-06-18', expenseLines: [{ accountId: String(expense?.['id']), amount: cheque(r) }], ...itemLines });
    return 'bill added';
  },
  (file, r) => {
    const bill = pick(all(file, 'ldg_bill'), r);
    if (!bill) return 'no bill';
    const lines = (bill['expenseLines'] as JsonObject[]).map((l): JsonObject => ({ id: String(l['id']), amount: cheque(r) }));
    file.modify('ldg_bill', String(bill['id']), { revisionNumber: String(bill['revisionNumber']), expenseLines: lines });
    return 'bill changed';
  },
  removeOne('ldg_bill', 'void'),
  (file, r) => {
    const vendor = pick(all(file, 'ldg_vendor').filter((v) => v['isActive'] === true), r);
    const expense = all(file, 'ldg_account').find((a) => a['accountType'] === 'expense');
    const item = pick(all(file, 'ldg_inventory_item'), r);
    const type = r(2) === 0 ? 'ldg_vendor_credit' : 'ldg_item_receipt';
    const lines: JsonObject = type === 'ldg_item_receipt' && item ? { itemLines: [{ itemId: String(item['id']), quantity: 1 + r(9) }] } : { expenseLines: [{ accountId: String(expense?.['id']), amount: cheque(r) }] };
    file.add(type, { vendorId: String(vendor?.['id']), transactionDate: '2025-06-19', ...lines });
    return `${type} added`;
  },
  removeOne('ldg_vendor_credit', 'void'),
  removeOne('ldg_item_receipt', 'delete'),
  removeOne('ldg_bill', 'delete'),
  (file, r) => {
    const made = all(file, 'ldg_invoice').filter((i) => file.store.ledger.lineLinksOf(String(i['id'])).length > 0);
    const invoice = pick(made, r);
    if (!invoice) return 'no invoice made from an order';
    (r(2) === 0 ? deleteTransaction : voidTransaction)(file, 'ldg_invoice', String(invoice['id']));
    return 'invoice made from an order removed';
  },
  removeOne('ldg_deposit', 'void'),
];

function randomWrite(file: CompanyFile, r: (n: number) => number): string {
  const write = WRITES[r(WRITES.length)] as Write;
  try {
    return write(file, r);
  } catch (error) {
    if (error instanceof DesktopError) return `refused ${error.status}`;
    throw error;
  }
}

describe('the books', () => {
  it('balance on a seeded company file: postings sum to zero, and every balance is what its postings and open transactions say', () => {
    const file = seeded(11);
    expect(file.store.db.prepare('SELECT COUNT(*) FROM postings').pluck().get()).toBeGreaterThan(100);
    expect(brokenInvariants(file)).toEqual([]);
  });

  it('stay balanced after every step of randomized sequences of adds, modifies, deletes and voids', () => {
    const seen = new Map<string, number>();
    for (const seed of [1, 2, 3]) {
      const file = seeded(seed);
      const r = random(seed);
      for (let step = 0; step < 200; step++) {
        const what = randomWrite(file, r);
        seen.set(what, (seen.get(what) ?? 0) + 1);
        const broken = brokenInvariants(file);
        expect(broken, `seed ${seed}, step ${step} (${what})`).toEqual([]);
      }
    }
    // The sequences, together, really exercised every rule, refusals (a paid invoice deleted) included.
    const kinds = [
      'invoice added', 'payment added', 'invoice changed', 'ldg_receive_payment deleted', 'deposit added', 'ldg_deposit voided', 'credit memo added',
      'credit applied by a payment', 'credit applied by an invoice', 'invoice made from an order', 'order changed', 'invoice made from an order removed',
      'bill added', 'bill changed', 'ldg_bill voided', 'ldg_vendor_credit added', 'ldg_item_receipt added',
    ];
    for (const kind of kinds) expect(seen.get(kind) ?? 0, `${kind}: ${[...seen.keys()].join(', ')}`).toBeGreaterThan(0);
    expect([...seen.keys()].some((k) => k.startsWith('refused 3175')), `a refusal: ${[...seen.keys()].join(', ')}`).toBe(true);
  });
});
