import { transactionTypeOf } from '../books/transactionTypes.ts';
import { addDays } from '../values/desktopTime.ts';
import { fromCents } from '../values/money.ts';
import { isProfitAndLoss } from './accountGroups.ts';
import type { PostingRow, ReportBooks } from './ReportBooks.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { ReportSheet } from './ReportSheet.ts';
import { yearStart } from './reportPeriods.ts';
import { pushTo } from './grouping.ts';

const money = (cents: number): string => fromCents(cents, 'A report total');

/** The columns a ledger line can show, by the `includeColumns` value that asks for each. */
const LEDGER_COLUMNS = {
  transaction_type: { type: 'transaction_type', dataType: 'string', title: 'Type' },
  date: { type: 'date', dataType: 'date', title: 'Date' },
  ref_number: { type: 'ref_number', dataType: 'string', title: 'Num' },
  name: { type: 'name', dataType: 'string', title: 'Name' },
  memo: { type: 'memo', dataType: 'string', title: 'Memo' },
  split_account: { type: 'split_account', dataType: 'string', title: 'Split' },
  class: { type: 'class', dataType: 'string', title: 'Class' },
  item: { type: 'item', dataType: 'string', title: 'Item' },
  account: { type: 'account', dataType: 'string', title: 'Account' },
  debit: { type: 'debit', dataType: 'amount', title: 'Debit' },
  credit: { type: 'credit', dataType: 'amount', title: 'Credit' },
  amount: { type: 'amount', dataType: 'amount', title: 'Amount' },
  running_balance: { type: 'running_balance', dataType: 'amount', title: 'Balance' },
  transaction_id: { type: 'transaction_id', dataType: 'string', title: 'Transaction' },
} as const;

export type LedgerColumn = keyof typeof LEDGER_COLUMNS;
const DEFAULT_COLUMNS: readonly LedgerColumn[] = ['transaction_type', 'date', 'ref_number', 'name', 'memo', 'split_account', 'amount', 'running_balance'];

/** What a ledger line shows of its transaction, worked out once per transaction. */
export interface TransactionFacts {
  memo: string | null;
  name: string | null;
  accounts: Set<string>;
}

function factsOf(books: ReportBooks, postings: readonly PostingRow[]): Map<string, TransactionFacts> {
  const facts = new Map<string, TransactionFacts>();
  const memos = books.memosOf([...new Set(postings.filter((p) => p.type !== null).map((p) => p.txn))]);
  // Every name a row shows, read at once: a month of a large file names 10,000 parties and items.
  books.names.read(postings.flatMap((p) => [p.entity, p.item, p.class]));
  for (const p of postings) {
    let f = facts.get(p.txn);
    if (!f) {
      f = { memo: p.type === null ? 'Opening balance' : memos.get(p.txn) ?? null, name: null, accounts: new Set() };
      facts.set(p.txn, f);
    }
    f.accounts.add(p.account);
    if (f.name === null && p.entity !== null) f.name = books.names.of(p.entity);
  }
  return facts;
}

/**
 * The general ledger: for each account, its balance before the period, every posting in it (by
 * date, then the order transactions were made) with a running balance, and its total. Amounts are
 * debits positive, credits negative, so every account is read the same way and the report's total
 * of an unfiltered ledger is zero.
 */
