import { normalSign } from '../books/specialAccounts.ts';
import { addDays } from '../values/desktopTime.ts';
import { fromCents } from '../values/money.ts';
import { isProfitAndLoss } from './accountGroups.ts';
import { accountRows, accountsTotal, addFigures, figureCells, isZero, subtractFigures, zeroFigures, type AccountFigures, type Figures } from './accountRows.ts';
import type { ChartAccount, PostingRow, ReportBooks } from './ReportBooks.ts';
import type { KeyedDay } from './ReportBooks.ts';
import type { AmountColumn, AmountLayout } from './statementColumns.ts';
import { axisRows } from './reportAxes.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { ReportSheet } from './ReportSheet.ts';
import { yearStart } from './reportPeriods.ts';
import { longDate, periodSubtitle, shortDate } from './reportText.ts';

/**
 * Sums by account for the columns of a statement, from one read of the books: each column takes
 * the days (and the class or name) a figure asks for.
 */
class ColumnSums {
  /** Sums per account and day (and class or name, for columns by one) when the filter allows (`ReportBooks.daySums`), else the postings. */
  private readonly rows: readonly Pick<PostingRow, 'account' | 'date' | 'cents'>[];
  /** The column value of a row, for columns of one value each. */
  private readonly keyOf: ((row: Pick<PostingRow, 'account' | 'date' | 'cents'>) => string | null) | undefined;
  private readonly cache = new Map<string, { all: Map<string, number>; byValue: Map<string | null, Map<string, number>> }>();

  constructor(
    private readonly books: ReportBooks,
    request: ReportRequest,
    private readonly layout: AmountLayout,
    /** Whether figures are asked for other days than the columns' own (a balance sheet's retained earnings): sums must then keep their day. */
    otherSpans = false,
  ) {
    const froms = layout.columns.map((c) => c.from);
    const from = froms.includes(null) ? null : froms.reduce((a, b) => (a !== null && b !== null && b < a ? b : a), froms[0] ?? null);
    const to = layout.columns.map((c) => c.to).reduce((a, b) => (b > a ? b : a), request.period.to);
    const range = { ...request.filter, from, to };
    const by = layout.columnsBy;
    if (!by) {
      this.rows = books.daySums(range) ?? books.postings(range);
      return;
    }
    const keyed = by.keyed;
    const keyedRows = keyed && books.keyedDaySums(range, keyed.field);
    // Rows are the books' keyed sums, sums by day and what the columns go by, or postings (a filter the sums do not keep): each carries its value its own way.
    if (keyed && keyedRows) {
      this.rows = keyedRows;
      this.keyOf = (r) => keyed.valueOf((r as KeyedDay).key);
      return;
    }
    // Columns of one value each over one span, asked for nothing else, need no sums by day (a whole history's days by terms took seconds).
    const oneSpan = layout.columns.every((c) => c.from === from && c.to === to);
    this.rows = axisRows(books, range, [by], otherSpans || !oneSpan);
    this.keyOf = (r) => by.valueOf(r as PostingRow);
  }

  private get columns(): readonly AmountColumn[] {
    return this.layout.columns;
  }

  /**
   * Debits less credits by account in column `i`, on the days from `from` to `to`. One pass over
   * the postings per span of days serves every column: by value (class, name) and in all.
   */
  sums(i: number, from: string | null, to: string): Map<string, number> {
    const key = `${from} ${to}`;
    let span = this.cache.get(key);
    if (!span) {
      span = { all: new Map(), byValue: new Map() };
      const by = this.layout.columnsBy;
      const keyOf = this.keyOf;
      for (const p of this.rows) {
        if (p.date > to || (from !== null && p.date < from)) continue;
        span.all.set(p.account, (span.all.get(p.account) ?? 0) + p.cents);
        if (!by || !keyOf) continue;
        const value = keyOf(p);
        let sums = span.byValue.get(value);
        if (!sums) span.byValue.set(value, (sums = new Map()));
        sums.set(p.account, (sums.get(p.account) ?? 0) + p.cents);
      }
      this.cache.set(key, span);
    }
    const column = this.columns[i];
    return column?.value === undefined ? span.all : span.byValue.get(column.value) ?? new Map();
  }

