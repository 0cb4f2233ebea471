import type { CompanyFile } from '../../simulator/desktop/CompanyFile.ts';
import { DesktopError } from '../../simulator/desktop/values/DesktopError.ts';
import type { JsonObject } from '../../simulator/desktop/values/json.ts';
import { all, cents, cheque, idOf, pick, someCustomer, type Write } from './bookWriteKit.ts';

/** What a shape needs from the company file: accounts by type, a party of each kind, something open of each. */
export interface OpenLedgerTargets {
  account(type: string): string;
  customer: string;
  vendor: string;
  /** An item a sale can sell (a service). */
  item: string;
  /** A bill with something open, and its vendor. */
  openBill: { id: string; vendor: string } | undefined;
}

export function openLedgerTargets(file: CompanyFile): OpenLedgerTargets {
  const accounts = all(file, 'ldg_account').filter((a) => a['isActive'] === true);
  const bill = all(file, 'ldg_bill').find((b) => cents(b['openAmount']) > 0);
  return {
    account(type) {
      const found = accounts.find((a) => a['accountType'] === type);
      if (!found) throw new Error(`no active ${type} account`);
      return String(found['id']);
    },
    customer: String(all(file, 'ldg_customer').find((c) => c['isActive'] === true)?.['id']),
    vendor: String(all(file, 'ldg_vendor').find((v) => v['isActive'] === true)?.['id']),
    item: String(all(file, 'ldg_service_item').find((i) => i['isActive'] === true)?.['id']),
    openBill: bill ? { id: String(bill['id']), vendor: String(idOf(bill['vendor'])) } : undefined,
  };
}

/** One request the desktop refuses: it would move receivables or payables without the party whose balance they are. */
export interface PartylessShape {
  name: string;
  type: string;
  body(t: OpenLedgerTargets): JsonObject;
  /** 3140 for an account field of the wrong type, 3180 for a posting without its party. */
  status: 3140 | 3180;
}

const DAY = '2025-06-30';

/** The shapes issue 34 found accepted, and the journal entry's own (already refused): one table for the regression test and the randomized books. */
export const PARTYLESS_SHAPES: readonly PartylessShape[] = [
  { name: 'a deposit line to A/R', type: 'ldg_deposit', status: 3180, body: (t) => ({ transactionDate: DAY, depositToAccountId: t.account('bank'), lines: [{ accountId: t.account('accounts_receivable'), amount: '5.00' }] }) },
  { name: 'a deposit line from A/R', type: 'ldg_deposit', status: 3180, body: (t) => ({ transactionDate: DAY, depositToAccountId: t.account('bank'), lines: [{ accountId: t.account('equity'), amount: '20.00' }, { accountId: t.account('accounts_receivable'), amount: '-5.00' }] }) },
  { name: 'cash kept back on A/R', type: 'ldg_deposit', status: 3180, body: (t) => ({ transactionDate: DAY, depositToAccountId: t.account('bank'), lines: [{ accountId: t.account('equity'), amount: '20.00' }], cashBack: { accountId: t.account('accounts_receivable'), amount: '5.00' } }) },
  { name: 'a deposit into A/P', type: 'ldg_deposit', status: 3180, body: (t) => ({ transactionDate: DAY, depositToAccountId: t.account('accounts_payable'), lines: [{ accountId: t.account('equity'), amount: '5.00' }] }) },
  { name: 'a payment deposited to A/R', type: 'ldg_receive_payment', status: 3180, body: (t) => ({ transactionDate: DAY, customerId: t.customer, totalAmount: '5.00', depositToAccountId: t.account('accounts_receivable') }) },
  { name: 'a payment whose receivables account is a bank', type: 'ldg_receive_payment', status: 3140, body: (t) => ({ transactionDate: DAY, customerId: t.customer, totalAmount: '5.00', receivablesAccountId: t.account('bank') }) },
  { name: 'an invoice whose receivables account is a bank', type: 'ldg_invoice', status: 3140, body: (t) => ({ transactionDate: DAY, customerId: t.customer, receivablesAccountId: t.account('bank'), lines: [{ itemId: t.item, quantity: 1, rate: '5.00' }] }) },
  { name: 'an invoice line posting to A/R', type: 'ldg_invoice', status: 3180, body: (t) => ({ transactionDate: DAY, customerId: t.customer, lines: [{ itemId: t.item, quantity: 1, rate: '5.00', overrideItemAccountId: t.account('accounts_receivable') }] }) },
  { name: 'a bill whose payables account is a bank', type: 'ldg_bill', status: 3140, body: (t) => ({ transactionDate: DAY, vendorId: t.vendor, payablesAccountId: t.account('bank'), expenseLines: [{ accountId: t.account('expense'), amount: '5.00' }] }) },
  { name: 'a bill expense line on A/R', type: 'ldg_bill', status: 3180, body: (t) => ({ transactionDate: DAY, vendorId: t.vendor, expenseLines: [{ accountId: t.account('accounts_receivable'), amount: '5.00' }] }) },
  { name: 'a bill expense line on A/P', type: 'ldg_bill', status: 3180, body: (t) => ({ transactionDate: DAY, vendorId: t.vendor, expenseLines: [{ accountId: t.account('accounts_payable'), amount: '5.00' }] }) },
  ...(['accounts_payable', 'accounts_receivable'] as const).map(
    (from): PartylessShape => ({
      name: `a bill payment from ${from === 'accounts_payable' ? 'A/P' : 'A/R'}`,
      type: 'ldg_bill_check_payment',
      status: 3140,
      body: (t) => {
        if (!t.openBill) throw new Error('the company file has no open bill');
        return { transactionDate: DAY, vendorId: t.openBill.vendor, bankAccountId: t.account(from), applyToTransactions: [{ transactionId: t.openBill.id, paymentAmount: '1.00' }] };
      },
    }),
  ),
  { name: 'a journal line on A/R without a customer', type: 'ldg_journal_entry', status: 3180, body: (t) => ({ transactionDate: DAY, debitLines: [{ accountId: t.account('accounts_receivable'), amount: '5.00' }], creditLines: [{ accountId: t.account('equity'), amount: '5.00' }] }) },
  { name: 'a journal line on A/P naming a customer', type: 'ldg_journal_entry', status: 3180, body: (t) => ({ transactionDate: DAY, debitLines: [{ accountId: t.account('accounts_payable'), amount: '5.00', entityId: t.customer }], creditLines: [{ accountId: t.account('equity'), amount: '5.00' }] }) },
];

