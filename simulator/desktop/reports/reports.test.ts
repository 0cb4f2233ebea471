import { describe, expect, it } from 'vitest';
import { all, random, randomWrite } from '../../../test/support/bookWrites.ts';
import { seededBooks } from '../../../test/support/seededBooks.ts';
import { figure, figuresBy, type ReportJson } from '../../../test/support/reportFigures.ts';
import type { CompanyFile } from '../CompanyFile.ts';
import { addDays } from '../desktopTime.ts';
import type { JsonValue } from '../json.ts';
import { toCents } from '../money.ts';
import { normalSign } from '../books/specialAccounts.ts';
import { runReport } from './runReport.ts';

const seeded = seededBooks({ customers: 20, invoices: 40, 'sales-receipts': 8, 'credit-memos': 6, bills: 6, 'vendor-credits': 3, 'item-receipts': 3, checks: 4, 'credit-card-charges': 4, 'credit-card-credits': 2, 'purchase-orders': 3, 'journal-entries': 4, transfers: 3 });

const report = (file: CompanyFile, family: string, query: Record<string, JsonValue>): ReportJson => runReport(file, family, query) as unknown as ReportJson;
const FAR = '2099-12-31';

/** The dates the file's postings fall on, first and last, and one in between. */
function postingDates(file: CompanyFile): string[] {
  const dates = file.store.db.prepare('SELECT DISTINCT posted_on FROM postings ORDER BY posted_on').pluck().all() as string[];
  return [dates[0], dates[Math.floor(dates.length / 2)], dates[dates.length - 1]].filter((d): d is string => d !== undefined);
}

/**
 * Every rule the reports of step 1 must keep with each other and with the books, as a list of
 * what is broken (empty when all hold).
 */
function brokenRules(file: CompanyFile): string[] {
  const broken: string[] = [];
  const expectEqual = (what: string, got: number, want: number): void => {
    if (got !== want) broken.push(`${what}: ${got} != ${want}`);
  };
  const trial = report(file, 'general-summary', { reportType: 'trial_balance', reportDateTo: FAR });
  expectEqual('trial balance debits = credits', figure(trial, 'TOTAL', 'debit'), figure(trial, 'TOTAL', 'credit'));
  // Every balance sheet account's trial balance line is the balance the account itself shows.
  const lines = new Map([...figuresBy(trial, 'account', 'debit')].map(([name, debit]) => [name, debit - (figuresBy(trial, 'account', 'credit').get(name) ?? 0)]));
  for (const account of all(file, 'ldg_account')) {
    const type = String(account['accountType']);
    if (['income', 'cost_of_goods_sold', 'expense', 'other_income', 'other_expense', 'non_posting'].includes(type)) continue;
    if (account['fullName'] === 'Retained Earnings') continue;
    expectEqual(`trial balance of ${String(account['fullName'])}`, lines.get(String(account['fullName'])) ?? 0, toCents(String(account['balance'])) * normalSign(type));
  }
  const ledger = report(file, 'general-detail', { reportType: 'general_ledger', reportDateMacro: 'all', reportDateTo: FAR });
  expectEqual('general ledger total', figure(ledger, 'TOTAL', 'amount'), 0);
  for (const [name, balance] of figuresBy(ledger, 'account', 'running_balance', 'subtotal')) {
    const account = all(file, 'ldg_account').find((a) => a['fullName'] === name);
    const type = String(account?.['accountType']);
    if (!account || ['income', 'cost_of_goods_sold', 'expense', 'other_income', 'other_expense'].includes(type)) continue;
    expectEqual(`general ledger balance of ${name}`, balance, toCents(String(account['balance'])) * normalSign(type));
  }
  const dates = postingDates(file);
  for (const date of dates) {
    const sheet = report(file, 'general-summary', { reportType: 'balance_sheet_standard', reportDateTo: date });
    expectEqual(`balance sheet on ${date}`, figure(sheet, 'TOTAL ASSETS'), figure(sheet, 'TOTAL LIABILITIES & EQUITY'));
    const summary = report(file, 'general-summary', { reportType: 'balance_sheet_summary', reportDateTo: date });
    expectEqual(`summary balance sheet on ${date}`, figure(summary, 'TOTAL ASSETS'), figure(sheet, 'TOTAL ASSETS'));
  }
  // Net income of a period is what equity gained in it, less what was posted to equity accounts directly.
  const [first, middle, last] = dates;
  if (first && middle && last) {
    const equityOn = (date: string): number => figure(report(file, 'general-summary', { reportType: 'balance_sheet_standard', reportDateTo: date }), 'Total Equity');
    const income = figure(report(file, 'general-summary', { reportType: 'profit_and_loss_standard', reportDateFrom: middle, reportDateTo: last }), 'Net Income');
    const direct = figure(report(file, 'general-detail', { reportType: 'general_ledger', reportDateFrom: middle, reportDateTo: last, accountType: 'equity' }), 'TOTAL', 'amount');
    expectEqual(`net income from ${middle} to ${last}`, income, equityOn(last) - equityOn(addDays(middle, -1)) + direct);
  }
  return broken;
}

describe('reports computed from the books', () => {
  it('reconcile on a seeded company file', () => {
    const file = seeded(21);
    expect(brokenRules(file)).toEqual([]);
  });

  it('still reconcile along randomized sequences of adds, modifies, deletes and voids', () => {
    for (const seed of [4, 5]) {
      const file = seeded(seed);
      const r = random(seed);
      for (let step = 0; step < 120; step++) {
        const what = randomWrite(file, r);
        if (step % 12 === 11) expect(brokenRules(file), `seed ${seed}, step ${step} (${what})`).toEqual([]);
      }
    }
  });
});