  /** Each account's figures, one per column, on its natural side; `range` says which days a column's figure of an account covers. */
  figures(range: (c: AmountColumn, account: ChartAccount) => { from: string | null; to: string }): AccountFigures {
    const own = new Map<string, Figures>();
    const active = new Set<string>();
    for (const account of this.books.accounts) {
      const f = this.columns.map((c, i) => {
        const { from, to } = range(c, account);
        const sums = this.sums(i, from, to);
        if (sums.has(account.id)) active.add(account.id);
        return (sums.get(account.id) ?? 0) * normalSign(account.accountType);
      });
      own.set(account.id, f);
    }
    return { own: (id) => own.get(id), active: (id) => active.has(id) };
  }

  /** What profit and loss accounts added up to in each column, debits less credits, on the days a column's `range` gives. */
  profitAndLoss(range: (c: AmountColumn) => { from: string | null; to: string }): number[] {
    return this.columns.map((c, i) => {
      const { from, to } = range(c);
      let cents = 0;
      for (const [id, v] of this.sums(i, from, to)) if (isProfitAndLoss(this.books.accountById.get(id)?.accountType ?? '')) cents += v;
      return cents;
    });
  }
}

export function addAmountColumns(sheet: ReportSheet, layout: AmountLayout): void {
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: [null] });
  for (const c of layout.columns) sheet.addColumn({ id: c.id, type: c.id === 'total' && layout.columns.length > 1 ? 'total' : 'amount', dataType: 'amount', titles: [c.title] });
  for (const d of layout.derived) sheet.addColumn({ id: d.id, type: d.id, dataType: d.dataType, titles: [d.title] });
}

const rootsOf = (books: ReportBooks, types: readonly string[]): ChartAccount[] =>
  books.accounts.filter((a) => types.includes(a.accountType) && (a.parent === null || !books.accountById.has(a.parent)));

/** The profit and loss: each account's movement over each column, in the desktop application's sections. */
export function profitAndLoss(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, layout: AmountLayout): void {
  addAmountColumns(sheet, layout);
  profitAndLossRows(books, request, sheet, layout, movements(books, request, layout));
}

/** Each account's movement over each column's days (and class or name), on its natural side. */
export function movements(books: ReportBooks, request: ReportRequest, layout: AmountLayout): AccountFigures {
  return new ColumnSums(books, request, layout).figures((c) => ({ from: c.from, to: c.to }));
}

/** The profit and loss sections of any figures (movements, budgets), in the desktop application's order and with its running results. */
export function profitAndLossRows(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, layout: AmountLayout, figures: AccountFigures): void {
  const width = layout.columns.length;
  const section = (title: string, types: readonly string[]): Figures => {
    const roots = rootsOf(books, types);
    if (roots.length === 0) return zeroFigures(width);
    sheet.text(title);
    const total = accountRows(sheet, roots, books.accountById, figures, layout, request.rowsToReturn);
    sheet.subtotal({ type: 'label', value: `Total ${title}` }, figureCells(`Total ${title}`, layout, total));
    return total;
  };
  sheet.text('Ordinary Income/Expense');
  const income = section('Income', ['income']);
  const cogs = section('Cost of Goods Sold', ['cost_of_goods_sold']);
  const gross = subtractFigures(income, cogs);
  sheet.subtotal({ type: 'label', value: 'Gross Profit' }, figureCells('Gross Profit', layout, gross));
  const expense = section('Expense', ['expense']);
  const ordinary = subtractFigures(gross, expense);
  sheet.subtotal({ type: 'label', value: 'Net Ordinary Income' }, figureCells('Net Ordinary Income', layout, ordinary));
  sheet.text('Other Income/Expense');
  const otherIncome = section('Other Income', ['other_income']);
  const otherExpense = section('Other Expense', ['other_expense']);
  const other = subtractFigures(otherIncome, otherExpense);
  sheet.subtotal({ type: 'label', value: 'Net Other Income' }, figureCells('Net Other Income', layout, other));
  sheet.total({ type: 'label', value: 'Net Income' }, figureCells('Net Income', layout, addFigures(ordinary, other)));
}

/** The equity account earlier years' results close into: marked so, or named so. */
function retainedEarningsAccount(books: ReportBooks): ChartAccount | undefined {
  return books.accounts.find((a) => a.specialAccountType === 'retained_earnings') ?? books.accounts.find((a) => a.accountType === 'equity' && a.fullName === 'Retained Earnings');
}

