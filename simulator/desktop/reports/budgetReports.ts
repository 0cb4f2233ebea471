import { normalSign } from '../books/specialAccounts.ts';
import { refId } from '../books/refId.ts';
import { addDays } from '../values/desktopTime.ts';
import { isJsonObject } from '../values/json.ts';
import { toCents } from '../values/money.ts';
import { RequestInputError } from '../values/RequestInputError.ts';
import { isProfitAndLoss } from './accountGroups.ts';
import { isZero, type AccountFigures, type Figures } from './accountRows.ts';
import { balanceSheetRows, profitAndLossRows } from './financialStatements.ts';
import type { PostingFilter, PostingRow, ReportBooks } from './ReportBooks.ts';

/** What a budget report reads of a posting (or of an account's sums on a day, when no column or row goes by class or customer). */
type Actual = Pick<PostingRow, 'account' | 'date' | 'cents' | 'class' | 'entity'>;
import type { ReportRequest } from './ReportRequest.ts';
import type { ReportSheet } from './ReportSheet.ts';
import { periodSubtitle } from './reportText.ts';
import { MAX_COLUMNS, monthsLater, monthStart, periodsOf, periodTitle, type AmountColumn, type AmountLayout, type DerivedColumn } from './statementColumns.ts';
import { pushTo } from './grouping.ts';

/** What a column of a budget report shows: the books, the budget, or how far the books are over it. */
type Measure = 'actual' | 'budget' | 'over';
const MEASURE_TITLES: Readonly<Record<Measure, string>> = { actual: 'Actual', budget: 'Budget', over: '$ Over Budget' };

/** Days of a column, and the class or customer it is about (absent: every one; null: none). */
interface Slice {
  from: string;
  to: string;
  value?: string | null;
}

/** A group of columns under one heading: a month, a class, a customer, the year to date... */
interface Group {
  title: string;
  slice: Slice;
  measures: readonly Measure[];
  percent: boolean;
}

/** One line of a budget: an account's amount for a month (on its natural side), for a class or customer or neither. */
interface BudgetLine {
  account: string;
  class: string | null;
  customer: string | null;
  from: string;
  to: string;
  cents: number;
}

export type BudgetKind = 'profit_and_loss' | 'balance_sheet';
export type BudgetView = 'overview' | 'vs_actual' | 'performance';

const monthEnd = (date: string): string => addDays(monthsLater(date, 1), -1);
const monthTitle = (date: string): string => periodTitle('month', { from: monthStart(date), to: monthEnd(date) });
const days = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The fiscal year the request names: its first and last day. */
function fiscalYear(books: ReportBooks, request: ReportRequest): { year: number; from: string; to: string } {
  const year = Number(request.query['fiscalYear']);
  if (!Number.isInteger(year) || year < 1900 || year > 9998) throw new RequestInputError('fiscalYear', `${String(request.query['fiscalYear'])} is not a year the company file can budget`);
  const from = `${year}-${String(books.fiscalYearStartMonth + 1).padStart(2, '0')}-01`;
  return { year, from, to: addDays(monthsLater(from, 12), -1) };
}

/** Whether the request names its days; else a budget report covers the fiscal year. */
const isDated = (request: ReportRequest): boolean => ['reportDateFrom', 'reportDateTo', 'reportDateMacro'].some((k) => request.query[k] !== undefined);

/** The days the report covers: the dates asked, else the fiscal year. */
function budgetPeriod(books: ReportBooks, request: ReportRequest): Slice {
  const year = fiscalYear(books, request);
  return isDated(request) ? { from: request.period.from ?? year.from, to: request.period.to } : { from: year.from, to: year.to };
}

export const budgetSubtitle = (request: ReportRequest): string => `FY${String(request.query['fiscalYear'])}${isDated(request) ? `: ${periodSubtitle(request.period)}` : ''}`;

/** The lines of the budget of this kind, fiscal year and criterion; none when the company file has no such budget. */
function budgetLines(books: ReportBooks, year: number, kind: BudgetKind, criterion: string): BudgetLine[] {
  const budget = books.all('ldg_budget').find((b) => b['fiscalYear'] === String(year) && b['budgetType'] === kind && (b['budgetCriterion'] ?? 'accounts') === criterion);
  const lines = Array.isArray(budget?.['lines']) ? budget['lines'].filter(isJsonObject) : [];
  return lines.flatMap((line) => {
    const account = refId(line['account']);
    const month = typeof line['month'] === 'string' && /^\d{4}-\d{2}$/.test(line['month']) ? `${line['month']}-01` : null;
    if (account === null || month === null) return [];
    return [{ account, class: refId(line['class']), customer: refId(line['customer']), from: month, to: monthEnd(month), cents: toCents(typeof line['amount'] === 'string' ? line['amount'] : null) }];
  });
}

