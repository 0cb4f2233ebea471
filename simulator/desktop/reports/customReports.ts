import { fromCents } from '../values/money.ts';
import { isProfitAndLoss } from './accountGroups.ts';
import { addFigures, figureCells, isZero, zeroFigures, type Figures } from './accountRows.ts';
import { accountMovements, addAmountColumns, balanceSheet, profitAndLoss } from './financialStatements.ts';
import { ledgerColumns, ledgerDetail, ledgerPostings, postingCells } from './generalLedger.ts';
import { pushTo } from './grouping.ts';
import { notComputed } from './notComputed.ts';
import type { PostingRow, ReportBooks } from './ReportBooks.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { ReportSheet } from './ReportSheet.ts';
import { axisRows, postingAxis, sortedKeys, type PostingAxis } from './reportAxes.ts';
import { columnValueOf, PERIODS, statementLayout, type AmountLayout } from './statementColumns.ts';
import { periodHeading } from './reportText.ts';

const money = (cents: number): string => fromCents(cents, 'A report total');

const PERIOD_ROWS = new Set(['day', 'week', 'two_week', 'four_week', 'half_month', 'month', 'quarter', 'year']);

/**
 * What groups a posting's row in a custom report, with the group's heading: an axis (class, name,
 * item, type, terms...), a period (the columns the same value would make, read back as rows), or
 * one row for everything; undefined for a value with none (`account` and the statements' own rows).
 */
function rowAxis(books: ReportBooks, request: ReportRequest, by: string): PostingAxis | undefined {
  if (by === 'total_only') return { keyOf: () => '', labelOf: () => 'TOTAL', none: 'TOTAL', sums: {}, rowType: by };
  if (PERIOD_ROWS.has(by)) {
    const columns = statementLayout(books, request, by, false).columns.filter((c) => c.id !== 'total');
    const keyOf = (p: PostingRow): string | null => columns.find((col) => (col.from === null || p.date >= col.from) && p.date <= col.to)?.from ?? null;
    const headings = new Map(columns.map((c) => [c.from ?? '', periodHeading({ from: c.from, to: c.to })]));
    return { keyOf, labelOf: (from) => headings.get(from) ?? from, none: 'No date', sums: { date: true }, compare: (a, b) => a.localeCompare(b), rowType: by };
  }
  return postingAxis(books, request.period, by);
}

/** Keys of a grouping in the axis's order, postings with none last. */
function orderOf(books: ReportBooks, axis: PostingAxis, keys: Iterable<string | null>): (string | null)[] {
  const list = [...keys];
  const named = sortedKeys(books, axis, list.filter((k): k is string => k !== null));
  return list.includes(null) ? [...named, null] : named;
}

/**
 * A custom summary: rows by `summarizeRowsBy`, columns by `summarizeColumnsBy`. Rows by income
 * statement or balance sheet are those statements; by account, each account's movement; by any
 * other axis, the net income (income less costs) of each of its values, in each column.
 */
export function customSummary(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void {
  const rowsBy = String(request.query['summarizeRowsBy'] ?? 'account');
  const columnsBy = String(request.query['summarizeColumnsBy'] ?? 'total_only');
  if (rowsBy === 'income_statement') return profitAndLoss(books, request, sheet, statementLayout(books, request, columnsBy, false));
  if (rowsBy === 'balance_sheet') return balanceSheet(books, request, sheet, false, statementLayout(books, request, columnsBy, true));
  if (rowsBy === 'account') return accountMovements(books, request, sheet, statementLayout(books, request, columnsBy, false));
  const axis = rowAxis(books, request, rowsBy);
  if (!axis) throw notComputed(`custom summaries with rows by ${rowsBy}`);
  const { from, to } = request.period;
  // Profit and loss accounts only, for the columns' values too, summed by SQLite by what the rows and columns go by when it can.
  const accounts = new Set(books.accounts.filter((a) => isProfitAndLoss(a.accountType) && (!request.filter.accounts || request.filter.accounts.has(a.id))).map((a) => a.id));
  const layout: AmountLayout = columnsBy === 'total_only' ? { columns: [{ id: 'total', title: 'Net Income', from, to }], derived: [] } : statementLayout(books, { ...request, filter: { ...request.filter, accounts } }, columnsBy, false);
  if (columnsBy === 'total_only') sheet.addColumns([['total', 'Net Income', 'amount']]);
  else addAmountColumns(sheet, layout);
  const range = { ...request.filter, from, to, accounts };
  const sums = new Map<string | null, Figures>();
  for (const p of axisRows(books, range, [axis, layout.columnsBy], PERIOD_ROWS.has(rowsBy) || PERIODS.has(columnsBy))) {
    if (!isProfitAndLoss(books.accountById.get(p.account)?.accountType ?? '')) continue;
    const row = axis.keyOf(p);
    const value = columnValueOf(layout, p);
    let figures = sums.get(row);
    if (!figures) sums.set(row, (figures = zeroFigures(layout.columns.length)));
    layout.columns.forEach((c, i) => {
      if ((c.from === null || p.date >= c.from) && p.date <= c.to && (c.value === undefined || c.value === value)) figures[i] = (figures[i] ?? 0) - p.cents;
    });
  }
  let total = zeroFigures(layout.columns.length);
  for (const key of orderOf(books, axis, sums.keys())) {
    const figures = sums.get(key) ?? [];
    total = addFigures(total, figures);
    const label = key === null ? axis.none : axis.labelOf(key);
    if (request.rowsToReturn !== 'non_zero' || !isZero(figures)) sheet.data({ type: rowsBy, value: label }, figureCells(label, layout, figures));
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, figureCells('TOTAL', layout, total));
}

/**
 * A custom transaction detail: the period's postings with the columns `includeColumns` asks for,
 * grouped by `summarizeRowsBy` (by account as the transaction detail by account; by class, name,
 * item or period under a heading each; `total_only` in one list), each group with its total.
 */
export function customTransactionDetail(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void {
  const rowsBy = String(request.query['summarizeRowsBy'] ?? 'account');
  if (rowsBy === 'account') return ledgerDetail(books, request, sheet, { accounts: 'all', beginning: false });
  const axis = rowAxis(books, request, rowsBy);
  if (!axis) throw notComputed(`custom transaction details with rows by ${rowsBy}`);
  ledgerColumns(request, sheet);
  // A line per posting, under its row or the row of none: counted from the books' sums per day, a detail too long is refused before it is read.
  sheet.reserve(books.ledger.postingCount({ ...request.filter, from: request.period.from, to: request.period.to }) ?? 0);
  const { postings, facts } = ledgerPostings(books, request);
  const groups = new Map<string | null, PostingRow[]>();
  for (const p of postings) pushTo(groups, axis.keyOf(p), p);
  let total = 0;
  for (const key of orderOf(books, axis, groups.keys())) {
    const label = key === null ? axis.none : axis.labelOf(key);
    if (rowsBy !== 'total_only') sheet.text(label);
    let running = 0;
    for (const p of groups.get(key) ?? []) {
      running += p.cents;
      sheet.data({ type: 'transaction', value: p.txn }, postingCells(books, p, facts, running));
    }
    total += running;
    if (rowsBy !== 'total_only') sheet.subtotal({ type: rowsBy, value: label }, { label: `Total ${label}`, amount: money(running), running_balance: money(running) });
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', amount: money(total) });
}