/**
 * Balance sheet figures as of each column's last day: balance sheet accounts carry every posting up
 * to it; profit and loss accounts close into retained earnings at each fiscal year's start, and this
 * year's result shows as Net Income.
 */
function balanceSheetFigures(books: ReportBooks, request: ReportRequest, layout: AmountLayout): { figures: AccountFigures; retained: Figures; netIncome: Figures } {
  const sums = new ColumnSums(books, request, layout, true);
  const figures = sums.figures((c) => ({ from: null, to: c.to }));
  const fiscalStart = (c: AmountColumn): string => yearStart(c.to, books.fiscalYearStartMonth);
  const retained = sums.profitAndLoss((c) => ({ from: null, to: addDays(fiscalStart(c), -1) })).map((cents) => -cents);
  const netIncome = sums.profitAndLoss((c) => ({ from: fiscalStart(c), to: c.to })).map((cents) => -cents);
  return { figures, retained, netIncome };
}

const GROUPS = {
  currentAssets: [
    ['Checking/Savings', ['bank']],
    ['Accounts Receivable', ['accounts_receivable']],
    ['Other Current Assets', ['other_current_asset']],
  ],
  otherAssets: [
    ['Fixed Assets', ['fixed_asset']],
    ['Other Assets', ['other_asset']],
  ],
  currentLiabilities: [
    ['Accounts Payable', ['accounts_payable']],
    ['Credit Cards', ['credit_card']],
    ['Other Current Liabilities', ['other_current_liability']],
  ],
} as const;

/**
 * The balance sheet as of the period's last day: assets, then liabilities and equity, with the
 * desktop application's groups. `summary` shows each group as one row instead of its accounts.
 */
export function balanceSheet(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, summary: boolean, layout: AmountLayout): void {
  addAmountColumns(sheet, layout);
  const width = layout.columns.length;
  const { figures, retained, netIncome } = balanceSheetFigures(books, request, layout);
  const retainedAccount = retainedEarningsAccount(books);
  // Earlier years' results are shown on retained earnings, this year's as Net Income, both in equity.
  const withRetained: AccountFigures = {
    own: (id) => (retainedAccount?.id === id ? addFigures(figures.own(id) ?? zeroFigures(width), retained) : figures.own(id)),
    active: (id) => figures.active(id) || (retainedAccount?.id === id && !isZero(retained)),
  };
  const computed = (types: readonly string[]): [string, Figures][] =>
    types.includes('equity') ? [...(retainedAccount || isZero(retained) ? [] : [['Retained Earnings', retained] as [string, Figures]]), ['Net Income', netIncome]] : [];
  balanceSheetRows(books, request, sheet, { summary, layout, figures: withRetained, computed });
}

/**
 * The balance sheet's groups of any figures (balances, budgets): assets, then liabilities and
 * equity. `computed` gives rows a group shows after its accounts (equity's Net Income).
 */
export function balanceSheetRows(
  books: ReportBooks,
  request: ReportRequest,
  sheet: ReportSheet,
  { summary, layout, figures: withRetained, computed }: { summary: boolean; layout: AmountLayout; figures: AccountFigures; computed: (types: readonly string[]) => [string, Figures][] },
): void {
  const width = layout.columns.length;
  /** A group of accounts: a heading, its accounts and its total; in a summary, one row. */
  const group = (title: string, types: readonly string[]): Figures => {
    const roots = rootsOf(books, types);
    const extra = computed(types);
    if (roots.length === 0 && extra.length === 0) return zeroFigures(width);
    if (summary) {
      const total = extra.reduce((sum, [, f]) => addFigures(sum, f), accountsTotal(roots, books.accountById, withRetained, width));
      if (!isZero(total) || request.rowsToReturn === 'all') sheet.data({ type: 'label', value: title }, figureCells(title, layout, total));
      return total;
    }
    sheet.text(title);
    let total = accountRows(sheet, roots, books.accountById, withRetained, layout, request.rowsToReturn);
    for (const [label, f] of extra) {
      if (!isZero(f) || request.rowsToReturn === 'all') sheet.data({ type: 'label', value: label }, figureCells(label, layout, f));
      total = addFigures(total, f);
    }
    sheet.subtotal({ type: 'label', value: `Total ${title}` }, figureCells(`Total ${title}`, layout, total));
    return total;
  };
  const block = (title: string, parts: readonly (readonly [string, readonly string[]])[]): Figures => {
    if (!summary) sheet.text(title);
    const total = parts.reduce((sum, [t, types]) => addFigures(sum, group(t, types)), zeroFigures(width));
    sheet.subtotal({ type: 'label', value: `Total ${title}` }, figureCells(`Total ${title}`, layout, total));
    return total;
  };
  sheet.text('ASSETS');
  const assets = GROUPS.otherAssets.reduce((sum, [t, types]) => addFigures(sum, group(t, types)), block('Current Assets', GROUPS.currentAssets));
  sheet.total({ type: 'label', value: 'TOTAL ASSETS' }, figureCells('TOTAL ASSETS', layout, assets));
  sheet.text('LIABILITIES & EQUITY');
  if (!summary) sheet.text('Liabilities');
  const liabilities = addFigures(block('Current Liabilities', GROUPS.currentLiabilities), group('Long Term Liabilities', ['long_term_liability']));
  sheet.subtotal({ type: 'label', value: 'Total Liabilities' }, figureCells('Total Liabilities', layout, liabilities));
  const equity = group('Equity', ['equity']);
  sheet.total({ type: 'label', value: 'TOTAL LIABILITIES & EQUITY' }, figureCells('TOTAL LIABILITIES & EQUITY', layout, addFigures(liabilities, equity)));
}

