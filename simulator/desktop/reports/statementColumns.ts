import { addDays } from '../values/desktopTime.ts';
import { RequestInputError } from '../values/RequestInputError.ts';
import { notComputed } from './notComputed.ts';
import type { PostingFilter, PostingRow, ReportBooks } from './ReportBooks.ts';
import { axisRows, postingAxis, sortedKeys, type AxisRow, type PostingAxis } from './reportAxes.ts';
import type { ReportRequest } from './ReportRequest.ts';
import { yearStart } from './reportPeriods.ts';
import { periodHeading, shortDate } from './reportText.ts';
import type { AmountColumn, AmountLayout, ColumnsBy, DerivedColumn } from './amountLayout.ts';

export type { AmountColumn, AmountLayout, ColumnsBy, DerivedColumn } from './amountLayout.ts';

/** The column value of a posting under a layout with a column per value; undefined for any other layout. */
export function columnValueOf(layout: AmountLayout, p: PostingRow): string | null | undefined {
  return layout.columnsBy?.valueOf(p);
}

/** More columns than this is not a report anyone reads; the request is refused instead of answered slowly. */
export const MAX_COLUMNS = 1_000;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const monthStart = (date: string): string => `${date.slice(0, 8)}01`;
export const monthsLater = (date: string, n: number): string => {
  const d = new Date(`${monthStart(date)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
};
const weekStart = (date: string): string => addDays(date, -new Date(`${date}T00:00:00Z`).getUTCDay());
export const yearEarlier = (date: string): string => {
  const [y, m, d] = date.split('-').map(Number);
  const last = new Date(Date.UTC((y ?? 1970) - 1, m ?? 1, 0)).getUTCDate();
  return `${(y ?? 1970) - 1}-${date.slice(5, 7)}-${String(Math.min(d ?? 1, last)).padStart(2, '0')}`;
};

/** Where the period after the one starting at `start` begins, for each `summarizeColumnsBy` period. */
function nextStart(by: string, start: string, firstMonth: number): string {
  switch (by) {
    case 'day':
      return addDays(start, 1);
    case 'week':
      return addDays(weekStart(start), 7);
    case 'two_week':
      return addDays(weekStart(start), 14);
    case 'four_week':
      return addDays(weekStart(start), 28);
    case 'half_month':
      return Number(start.slice(8)) < 16 ? `${start.slice(0, 8)}16` : monthsLater(start, 1);
    case 'month':
      return monthsLater(start, 1);
    case 'quarter': {
      const month = Number(start.slice(5, 7)) - 1;
      return monthsLater(start, 3 - ((((month - firstMonth) % 3) + 3) % 3));
    }
    default:
      return monthsLater(yearStart(start, firstMonth), 12);
  }
}

export const PERIODS = new Set(['day', 'week', 'two_week', 'four_week', 'half_month', 'month', 'quarter', 'year']);

/** The periods of `[from, to]`, the first and last cut to it. */
export function periodsOf(by: string, from: string, to: string, firstMonth: number): { from: string; to: string }[] {
  const out: { from: string; to: string }[] = [];
  for (let start = from; start <= to; start = nextStart(by, start, firstMonth)) {
    const end = addDays(nextStart(by, start, firstMonth), -1);
    out.push({ from: start, to: end < to ? end : to });
    if (out.length > MAX_COLUMNS) throw new RequestInputError('summarizeColumnsBy', `${by} columns over this period would be more than ${MAX_COLUMNS}; ask for a shorter period or longer columns`);
  }
  return out;
}

export function periodTitle(by: string, period: { from: string; to: string }): string {
  if (by === 'month' && period.from.slice(8) === '01') return `${MONTHS[Number(period.from.slice(5, 7)) - 1] ?? ''} ${period.from.slice(2, 4)}`;
  if (by === 'day') return shortDate(period.from);
  return periodHeading(period);
}

/** A column of everything the others hold, at the right of columns by period, class or name. */
const totalOf = (from: string | null, to: string): AmountColumn => ({ id: 'total', title: 'TOTAL', from, to });

/** Columns of one value each: one per value the period's postings have in the axis's order, one for none, and the total. */
function valueColumns(books: ReportBooks, axis: PostingAxis, values: Iterable<string | null>, from: string | null, to: string): AmountColumn[] {
  const seen = new Set<string>();
  let none = false;
  for (const v of values) {
    if (v === null) none = true;
    else seen.add(v);
  }
  refuseBeyond(seen.size);
  return [
    ...sortedKeys(books, axis, seen).map((v, i) => ({ id: `column_${i + 1}`, title: axis.labelOf(v), from, to, value: v })),
    ...(none ? [{ id: 'column_none', title: axis.none, from, to, value: null }] : []),
    totalOf(from, to),
  ];
}

/** Refuses a layout of a column per value with this many values (and a column for none and the total) past MAX_COLUMNS. */
function refuseBeyond(values: number): void {
  if (values + 2 > MAX_COLUMNS) throw new RequestInputError('summarizeColumnsBy', `there would be ${values + 2} columns, more than ${MAX_COLUMNS}; filter the report first`);
}

/**
 * A layout with a column per value of an axis, its values found from the books' sums by class or
 * name, or by what the axis reads, when the filter allows; else from the postings.
 */
function valueLayout(books: ReportBooks, range: PostingFilter, axis: PostingAxis, keyed?: ColumnsBy['keyed'], valuesIn: PostingFilter = range): AmountLayout {
  const columnsBy: ColumnsBy = { valueOf: (p) => axis.keyOf(p), ...(axis.sums ? { sums: axis.sums } : {}), ...(axis.onlyTypes ? { onlyTypes: axis.onlyTypes } : {}), ...(keyed ? { keyed } : {}) };
  const keyedSums = keyed && books.ledger.keyedDaySums(valuesIn, keyed.field);
  const values = keyed && keyedSums ? keyedSums.map((r) => keyed.valueOf(r.key)) : axisRows(books, valuesIn, [axis], false).map((p) => axis.keyOf(p));
  return { columns: valueColumns(books, axis, values, range.from, range.to), derived: [], columnsBy };
}

const PARTY_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  customer: ['ldg_customer'],
  vendor: ['ldg_vendor'],
  employee: ['ldg_employee'],
  payee: ['ldg_customer', 'ldg_vendor', 'ldg_employee', 'ldg_other_name'],
};

/**
 * The amount columns of a statement from `summarizeColumnsBy` (or what its report type fixes:
 * `class` for the by-class reports). `asOf` statements (balance sheets) take every posting up to
 * each column's last day; the others the column's period. A value no axis answers refuses with 3250.
 * `valuesFrom`: where the days whose postings' values make columns start, when earlier than the
 * columns' (a comparison's earlier days).
 */
export function statementLayout(books: ReportBooks, request: ReportRequest, by: string, asOf: boolean, valuesFrom?: string | null): AmountLayout {
  const { from, to } = request.period;
  const firstMonth = request.query['reportCalendar'] === 'fiscal_year' ? books.fiscalYearStartMonth : 0;
  if (by === 'total_only') return { columns: [{ id: 'total', title: asOf ? shortDate(to) : periodHeading(request.period), from: asOf ? null : from, to }], derived: [] };
  if (PERIODS.has(by)) return periodLayout(by, from, from ?? books.firstPostingDate(), to, firstMonth, asOf);
  const range: PostingFilter = { ...request.filter, from: asOf ? null : from, to };
  const valuesIn: PostingFilter = valuesFrom === undefined || asOf ? range : { ...range, from: valuesFrom };
  const axis = postingAxis(books, valuesIn, by);
  if (!axis) throw notComputed(`columns by ${by} (summarizeColumnsBy)`);
  // By class or name the books keep sums by day already; a column per name is counted by SQLite first, too many refused before the sums are read.
  if (by === 'class') return valueLayout(books, range, axis, { field: 'class', valueOf: (key) => key }, valuesIn);
  const party = PARTY_COLUMNS[by];
  if (party) {
    refuseBeyond(books.ledger.keyedPostingCount(valuesIn, 'entity', party, true) ?? 0);
    const isOne = new Map<string, boolean>();
    const valueOf = (key: string | null): string | null => {
      if (key === null) return null;
      if (!isOne.has(key)) isOne.set(key, books.findAmong(party, key) !== undefined);
      return isOne.get(key) ? key : null;
    };
    return valueLayout(books, range, axis, { field: 'entity', valueOf }, valuesIn);
  }
  return valueLayout(books, range, axis, undefined, valuesIn);
}

/** Columns by period from `first` (the report's first day, or its first posting's), each a span or (`asOf`) its last day. */
function periodLayout(by: string, from: string | null, first: string, to: string, firstMonth: number, asOf: boolean): AmountLayout {
  const columns = periodsOf(by, first, to, firstMonth).map((p, i) => ({ id: `column_${i + 1}`, title: asOf ? shortDate(p.to) : periodTitle(by, p), from: asOf ? null : p.from, to: p.to }));
  return { columns: asOf ? columns : [...columns, totalOf(from, to)], derived: [] };
}

/**
 * The columns of a report of facts its documents say (a time entry's hours, a paycheck line's
 * amount: `reportAxes.factRow`): one total, periods from the first fact, or a column per value
 * of an axis among the facts, beside the total. The same axes as the statements'.
 */
export function factLayout(books: ReportBooks, request: ReportRequest, by: string, facts: readonly AxisRow[]): AmountLayout {
  const { from, to } = request.period;
  if (by === 'total_only') return { columns: [totalOf(from, to)], derived: [] };
  const firstMonth = request.query['reportCalendar'] === 'fiscal_year' ? books.fiscalYearStartMonth : 0;
  const first = facts.reduce<string | null>((a, f) => (a === null || f.date < a ? f.date : a), null);
  if (PERIODS.has(by)) return periodLayout(by, from, from ?? first ?? to, to, firstMonth, false);
  const axis = postingAxis(books, { from, to }, by);
  if (!axis) throw notComputed(`columns by ${by} (summarizeColumnsBy)`);
  return { columns: valueColumns(books, axis, facts.map((f) => axis.keyOf(f)), from, to), derived: [], columnsBy: { valueOf: (p) => axis.keyOf(p) } };
}

/** Whether a posting (or a fact) falls in a column: on its days and, for a column of one value, of its value. */
export function inColumn(layout: AmountLayout, c: AmountColumn, p: PostingRow): boolean {
  return (c.from === null || p.date >= c.from) && p.date <= c.to && (c.value === undefined || columnValueOf(layout, p) === c.value);
}

/** A layout of one total column (`total_only`): a comparison of it keeps the comparison's own ids. */
const isOneTotal = (layout: AmountLayout): boolean => layout.columns.length === 1 && layout.columns[0]?.id === 'total';

/** A column's span as a comparison heads it: its last day as of which (`asOf`), else its period. */
const spanTitle = (span: { from: string | null; to: string }, asOf: boolean): string => (asOf ? shortDate(span.to) : periodHeading(span));

/**
 * Columns each set beside another of the same value over other days, with what is derived from
 * the pair: one column over the period keeps the comparison's own ids (`current`, `other.id`...);
 * columns by period or value are each compared, their ids prefixed with the column's.
 */
function pairedLayout(base: AmountLayout, other: { id: string; span(c: AmountColumn): { from: string | null; to: string }; title(c: AmountColumn, span: { from: string | null; to: string }): string }, derived: readonly Omit<DerivedColumn, 'of' | 'after'>[], of: (id: string, now: number, before: number) => number | null): AmountLayout {
  const one = isOneTotal(base);
  const columns: AmountColumn[] = [];
  const out: DerivedColumn[] = [];
  for (const c of base.columns) {
    const id = one ? 'current' : c.id;
    const span = other.span(c);
    const [now, before] = [columns.length, columns.length + 1];
    columns.push({ ...c, id }, { ...c, ...span, id: one ? other.id : `${c.id}_${other.id}`, title: other.title(c, span) });
    const lastOf = derived.length > 0 ? (one ? undefined : `${c.id}_${other.id}`) : undefined;
    for (const d of derived) out.push({ ...d, id: one ? d.id : `${c.id}_${d.id}`, title: one ? d.title : `${c.title} ${d.title}`, type: d.id, ...(lastOf ? { after: lastOf } : {}), of: (f) => of(d.id, f[now] ?? 0, f[before] ?? 0) });
  }
  if (columns.length + out.length > MAX_COLUMNS) throw new RequestInputError('summarizeColumnsBy', `compared, these columns would be ${columns.length + out.length}, more than ${MAX_COLUMNS}; ask for a shorter period or longer columns, or filter the report first`);
  return { columns, derived: out, ...(base.columnsBy ? { columnsBy: base.columnsBy } : {}) };
}

/**
 * The columns `summarizeColumnsBy` asks for (one total by default), each beside the same days a
 * year earlier, their difference and its percentage; values found over both years.
 */
export function previousYearLayout(books: ReportBooks, request: ReportRequest, by: string, asOf: boolean): AmountLayout {
  const { from } = request.period;
  const base = statementLayout(books, request, by, asOf, from === null ? null : yearEarlier(from));
  const one = isOneTotal(base);
  return pairedLayout(
    base,
    {
      id: 'previous_year',
      span: (c) => ({ from: c.from === null || asOf ? null : yearEarlier(c.from), to: yearEarlier(c.to) }),
      title: (c, span) => (one ? spanTitle(span, asOf) : `${c.title} (prev year)`),
    },
    [
      { id: 'change', title: '$ Change', dataType: 'amount' },
      { id: 'percent_change', title: '% Change', dataType: 'percent' },
    ],
    (id, now, before) => (id === 'change' ? now - before : before === 0 ? null : ((now - before) / Math.abs(before)) * 100),
  );
}

/** The columns `summarizeColumnsBy` asks for (one total by default), each beside the fiscal year to its last day; values found over both. */
export function yearToDateLayout(books: ReportBooks, request: ReportRequest, by: string): AmountLayout {
  const { from } = request.period;
  const base = statementLayout(books, request, by, false, from === null ? null : yearStart(from, books.fiscalYearStartMonth));
  const one = isOneTotal(base);
  return pairedLayout(
    base,
    {
      id: 'year_to_date',
      span: (c) => ({ from: yearStart(c.to, books.fiscalYearStartMonth), to: c.to }),
      title: (c, span) => (one ? spanTitle(span, false) : `${c.title} (YTD)`),
    },
    [],
    () => null,
  );
}
