import { normalSign } from '../books/specialAccounts.ts';
import { fromCents } from '../values/money.ts';
import { isProfitAndLoss } from './accountGroups.ts';
import { ColumnSums } from './columnSums.ts';
import { retainedEarningsAccount } from './financialStatements.ts';
import type { ReportBooks } from './ReportBooks.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { ReportSheet } from './ReportSheet.ts';
import { yearStart } from './reportPeriods.ts';
import { addDays } from '../values/desktopTime.ts';
import type { AmountLayout } from './statementColumns.ts';

const money = (cents: number): string => fromCents(cents, 'A report total');

/**
 * Every account's balance as of each column's last day, in a debit or a credit column: balance
 * sheet accounts from the first posting, profit and loss accounts from the fiscal year's start
 * (earlier years are in retained earnings). Columns as the balance sheet's (`statementLayout` as
 * of: one by default, by period as of each one's last day, or one per class, name...), each a
 * debit and a credit; in each, debits and credits add up to the same total.
 */
export function trialBalance(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, layout: AmountLayout): void {
  // One column keeps the report's own ids; more are each a pair under their heading.
  const one = layout.columns.length === 1 && layout.columns[0]?.id === 'total';
  const idOf = (i: number, side: 'debit' | 'credit'): string => (one ? side : `${layout.columns[i]?.id}_${side}`);
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: [null, null] });
  layout.columns.forEach((c, i) => {
    sheet.addColumn({ id: idOf(i, 'debit'), type: 'debit', dataType: 'amount', titles: [c.title, 'Debit'] });
    sheet.addColumn({ id: idOf(i, 'credit'), type: 'credit', dataType: 'amount', titles: [c.title, 'Credit'] });
  });
  const sums = new ColumnSums(books, request, layout, true);
  const fiscalStart = (to: string): string => yearStart(to, books.fiscalYearStartMonth);
  // Debits less credits: figures come on each account's natural side, turned back here.
  const own = sums.figures((c, a) => ({ from: isProfitAndLoss(a.accountType) ? fiscalStart(c.to) : null, to: c.to }));
  const closed = sums.profitAndLoss((c) => ({ from: null, to: addDays(fiscalStart(c.to), -1) }));
  const retained = retainedEarningsAccount(books);
  const width = layout.columns.length;
  const debits = new Array<number>(width).fill(0);
  const credits = new Array<number>(width).fill(0);
  const row = (descriptor: { type: string; value: string }, label: string, figures: readonly number[]): void => {
    const cells: Record<string, string | null> = { label };
    figures.forEach((cents, i) => {
      if (cents > 0) debits[i] = (debits[i] ?? 0) + cents;
      else credits[i] = (credits[i] ?? 0) - cents;
      cells[idOf(i, 'debit')] = cents > 0 ? money(cents) : null;
      cells[idOf(i, 'credit')] = cents < 0 ? money(-cents) : null;
    });
    sheet.data(descriptor, cells);
  };
  const anyClosed = closed.some((v) => v !== 0);
  for (const a of books.accounts) {
    const figures = (own.own(a.id) ?? new Array<number>(width).fill(0)).map((v, i) => v * normalSign(a.accountType) + (a === retained ? closed[i] ?? 0 : 0));
    const nonZero = figures.some((v) => v !== 0);
    const shown = request.rowsToReturn === 'all' ? a.isActive || nonZero : request.rowsToReturn === 'non_zero' ? nonZero : own.active(a.id) || (a === retained && anyClosed);
    if (shown) row({ type: 'account', value: a.fullName }, a.fullName, figures);
  }
  if (!retained && anyClosed) row({ type: 'label', value: 'Retained Earnings' }, 'Retained Earnings', closed);
  const totals: Record<string, string> = { label: 'TOTAL' };
  for (let i = 0; i < width; i++) {
    totals[idOf(i, 'debit')] = money(debits[i] ?? 0);
    totals[idOf(i, 'credit')] = money(credits[i] ?? 0);
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, totals);
}