/**
 * Every account's balance as of the period's last day, in a debit or a credit column: balance
 * sheet accounts from the first posting, profit and loss accounts from the fiscal year's start
 * (earlier years are in retained earnings). Debits and credits add up to the same total.
 */
export function trialBalance(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void {
  const to = request.period.to;
  const heading = shortDate(to);
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: [null, null] });
  sheet.addColumn({ id: 'debit', type: 'debit', dataType: 'amount', titles: [heading, 'Debit'] });
  sheet.addColumn({ id: 'credit', type: 'credit', dataType: 'amount', titles: [heading, 'Credit'] });
  const fiscalStart = yearStart(to, books.fiscalYearStartMonth);
  const all = books.sumsByAccount({ ...request.filter, from: null, to });
  const thisYear = books.sumsByAccount({ ...request.filter, from: fiscalStart, to });
  const retained = retainedEarningsAccount(books);
  let closed = 0;
  for (const [id, cents] of all) if (isProfitAndLoss(books.accountById.get(id)?.accountType ?? '')) closed += cents - (thisYear.get(id) ?? 0);
  let debits = 0;
  let credits = 0;
  const row = (descriptor: { type: string; value: string }, label: string, cents: number): void => {
    if (cents > 0) debits += cents;
    else credits -= cents;
    sheet.data(descriptor, { label, debit: cents > 0 ? money(cents) : null, credit: cents < 0 ? money(-cents) : null });
  };
  for (const a of books.accounts) {
    let cents = isProfitAndLoss(a.accountType) ? thisYear.get(a.id) ?? 0 : all.get(a.id) ?? 0;
    if (a === retained) cents += closed;
    const shown = request.rowsToReturn === 'all' ? a.isActive || cents !== 0 : request.rowsToReturn === 'non_zero' ? cents !== 0 : (isProfitAndLoss(a.accountType) ? thisYear.has(a.id) : all.has(a.id)) || (a === retained && closed !== 0);
    if (shown) row({ type: 'account', value: a.fullName }, a.fullName, cents);
  }
  if (!retained && closed !== 0) row({ type: 'label', value: 'Retained Earnings' }, 'Retained Earnings', closed);
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', debit: money(debits), credit: money(credits) });
}

const money = (cents: number): string => fromCents(cents, 'A report total');

/** Subtitles of the statements: a period, or a day the report is as of. */
export const statementSubtitle = {
  period: (request: ReportRequest): string => periodSubtitle(request.period),
  asOf: (request: ReportRequest): string => `As of ${longDate(request.period.to)}`,
};

/**
 * Every account's movement over each column, on its natural side, in chart order with its
 * sub-accounts: a custom summary by account. There is no total: natural sides do not add up.
 */
export function accountMovements(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, layout: AmountLayout): void {
  addAmountColumns(sheet, layout);
  const figures = new ColumnSums(books, request, layout).figures((c) => ({ from: c.from, to: c.to }));
  accountRows(sheet, rootsOf(books, books.accounts.map((a) => a.accountType)), books.accountById, figures, layout, request.rowsToReturn);
}