/** The budget's part that falls in a slice: a month cut by the slice counts for its share of days. */
function budgetShare(line: BudgetLine, slice: Slice): number {
  const from = line.from > slice.from ? line.from : slice.from;
  const to = line.to < slice.to ? line.to : slice.to;
  if (from > to) return 0;
  const share = days(from, to);
  const whole = days(line.from, line.to);
  return share === whole ? line.cents : Math.round((line.cents * share) / whole);
}

/**
 * The budget reports: profit and loss or balance sheet accounts, with the budget's amounts and,
 * for `vs_actual` and `performance`, the books' movements beside them. Columns by month (the
 * default), class or customer (`summarizeColumnsBy`); rows by account, or by class or customer
 * (`summarizeRowsBy`), each value with its own accounts.
 */
export function budgetReport(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, kind: BudgetKind, view: BudgetView): void {
  const year = fiscalYear(books, request);
  const period = budgetPeriod(books, request);
  const criterion = typeof request.query['budgetCriterion'] === 'string' ? request.query['budgetCriterion'] : 'accounts';
  const lines = budgetLines(books, year.year, kind, criterion).filter((l) => !request.filter.accounts || request.filter.accounts.has(l.account));
  const kept = (id: string): boolean => isProfitAndLoss(books.accountById.get(id)?.accountType ?? '') === (kind === 'profit_and_loss');
  // Only columns or rows by customer need to know which names are customers: a file has thousands.
  let customerIds: Set<string> | undefined;
  const isCustomer = (id: string): boolean => (customerIds ??= new Set(books.idsOf('ldg_customer'))).has(id);
  const columnsBy = typeof request.query['summarizeColumnsBy'] === 'string' ? request.query['summarizeColumnsBy'] : 'date';
  const rowsBy = typeof request.query['summarizeRowsBy'] === 'string' ? request.query['summarizeRowsBy'] : 'account';
  const range: PostingFilter = { ...request.filter, from: period.from < year.from ? period.from : year.from, to: period.to > year.to ? period.to : year.to };
  const byAccountOnly = rowsBy === 'account' && columnsBy !== 'class' && columnsBy !== 'customer';
  const daySums = byAccountOnly ? books.ledger.daySums(range)?.map((d): Actual => ({ account: d.account, date: d.date, cents: d.cents, class: null, entity: null })) : undefined;
  const actuals: Actual[] = (daySums ?? books.ledger.postings(range)).filter((p) => kept(p.account));
  const valueOf = (axis: string) => ({
    ofPosting: (p: Actual): string | null => (axis === 'class' ? p.class : p.entity !== null && isCustomer(p.entity) ? p.entity : null),
    ofLine: (l: BudgetLine): string | null => (axis === 'class' ? l.class : l.customer),
  });
  const inSlice = (p: Actual, s: Slice): boolean => p.date >= s.from && p.date <= s.to;
  const valuesIn = (axis: string, s: Slice): (string | null)[] => {
    const v = valueOf(axis);
    const found = new Set<string | null>([...lines.filter((l) => budgetShare(l, s) !== 0).map(v.ofLine), ...actuals.filter((p) => inSlice(p, s)).map(v.ofPosting)]);
    const named = [...found].filter((x): x is string => x !== null).sort((a, b) => (books.names.of(a) ?? a).toLowerCase().localeCompare((books.names.of(b) ?? b).toLowerCase()));
    return [...named, ...(found.has(null) ? [null] : [])];
  };
  const noneTitle = columnsBy === 'class' ? 'Unclassified' : 'No customer';
  const groups = view === 'performance' ? performanceGroups(period, year) : columnGroups(view, columnsBy, period, valuesIn, (v) => (v === null ? noneTitle : books.names.of(v) ?? v));
  const { layout, measureAt } = layoutOf(sheet, groups);

  const rowV = valueOf(rowsBy);
  const colV = valueOf(columnsBy);
  const actualsByRow = new Map<string | null, Actual[]>();
  const linesByRow = new Map<string | null, BudgetLine[]>();
  if (rowsBy !== 'account') {
    for (const p of actuals) pushTo(actualsByRow, rowV.ofPosting(p), p);
    for (const l of lines) pushTo(linesByRow, rowV.ofLine(l), l);
  }

  /** Every account's figures under every column, for the postings and budget lines of one row value (undefined: all). */
  const figuresFor = (rowValue: string | null | undefined): AccountFigures => {
    const own = new Map<string, Figures>();
    const active = new Set<string>();
    const width = layout.columns.length;
    const at = (account: string): Figures => {
      let f = own.get(account);
      if (!f) own.set(account, (f = Array.from({ length: width }, () => 0)));
      return f;
    };
    const matches = (s: Slice, value: string | null): boolean => s.value === undefined || s.value === value;
    for (const p of rowValue === undefined ? actuals : actualsByRow.get(rowValue) ?? []) {
      const sign = normalSign(books.accountById.get(p.account)?.accountType);
      measureAt.forEach(({ group, measure }, i) => {
        if (measure === 'budget' || !inSlice(p, group.slice) || !matches(group.slice, colV.ofPosting(p))) return;
        at(p.account)[i] = (at(p.account)[i] ?? 0) + p.cents * sign;
        active.add(p.account);
      });
    }
    for (const l of rowValue === undefined ? lines : linesByRow.get(rowValue) ?? []) {
      measureAt.forEach(({ group, measure }, i) => {
        if (measure === 'actual' || !matches(group.slice, colV.ofLine(l))) return;
        const cents = budgetShare(l, group.slice);
        if (cents === 0) return;
        at(l.account)[i] = (at(l.account)[i] ?? 0) + (measure === 'over' ? -cents : cents);
        active.add(l.account);
      });
    }
    return { own: (id) => own.get(id), active: (id) => active.has(id) };
  };

  const rows = (figures: AccountFigures): void => {
    if (kind === 'profit_and_loss') profitAndLossRows(books, request, sheet, layout, figures);
    else balanceSheetRows(books, request, sheet, { summary: false, layout, figures, computed: () => [] });
  };
  if (rowsBy === 'account') {
    rows(figuresFor(undefined));
    return;
  }
  for (const value of valuesIn(rowsBy, period)) {
    const figures = figuresFor(value);
    if (request.rowsToReturn !== 'all' && books.accounts.every((a) => isZero(figures.own(a.id) ?? []))) continue;
    sheet.text(value === null ? (rowsBy === 'class' ? 'Unclassified' : 'No customer') : books.names.of(value) ?? value);
    rows(figures);
  }
}