/**
 * Postings on receivables or payables that are not on that ledger's side, and postings on a side
 * that are not on its account: either one puts the account and the sum of the parties apart.
 */
export function openLedgerProblems(file: CompanyFile): string[] {
  const problems: string[] = [];
  for (const [accountType, ledger] of [
    ['accounts_receivable', 'receivable'],
    ['accounts_payable', 'payable'],
  ] as const) {
    const ids = all(file, 'ldg_account').filter((a) => a['accountType'] === accountType).map((a) => String(a['id']));
    const marks = ids.map(() => '?').join(',') || "''";
    const stray = file.store.db.prepare(`SELECT txn_id AS txn, account_id AS account, open_ledger AS side FROM postings WHERE (account_id IN (${marks})) <> (open_ledger IS ?) AND cents <> 0`).all(...ids, ledger) as { txn: string; account: string; side: string | null }[];
    for (const p of stray) problems.push(`${accountType}: transaction ${p.txn} posts to account ${p.account} on side ${String(p.side)}`);
    const onAccounts = Number(file.store.db.prepare(`SELECT COALESCE(SUM(cents), 0) FROM postings WHERE account_id IN (${marks})`).pluck().get(...ids));
    const onSide = Number(file.store.db.prepare('SELECT COALESCE(SUM(cents), 0) FROM postings WHERE open_ledger = ?').pluck().get(ledger));
    if (onAccounts !== onSide) problems.push(`${accountType}: the accounts hold ${onAccounts} cents, the ${ledger} side of the parties ${onSide}`);
  }
  return problems;
}

/** The randomized books' writes on receivables and payables (`bookWrites.ts`): a shape the desktop must refuse, and a deposit line that names its customer. */
export const OPEN_LEDGER_WRITES: readonly Write[] = [
  (file, r) => {
    // The desktop refuses money on receivables or payables without its party: never a write that puts the books apart.
    const targets = openLedgerTargets(file);
    const shape = pick(
      PARTYLESS_SHAPES.filter((s) => targets.openBill || s.type !== 'ldg_bill_check_payment'),
      r,
    );
    if (!shape) return 'no shape';
    try {
      file.add(shape.type, shape.body(targets));
    } catch (error) {
      if (error instanceof DesktopError && error.status === shape.status) return 'posting without its party refused';
      throw error;
    }
    throw new Error(`${shape.name} was accepted`);
  },
  (file, r) => {
    // A deposit line on receivables that names its customer: a credit on the customer's side, as a journal line makes.
    const accounts = all(file, 'ldg_account');
    const accountOf = (type: string): string => String(accounts.find((a) => a['accountType'] === type)?.['id']);
    file.add('ldg_deposit', { transactionDate: '2025-06-28', depositToAccountId: accountOf('bank'), lines: [{ accountId: accountOf('accounts_receivable'), entityId: someCustomer(file, r), amount: cheque(r) }] });
    return 'deposit on an open balance added';
  },
];
