import { addDays } from '../values/desktopTime.ts';
import { accountRows, accountsTotal, addFigures, figureCells, isZero, subtractFigures, zeroFigures, type AccountFigures, type Figures } from './accountRows.ts';
import { ColumnSums } from './columnSums.ts';
import type { ChartAccount, ReportBooks } from './ReportBooks.ts';
import type { AmountColumn, AmountLayout } from './statementColumns.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { ReportSheet } from './ReportSheet.ts';
import { yearStart } from './reportPeriods.ts';
import { longDate, periodSubtitle } from './reportText.ts';

export function addAmountColumns(sheet: ReportSheet, layout: AmountLayout): void {
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: [null] });
  const derived = (d: AmountLayout['derived'][number]): void => void sheet.addColumn({ id: d.id, type: d.type ?? d.id, dataType: d.dataType, titles: [d.title] });
  for (const c of layout.columns) {
    sheet.addColumn({ id: c.id, type: c.id === 'total' && layout.columns.length > 1 ? 'total' : 'amount', dataType: 'amount', titles: [c.title] });
    layout.derived.filter((d) => d.after === c.id).forEach(derived);
  }
  layout.derived.filter((d) => d.after === undefined).forEach(derived);
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
export function retainedEarningsAccount(books: ReportBooks): ChartAccount | undefined {
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