/** Column groups by month of the period, or by class or customer, and a total. */
function columnGroups(view: BudgetView, by: string, period: Slice, valuesIn: (axis: string, s: Slice) => (string | null)[], titleOf: (value: string | null) => string): Group[] {
  const measures: readonly Measure[] = view === 'overview' ? ['budget'] : ['actual', 'budget', 'over'];
  const percent = view === 'vs_actual';
  const groups: Group[] = [];
  if (by === 'date') {
    for (const { from, to } of periodsOf('month', period.from, period.to, 0)) {
      groups.push({ title: from.slice(8) === '01' && to === monthEnd(from) ? monthTitle(from) : `${from} - ${to}`, slice: { from, to }, measures, percent });
    }
  } else {
    for (const value of valuesIn(by, period)) groups.push({ title: titleOf(value), slice: { ...period, value }, measures, percent });
  }
  groups.push({ title: 'TOTAL', slice: period, measures, percent });
  return groups;
}

/** The budget performance's fixed columns: the period's last month, the fiscal year to its end, and the whole year's budget. */
function performanceGroups(period: Slice, year: { from: string; to: string }): Group[] {
  const month = monthStart(period.to);
  return [
    { title: monthTitle(month), slice: { from: month > period.from ? month : period.from, to: period.to }, measures: ['actual', 'budget'], percent: false },
    { title: `${monthTitle(year.from)} - ${monthTitle(period.to)}`, slice: { from: year.from, to: period.to }, measures: ['actual', 'budget'], percent: false },
    { title: 'Annual Budget', slice: { from: year.from, to: year.to }, measures: ['budget'], percent: false },
  ];
}

/** The sheet's columns, group by group (a heading over its measures), and the layout that fills them. */
function layoutOf(sheet: ReportSheet, groups: readonly Group[]): { layout: AmountLayout; measureAt: { group: Group; measure: Measure }[] } {
  const width = groups.reduce((n, g) => n + g.measures.length + (g.percent ? 1 : 0), 1);
  if (width > MAX_COLUMNS) throw new RequestInputError('summarizeColumnsBy', `there would be ${width} columns, more than ${MAX_COLUMNS}; filter the report first`);
  const twoRows = groups.some((g) => g.measures.length > 1);
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: twoRows ? [null, null] : [null] });
  const columns: AmountColumn[] = [];
  const derived: DerivedColumn[] = [];
  const measureAt: { group: Group; measure: Measure }[] = [];
  groups.forEach((group, g) => {
    const first = columns.length;
    for (const measure of group.measures) {
      const id = `${g === groups.length - 1 && group.title === 'TOTAL' ? 'total' : `column_${g + 1}`}_${measure}`;
      columns.push({ id, title: group.title, from: group.slice.from, to: group.slice.to });
      measureAt.push({ group, measure });
      sheet.addColumn({ id, type: measure === 'over' ? 'over_budget' : measure, dataType: 'amount', titles: twoRows ? [group.title, MEASURE_TITLES[measure]] : [group.title] });
    }
    if (group.percent) {
      const id = `${columns[first]?.id.replace(/_actual$/, '') ?? `column_${g + 1}`}_percent`;
      derived.push({ id, title: '% of Budget', dataType: 'percent', of: (f) => ((f[first + 1] ?? 0) === 0 ? null : ((f[first] ?? 0) / (f[first + 1] ?? 1)) * 100) });
      sheet.addColumn({ id, type: 'percent_of_budget', dataType: 'percent', titles: [group.title, '% of Budget'] });
    }
  });
  return { layout: { columns, derived }, measureAt };
}
