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
  seedCompanyFile(file, { seed, sizes: { customers: 25, invoices: 60, 'sales-receipts': 10, 'credit-memos': 8, estimates: 4, 'sales-orders': 4 } });
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
    if (!Array.isArray(linked) || linked.length !== file.store.ledger.linksTo(id).length) broken.push(`invoice ${id}: linkedTransactions do not list every payment applied`);
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

/** One random write of invoices and payments; refusals by the desktop are part of the game. */
function randomWrite(file: CompanyFile, r: (n: number) => number): string {
  const invoices = all(file, 'ldg_invoice');
  const payments = all(file, 'ldg_receive_payment');
  const customers = all(file, 'ldg_customer').filter((c) => c['isActive'] === true);
  const items = all(file, 'ldg_service_item').filter((i) => i['isActive'] === true);
  const open = invoices.filter((i) => cents(i['balanceRemaining']) > 0);
  const choice = r(8);
  try {
    if (choice === 0) {
      const customer = pick(customers, r);
      const lines = Array.from({ length: 1 + r(3) }, () => ({ itemId: String(pick(items, r)?.['id']), quantity: 1 + r(5), rate: `${10 + r(300)}.${String(r(100)).padStart(2, '0')}` }));
      file.add('ldg_invoice', { customerId: String(customer?.['id']), transactionDate: '2025-06-20', lines });
      return 'invoice added';
    }
    if (choice === 1 || choice === 2) {
      const invoice = pick(open, r);
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
    }
    if (choice === 3) {
      const invoice = pick(invoices, r);
      if (!invoice) return 'no invoice';
      const lines = (invoice['lines'] as JsonObject[]).map((l, i): JsonObject => (i === 0 ? { id: String(l['id']), quantity: 1 + r(30) } : { id: String(l['id']) }));
      file.modify('ldg_invoice', String(invoice['id']), { revisionNumber: String(invoice['revisionNumber']), lines });
      return 'invoice changed';
    }
    if (choice === 4) {
      const payment = pick(payments, r);
      if (!payment) return 'no payment';
      file.modify('ldg_receive_payment', String(payment['id']), { revisionNumber: String(payment['revisionNumber']), totalAmount: fromCents(cents(payment['totalAmount']) + r(2000)) });
      return 'payment changed';
    }
    if (choice === 5) {
      const payment = pick(payments, r);
      if (!payment) return 'no payment';
      deleteTransaction(file, 'ldg_receive_payment', String(payment['id']));
      return 'payment deleted';
    }
    const invoice = pick(invoices, r);
    if (!invoice) return 'no invoice';
    if (choice === 6) deleteTransaction(file, 'ldg_invoice', String(invoice['id']));
    else voidTransaction(file, 'ldg_invoice', String(invoice['id']));
    return choice === 6 ? 'invoice deleted' : 'invoice voided';
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
    for (const seed of [1, 2, 3]) {
      const file = seeded(seed);
      const r = random(seed);
      const seen = new Map<string, number>();
      for (let step = 0; step < 60; step++) {
        const what = randomWrite(file, r);
        seen.set(what, (seen.get(what) ?? 0) + 1);
        const broken = brokenInvariants(file);
        expect(broken, `seed ${seed}, step ${step} (${what})`).toEqual([]);
      }
      // The sequence really exercised the rules, refusals (a paid invoice deleted) included.
      for (const kind of ['invoice added', 'payment added', 'invoice changed', 'payment deleted']) expect(seen.get(kind), `${kind} in seed ${seed}`).toBeGreaterThan(0);
      expect([...seen.keys()].some((k) => k.startsWith('refused 3175')), `a refusal in seed ${seed}: ${[...seen.keys()].join(', ')}`).toBe(true);
    }
  });
});