export function generalLedger(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void {
  ledgerDetail(books, request, sheet, { accounts: 'all', beginning: true });
}

/** Which accounts a ledger report lists, and whether each starts from its balance before the period. */
export interface LedgerShape {
  accounts: 'all' | 'profit_and_loss' | 'balance_sheet';
  beginning: boolean;
}

/**
 * A report of postings by account: the general ledger, the transaction detail by account (no
 * beginning balances), the profit and loss detail and the balance sheet detail (their accounts only).
 */
export function ledgerDetail(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, shape: LedgerShape): void {
  const shown = ledgerColumns(request, sheet);
  const { from, to } = request.period;
  // A line per posting: counted from the books' sums per day, a ledger too long is refused before it is read.
  const listed = books.accounts.filter((a) => (shape.accounts === 'all' || isProfitAndLoss(a.accountType) === (shape.accounts === 'profit_and_loss')) && (!request.filter.accounts || request.filter.accounts.has(a.id)));
  sheet.reserve(books.ledger.postingCount({ ...request.filter, from, to, accounts: new Set(listed.map((a) => a.id)) }) ?? 0);
  const { postings, facts } = ledgerPostings(books, request);
  const byAccount = new Map<string, PostingRow[]>();
  for (const p of postings) pushTo(byAccount, p.account, p);
  const before = from === null ? new Map<string, number>() : books.ledger.sumsByAccount({ ...request.filter, from: null, to: addDays(from, -1) });
  const fiscalStart = from === null ? null : yearStart(from, books.fiscalYearStartMonth);
  const closedBefore = fiscalStart === null || from === null ? new Map<string, number>() : books.ledger.sumsByAccount({ ...request.filter, from: null, to: addDays(fiscalStart, -1) });
  const includeAll = request.query['accountsToInclude'] === 'all';
  let total = 0;
  for (const account of books.accounts) {
    if (shape.accounts !== 'all' && isProfitAndLoss(account.accountType) !== (shape.accounts === 'profit_and_loss')) continue;
    const lines = byAccount.get(account.id) ?? [];
    // Profit and loss accounts start each fiscal year at zero: what came before is in retained earnings.
    const opening = shape.beginning ? (before.get(account.id) ?? 0) - (isProfitAndLoss(account.accountType) ? closedBefore.get(account.id) ?? 0 : 0) : 0;
    if (lines.length === 0 && opening === 0 && !(includeAll && account.isActive)) continue;
    sheet.text(account.fullName);
    let balance = opening;
    if (opening !== 0) sheet.data({ type: 'label', value: 'Beginning Balance' }, { label: 'Beginning Balance', running_balance: money(opening) });
    let sum = 0;
    for (const p of lines) {
      balance += p.cents;
      sum += p.cents;
      const cells = postingCells(books, p, facts, balance, shown);
      sheet.data({ type: 'transaction', value: p.txn }, cells);
    }
    total += sum;
    sheet.subtotal({ type: 'account', value: account.fullName }, { label: `Total ${account.fullName}`, amount: money(sum), debit: sum > 0 ? money(sum) : null, credit: sum < 0 ? money(-sum) : null, running_balance: money(balance) });
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', amount: money(total), debit: total > 0 ? money(total) : null, credit: total < 0 ? money(-total) : null });
}

/** The label column, then the columns `includeColumns` asks for (else the ledger's own), left to right. */
export function ledgerColumns(request: ReportRequest, sheet: ReportSheet): readonly LedgerColumn[] {
  const asked = Array.isArray(request.query['includeColumns']) ? request.query['includeColumns'].map(String).filter((c): c is LedgerColumn => c in LEDGER_COLUMNS) : [];
  const shown = asked.length > 0 ? asked : DEFAULT_COLUMNS;
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: [null] });
  for (const id of shown) {
    const c = LEDGER_COLUMNS[id];
    sheet.addColumn({ id, type: c.type, dataType: c.dataType, titles: [c.title] });
  }
  return shown;
}

/** The period's postings the request keeps, and what each line shows of its transaction. */
export function ledgerPostings(books: ReportBooks, request: ReportRequest): { postings: PostingRow[]; facts: Map<string, TransactionFacts> } {
  const { from, to } = request.period;
  const postings = books.ledger.postings({ ...request.filter, from, to });
  // The split column names the other side of each transaction, whatever the account filter keeps.
  const { accounts: _accounts, ...withoutAccounts } = request.filter;
  return { postings, facts: factsOf(books, request.filter.accounts ? books.ledger.postings({ ...withoutAccounts, from, to }) : postings) };
}

/** How each ledger column reads a posting, its transaction's facts and the running balance after it. */
type CellOf = (books: ReportBooks, p: PostingRow, f: TransactionFacts | undefined, balance: number) => string | null;

/** The account on the other side of a posting's transaction, or -SPLIT- when there are several. */
const splitOf: CellOf = (books, p, f) => {
  let other: string | null = null;
  for (const a of f?.accounts ?? []) {
    if (a === p.account) continue;
    if (other !== null) return '-SPLIT-';
    other = a;
  }
  return other === null ? null : books.names.of(other);
};

const CELLS: Record<LedgerColumn, CellOf> = {
  transaction_type: (_b, p) => (p.type ? transactionTypeOf(p.type) : 'opening_balance'),
  date: (_b, p) => p.date,
  ref_number: (_b, p) => p.refNumber,
  name: (books, p, f) => (p.entity !== null ? books.names.of(p.entity) : f?.name ?? null),
  memo: (_b, _p, f) => f?.memo ?? null,
  split_account: splitOf,
  class: (books, p) => books.names.of(p.class),
  item: (books, p) => books.names.of(p.item),
  account: (books, p) => books.names.of(p.account),
  debit: (_b, p) => (p.cents > 0 ? money(p.cents) : null),
  credit: (_b, p) => (p.cents < 0 ? money(-p.cents) : null),
  amount: (_b, p) => money(p.cents),
  running_balance: (_b, _p, _f, balance) => money(balance),
  transaction_id: (_b, p) => p.txn,
};

const ALL_COLUMNS = Object.keys(CELLS) as LedgerColumn[];

/**
 * The cells a ledger line shows (`shown`, as `ledgerColumns` returned them; else every one it can)
 * for a posting and the running balance after it: a month of a large file is 56,000 lines, and
 * the columns not shown were half of what they cost.
 */
export function postingCells(books: ReportBooks, p: PostingRow, facts: ReadonlyMap<string, TransactionFacts>, balance: number, shown: readonly LedgerColumn[] = ALL_COLUMNS): Partial<Record<LedgerColumn, string | null>> {
  const f = facts.get(p.txn);
  const cells: Partial<Record<LedgerColumn, string | null>> = {};
  for (const column of shown) cells[column] = CELLS[column](books, p, f, balance);
  return cells;
}
