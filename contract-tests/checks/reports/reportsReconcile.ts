import type { Check } from '../../runner/checkTypes.ts';
import { CheckSkip, expectThat } from '../../runner/CheckFailure.ts';
import { walk } from '../../runner/listWalker.ts';
import { amountsOf, cellOf, runReport, totalRows } from './reportAnswers.ts';

/** Far enough ahead to take in every posting, future-dated ones too, as object balances do. */
const EVERYTHING_TO = '2099-12-31';

export const trialBalanceBalances: Check = {
  id: 'reports.trial-balance',
  area: 'reports',
  rule: "The trial balance's debits equal its credits",
  async run(ctx) {
    const { report, exchange } = await runReport(ctx, 'general-summary', { reportType: 'trial_balance', reportDateTo: EVERYTHING_TO });
    const total = totalRows(report).at(-1);
    const amounts = total ? amountsOf(report, total) : [];
    expectThat(amounts.length === 2 && amounts[0] === amounts[1], 'a total row whose debit and credit are equal', `total row amounts ${JSON.stringify(amounts)}`, exchange);
  },
};

export const balanceSheetBalances: Check = {
  id: 'reports.balance-sheet',
  area: 'reports',
  rule: 'The balance sheet balances: total assets equal total liabilities and equity',
  async run(ctx) {
    const { report, exchange } = await runReport(ctx, 'general-summary', { reportType: 'balance_sheet_standard', reportDateTo: EVERYTHING_TO });
    const totals = totalRows(report).map((row) => amountsOf(report, row)[0] ?? 0);
    expectThat(totals.length >= 2 && totals[0] === totals.at(-1), 'total assets (first total) = total liabilities and equity (last total)', `totals ${JSON.stringify(totals)}`, exchange);
  },
};

/** What customers owe, read from the customers list now (earlier checks may have written since the run's memo). */
async function owedBy(ctx: Parameters<Check['run']>[0], list: string): Promise<{ cents: number; count: number }> {
  const op = ctx.spec.byId.get(`${list}.list`);
  if (!op) throw new CheckSkip(`the spec has no ${list} list`);
  const parties = (await walk(ctx, op, { status: 'all' }, 150)).items;
  return { cents: parties.reduce((sum, p) => sum + Math.round(Number(p['balance'] ?? 0) * 100), 0), count: parties.length };
}

export const agingMatchesCustomers: Check = {
  id: 'reports.aging',
  area: 'reports',
  rule: "The A/R aging summary's total equals the sum of every customer's balance, and its columns add up to it",
  async run(ctx) {
    const owed = await owedBy(ctx, 'customers');
    const { report, exchange } = await runReport(ctx, 'aging', { reportType: 'ar_aging_summary', reportDateTo: EVERYTHING_TO });
    const total = totalRows(report).at(-1);
    const total_ = cellOf(report, total, 'total');
    const buckets = amountsOf(report, total ?? { kind: 'total', rowNumber: 0 });
    expectThat(total_ === owed.cents, `an aging total of ${owed.cents / 100} (the sum of ${owed.count} customer balances)`, `${total_ / 100}`, exchange);
    const columns = buckets.slice(0, -1).reduce((a, b) => a + b, 0);
    expectThat(columns === total_, 'aging columns that add up to the total', `columns ${columns / 100}, total ${total_ / 100}`, exchange);
  },
};

/**
 * What the general ledger shows on receivables (or payables) is what customers (vendors) owe:
 * the sum of their balances in the customers (vendors) list, jobs included.
 */
function openItemsMatch(id: string, accountType: string, list: string, party: string): Check {
  return {
    id,
    area: 'reports',
    rule: `The general ledger's ${accountType.replaceAll('_', ' ')} total equals the sum of every ${party}'s balance`,
    async run(ctx) {
      const { cents: owed, count } = await owedBy(ctx, list);
      const { report, exchange } = await runReport(ctx, 'general-detail', { reportType: 'general_ledger', accountType, reportDateTo: EVERYTHING_TO });
      const posted = cellOf(report, totalRows(report).at(-1), 'amount');
      // The ledger's amounts are debits less credits: payables are owed as credits.
      const sign = accountType === 'accounts_payable' ? -1 : 1;
      expectThat(posted * sign === owed, `the ledger total ${owed / 100} (the sum of ${count} ${party} balances)`, `${(posted * sign) / 100}`, exchange);
    },
  };
}

export const receivablesMatchCustomers = openItemsMatch('reports.receivables', 'accounts_receivable', 'customers', 'customer');
export const payablesMatchVendors = openItemsMatch('reports.payables', 'accounts_payable', 'vendors', 'vendor');
