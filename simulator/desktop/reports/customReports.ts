import { fromCents } from '../values/money.ts';
import { isProfitAndLoss } from './accountGroups.ts';
import { accountMovements, balanceSheet, profitAndLoss } from './financialStatements.ts';
import { ledgerColumns, ledgerDetail, ledgerPostings, postingCells } from './generalLedger.ts';
import { pushTo } from './grouping.ts';
import { notComputed } from './notComputed.ts';
import type { PostingRow, ReportBooks } from './ReportBooks.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { ReportSheet } from './ReportSheet.ts';
import { statementLayout } from './statementColumns.ts';
import { periodHeading } from './reportText.ts';

const money = (cents: number): string => fromCents(cents, 'A report total');

const ENTITY_ROWS: Readonly<Record<string, readonly string[]>> = {
  customer: ['ldg_customer'],
  vendor: ['ldg_vendor'],
  employee: ['ldg_employee'],
  payee: ['ldg_customer', 'ldg_vendor', 'ldg_employee', 'ldg_other_name'],
};
const PERIOD_ROWS = new Set(['day', 'week', 'two_week', 'four_week', 'half_month', 'month', 'quarter', 'year']);

/**
 * What groups a posting's row in a custom report, with the group's label: its class, its customer
 * (vendor, employee, any name), its item, its period; undefined for a grouping not built yet.
 */
function rowKeyOf(books: ReportBooks, request: ReportRequest, by: string): ((p: PostingRow) => { key: string; label: string } | null) | undefined {
  const named = (id: string | null, none: string): { key: string; label: string } => (id === null ? { key: '', label: none } : { key: id, label: books.nameOf(id) ?? id });
  if (by === 'class') return (p) => named(p.class, 'Unclassified');
  if (by === 'item_detail') return (p) => named(p.item, 'No item');
  if (by === 'total_only') return () => ({ key: '', label: 'TOTAL' });
  const types = ENTITY_ROWS[by];
  if (types) {
    const is = new Map<string, boolean>();
    return (p) => {
      const id = p.entity;
      if (id !== null && !is.has(id)) is.set(id, books.findAmong(types, id) !== undefined);
      return named(id !== null && is.get(id) ? id : null, 'No name');
    };
  }
  if (PERIOD_ROWS.has(by)) {
    // The periods are the columns the same value would make, read back as rows.
    const columns = statementLayout(books, request, by, false).columns.filter((c) => c.id !== 'total');
    return (p) => {
      const c = columns.find((col) => (col.from === null || p.date >= col.from) && p.date <= col.to);
      return c ? { key: c.id, label: periodHeading({ from: c.from, to: c.to }) } : null;
    };
  }
  return undefined;
}

/**
 * A custom summary: rows by `summarizeRowsBy`, columns by `summarizeColumnsBy`. Rows by income
 * statement or balance sheet are those statements; by account, each account's movement; by class,
 * name, item or period, the net income (income less costs) of each, in one total column.
 */
export function customSummary(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void {
  const rowsBy = String(request.query['summarizeRowsBy'] ?? 'account');
  const columnsBy = String(request.query['summarizeColumnsBy'] ?? 'total_only');
  if (rowsBy === 'income_statement') return profitAndLoss(books, request, sheet, statementLayout(books, request, columnsBy, false));
  if (rowsBy === 'balance_sheet') return balanceSheet(books, request, sheet, false, statementLayout(books, request, columnsBy, true));
  if (rowsBy === 'account') return accountMovements(books, request, sheet, statementLayout(books, request, columnsBy, false));
  const keyOf = rowKeyOf(books, request, rowsBy);
  if (!keyOf) throw notComputed(`custom summaries with rows by ${rowsBy}`);
  if (columnsBy !== 'total_only') throw notComputed(`custom summaries with rows by ${rowsBy} and columns by ${columnsBy}`);
  sheet.addColumns([['total', 'Net Income', 'amount']]);
  const sums = new Map<string, { label: string; cents: number }>();
  // Profit and loss accounts only, summed by SQLite by what the rows go by when it can.
  const accounts = new Set(books.accounts.filter((a) => isProfitAndLoss(a.accountType) && (!request.filter.accounts || request.filter.accounts.has(a.id))).map((a) => a.id));
  const range = { ...request.filter, from: request.period.from, to: request.period.to, accounts };
  const by = { class: rowsBy === 'class', item: rowsBy === 'item_detail', entity: ENTITY_ROWS[rowsBy] !== undefined, date: PERIOD_ROWS.has(rowsBy) };
  for (const p of books.postingSums(range, by) ?? books.postings(range)) {
    if (!isProfitAndLoss(books.accountById.get(p.account)?.accountType ?? '')) continue;
    const row = keyOf(p);
    if (!row) continue;
    const sum = sums.get(row.key) ?? { label: row.label, cents: 0 };
    sum.cents -= p.cents;
    sums.set(row.key, sum);
  }
  const rows = [...sums.values()].sort((a, b) => (PERIOD_ROWS.has(rowsBy) ? 0 : a.label.toLowerCase().localeCompare(b.label.toLowerCase())));
  for (const row of rows) if (request.rowsToReturn !== 'non_zero' || row.cents !== 0) sheet.data({ type: rowsBy, value: row.label }, { label: row.label, total: money(row.cents) });
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', total: money(rows.reduce((s, r) => s + r.cents, 0)) });
}

/**
 * A custom transaction detail: the period's postings with the columns `includeColumns` asks for,
 * grouped by `summarizeRowsBy` (by account as the transaction detail by account; by class, name,
 * item or period under a heading each; `total_only` in one list), each group with its total.
 */
export function customTransactionDetail(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void {
  const rowsBy = String(request.query['summarizeRowsBy'] ?? 'account');
  if (rowsBy === 'account') return ledgerDetail(books, request, sheet, { accounts: 'all', beginning: false });
  const keyOf = rowKeyOf(books, request, rowsBy);
  if (!keyOf) throw notComputed(`custom transaction details with rows by ${rowsBy}`);
  ledgerColumns(request, sheet);
  // A line per posting (a period row can leave none out): counted from the books' sums per day, a detail too long is refused before it is read.
  if (!PERIOD_ROWS.has(rowsBy)) sheet.reserve(books.postingCount({ ...request.filter, from: request.period.from, to: request.period.to }) ?? 0);
  const { postings, facts } = ledgerPostings(books, request);
  const groups = new Map<string, PostingRow[]>();
  const labels = new Map<string, string>();
  for (const p of postings) {
    const row = keyOf(p);
    if (!row) continue;
    labels.set(row.key, row.label);
    pushTo(groups, row.key, p);
  }
  const order = [...groups.keys()].sort((a, b) => (PERIOD_ROWS.has(rowsBy) ? 0 : (labels.get(a) ?? '').toLowerCase().localeCompare((labels.get(b) ?? '').toLowerCase())));
  let total = 0;
  for (const key of order) {
    const label = labels.get(key) ?? key;
    const list = groups.get(key) ?? [];
    if (rowsBy !== 'total_only') sheet.text(label);
    let running = 0;
    for (const p of list) {
      running += p.cents;
      sheet.data({ type: 'transaction', value: p.txn }, postingCells(books, p, facts, running));
    }
    total += running;
    if (rowsBy !== 'total_only') sheet.subtotal({ type: rowsBy, value: label }, { label: `Total ${label}`, amount: money(running), running_balance: money(running) });
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', amount: money(total) });
}
