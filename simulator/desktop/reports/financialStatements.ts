import { normalSign } from '../books/specialAccounts.ts';
import { isProfitAndLoss } from './accountGroups.ts';
import { accountRows, accountsTotal, addFigures, figureCells, isZero, subtractFigures, zeroFigures, type AccountFigures, type Figures } from './accountRows.ts';
import type { ChartAccount, PostingFilter, ReportBooks } from './ReportBooks.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { ReportSheet } from './ReportSheet.ts';
import { yearStart } from './reportPeriods.ts';
import { longDate, periodHeading, periodSubtitle, shortDate } from './reportText.ts';

/** One amount column of a statement: its heading and the days its figures cover. */
interface AmountColumn {
  id: string;
  title: string;
  from: string | null;
  to: string;
}

/** Sums by account for each column, and which accounts had postings in any of them. */
function columnSums(books: ReportBooks, request: ReportRequest, columns: readonly AmountColumn[], range: (c: AmountColumn, a: 'pl' | 'bs') => { from: string | null; to: string }): {
  figures: (sign: (a: ChartAccount) => 1 | -1) => AccountFigures;
  raw: (kind: 'pl' | 'bs', column: number, filter?: Partial<PostingFilter>) => Map<string, number>;
} {
  const cache = new Map<string, Map<string, number>>();
  const raw = (kind: 'pl' | 'bs', column: number, extra: Partial<PostingFilter> = {}): Map<string, number> => {
    const c = columns[column];
    if (!c) return new Map();
    const { from, to } = range(c, kind);
    const key = JSON.stringify([from, to, extra]);
    let sums = cache.get(key);
    if (!sums) cache.set(key, (sums = books.sumsByAccount({ ...request.filter, from, to, ...extra })));
    return sums;
  };
  const active = new Set<string>();
  return {
    raw,
    figures: (sign) => {
      const own = new Map<string, Figures>();
      for (const account of books.accounts) {
        const kind = isProfitAndLoss(account.accountType) ? 'pl' : 'bs';
        const f = columns.map((_c, i) => {
          const sums = raw(kind, i);
          if (sums.has(account.id)) active.add(account.id);
          return (sums.get(account.id) ?? 0) * sign(account);
        });
        own.set(account.id, f);
      }
      return { own: (id) => own.get(id), active: (id) => active.has(id) };
    },
  };
}

function totalColumn(request: ReportRequest, title: string): AmountColumn[] {
  return [{ id: 'total', title, from: request.period.from, to: request.period.to }];
}

function addAmountColumns(sheet: ReportSheet, columns: readonly AmountColumn[]): string[] {
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: [null] });
  for (const c of columns) sheet.addColumn({ id: c.id, type: 'amount', dataType: 'amount', titles: [c.title] });
  return columns.map((c) => c.id);
}

const rootsOf = (books: ReportBooks, types: readonly string[]): ChartAccount[] =>
  books.accounts.filter((a) => types.includes(a.accountType) && (a.parent === null || !books.accountById.has(a.parent)));

/** The profit and loss sections, in the desktop application's order and with its running results. */
export function profitAndLoss(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void {
  const columns = totalColumn(request, periodHeading(request.period));
  const ids = addAmountColumns(sheet, columns);
  const sums = columnSums(books, request, columns, (c) => ({ from: c.from, to: c.to }));
  const figures = sums.figures((a) => normalSign(a.accountType));
  const section = (title: string, types: readonly string[]): Figures => {
    const roots = rootsOf(books, types);
    if (roots.length === 0) return zeroFigures(ids.length);
    sheet.text(title);
    const total = accountRows(sheet, roots, books.accountById, figures, ids, request.rowsToReturn);
    sheet.subtotal({ type: 'label', value: `Total ${title}` }, figureCells(`Total ${title}`, ids, total));
    return total;
  };
  sheet.text('Ordinary Income/Expense');
  const income = section('Income', ['income']);
  const cogs = section('Cost of Goods Sold', ['cost_of_goods_sold']);
  const gross = subtractFigures(income, cogs);
  sheet.subtotal({ type: 'label', value: 'Gross Profit' }, figureCells('Gross Profit', ids, gross));
  const expense = section('Expense', ['expense']);
  const ordinary = subtractFigures(gross, expense);
  sheet.subtotal({ type: 'label', value: 'Net Ordinary Income' }, figureCells('Net Ordinary Income', ids, ordinary));
  sheet.text('Other Income/Expense');
  const otherIncome = section('Other Income', ['other_income']);
  const otherExpense = section('Other Expense', ['other_expense']);
  const other = subtractFigures(otherIncome, otherExpense);
  sheet.subtotal({ type: 'label', value: 'Net Other Income' }, figureCells('Net Other Income', ids, other));
  sheet.total({ type: 'label', value: 'Net Income' }, figureCells('Net Income', ids, addFigures(ordinary, other)));
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
function balanceSheetFigures(books: ReportBooks, request: ReportRequest, columns: readonly AmountColumn[]): { figures: AccountFigures; retained: Figures; netIncome: Figures } {
  const sums = columnSums(books, request, columns, (c) => ({ from: null, to: c.to }));
  const figures = sums.figures((a) => normalSign(a.accountType));
  const plBefore = (i: number, before: string): number => {
    let cents = 0;
    for (const [id, v] of sums.raw('bs', i)) {
      const a = books.accountById.get(id);
      if (a && isProfitAndLoss(a.accountType)) cents += v;
    }
    let later = 0;
    for (const [id, v] of sums.raw('bs', i, { from: before })) {
      const a = books.accountById.get(id);
      if (a && isProfitAndLoss(a.accountType)) later += v;
    }
    return cents - later;
  };
  const retained = columns.map((c, i) => -plBefore(i, yearStart(c.to, books.fiscalYearStartMonth)));
  const netIncome = columns.map((c, i) => {
    let cents = 0;
    for (const [id, v] of sums.raw('bs', i, { from: yearStart(c.to, books.fiscalYearStartMonth) })) {
      const a = books.accountById.get(id);
      if (a && isProfitAndLoss(a.accountType)) cents += v;
    }
    return -cents;
  });
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
export function balanceSheet(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, summary: boolean): void {
  const columns: AmountColumn[] = [{ id: 'total', title: shortDate(request.period.to), from: null, to: request.period.to }];
  const ids = addAmountColumns(sheet, columns);
  const { figures, retained, netIncome } = balanceSheetFigures(books, request, columns);
  const retainedAccount = retainedEarningsAccount(books);
  // Earlier years' results are shown on retained earnings, this year's as Net Income, both in equity.
  const withRetained: AccountFigures = {
    own: (id) => (retainedAccount?.id === id ? addFigures(figures.own(id) ?? zeroFigures(ids.length), retained) : figures.own(id)),
    active: (id) => figures.active(id) || (retainedAccount?.id === id && !isZero(retained)),
  };
  const computed = (types: readonly string[]): [string, Figures][] =>
    types.includes('equity') ? [...(retainedAccount || isZero(retained) ? [] : [['Retained Earnings', retained] as [string, Figures]]), ['Net Income', netIncome]] : [];
  /** A group of accounts: a heading, its accounts and its total; in a summary, one row. */
  const group = (title: string, types: readonly string[]): Figures => {
    const roots = rootsOf(books, types);
    const extra = computed(types);
    if (roots.length === 0 && extra.length === 0) return zeroFigures(ids.length);
    if (summary) {
      const total = extra.reduce((sum, [, f]) => addFigures(sum, f), accountsTotal(roots, books.accountById, withRetained, ids.length));
      if (!isZero(total) || request.rowsToReturn === 'all') sheet.data({ type: 'label', value: title }, figureCells(title, ids, total));
      return total;
    }
    sheet.text(title);
    let total = accountRows(sheet, roots, books.accountById, withRetained, ids, request.rowsToReturn);
    for (const [label, f] of extra) {
      if (!isZero(f) || request.rowsToReturn === 'all') sheet.data({ type: 'label', value: label }, figureCells(label, ids, f));
      total = addFigures(total, f);
    }
    sheet.subtotal({ type: 'label', value: `Total ${title}` }, figureCells(`Total ${title}`, ids, total));
    return total;
  };
  const block = (title: string, parts: readonly (readonly [string, readonly string[]])[]): Figures => {
    if (!summary) sheet.text(title);
    const total = parts.reduce((sum, [t, types]) => addFigures(sum, group(t, types)), zeroFigures(ids.length));
    sheet.subtotal({ type: 'label', value: `Total ${title}` }, figureCells(`Total ${title}`, ids, total));
    return total;
  };
  sheet.text('ASSETS');
  const assets = GROUPS.otherAssets.reduce((sum, [t, types]) => addFigures(sum, group(t, types)), block('Current Assets', GROUPS.currentAssets));
  sheet.total({ type: 'label', value: 'TOTAL ASSETS' }, figureCells('TOTAL ASSETS', ids, assets));
  sheet.text('LIABILITIES & EQUITY');
  if (!summary) sheet.text('Liabilities');
  const liabilities = addFigures(block('Current Liabilities', GROUPS.currentLiabilities), group('Long Term Liabilities', ['long_term_liability']));
  sheet.subtotal({ type: 'label', value: 'Total Liabilities' }, figureCells('Total Liabilities', ids, liabilities));
  const equity = group('Equity', ['equity']);
  sheet.total({ type: 'label', value: 'TOTAL LIABILITIES & EQUITY' }, figureCells('TOTAL LIABILITIES & EQUITY', ids, addFigures(liabilities, equity)));
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

const money = (cents: number): string => figureCells('', ['v'], [cents])['v'] ?? '0.00';

/** Subtitles of the statements: a period, or a day the report is as of. */
export const statementSubtitle = {
  period: (request: ReportRequest): string => periodSubtitle(request.period),
  asOf: (request: ReportRequest): string => `As of ${longDate(request.period.to)}`,
};
