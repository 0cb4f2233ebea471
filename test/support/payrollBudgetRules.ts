import type { CompanyFile } from '../../simulator/desktop/CompanyFile.ts';
import type { JsonObject, JsonValue } from '../../simulator/desktop/values/json.ts';
import { toCents } from '../../simulator/desktop/values/money.ts';
import { all } from './bookWrites.ts';
import { figure, figuresBy, rowsLabelled, type ReportJson } from './reportFigures.ts';

type Run = (file: CompanyFile, family: string, query: Record<string, JsonValue>) => ReportJson;

const EVERYTHING = { reportDateMacro: 'all', reportDateTo: '2099-12-31' };
const cents = (value: unknown): number => toCents(typeof value === 'string' ? value : null);
const linesOf = (value: unknown): JsonObject[] => (Array.isArray(value) ? (value as JsonObject[]) : []);
const idOf = (ref: unknown): string => String((ref as { id?: unknown } | null)?.id ?? '');
const nameOfRef = (ref: unknown): string => String((ref as { fullName?: unknown } | null)?.fullName ?? '');

/**
 * What the payroll and budget reports must agree on with the paychecks, liability checks and
 * budgets, and with the books those post: a list of what is broken (empty when all hold).
 */
export function payrollAndBudgetBroken(file: CompanyFile, run: Run): string[] {
  const broken: string[] = [];
  const expectEqual = (what: string, got: number, want: number): void => {
    if (got !== want) broken.push(`${what}: ${got} != ${want}`);
  };
  const taxKind = new Map(all(file, 'ldg_payroll_tax_item').map((t) => [String(t['id']), String(t['taxKind'])]));
  const paychecks = all(file, 'ldg_paycheck');
  const liabilityChecks = all(file, 'ldg_payroll_liability_check');
  const sum = (docs: JsonObject[], field: string, keep: (line: JsonObject) => boolean = () => true): number =>
    docs.reduce((s, d) => s + linesOf(d[field]).filter(keep).reduce((t, l) => t + cents(l['amount']), 0), 0);
  const gross = sum(paychecks, 'earnings');
  const company = sum(paychecks, 'taxes', (l) => taxKind.get(idOf(l['payrollTaxItem'])) === 'company');
  const owed = sum(paychecks, 'taxes') - sum(liabilityChecks, 'lines');
  const net = paychecks.reduce((s, d) => s + cents(d['amount']), 0);
  const paidOut = net + liabilityChecks.reduce((s, d) => s + cents(d['amount']), 0);

  const summary = run(file, 'payroll-summary', { reportType: 'payroll_summary', summarizeColumnsBy: 'total_only', ...EVERYTHING });
  expectEqual('payroll summary gross pay = the earnings lines', figure(summary, 'Total Gross Pay', 'total_amount'), gross);
  expectEqual('payroll summary net pay = the paychecks', figure(summary, 'Net Pay', 'total_amount'), net);
  expectEqual('payroll summary employer taxes = the company lines', figure(summary, 'Total Employer Taxes and Contributions', 'total_amount'), company);
  const byEmployee = run(file, 'payroll-summary', { reportType: 'payroll_summary', ...EVERYTHING });
  const netCells = rowsLabelled(byEmployee, 'Net Pay')[0]?.cells ?? [];
  expectEqual('payroll summary by employee adds up', netCells.filter((c) => /^column_\d+_amount$/.test(c.columnId)).reduce((s, c) => s + toCents(c.value), 0), net);
  const earnings = run(file, 'payroll-summary', { reportType: 'employee_earnings_summary', ...EVERYTHING });
  expectEqual('employee earnings = net pay + employer taxes', (rowsLabelled(earnings, 'TOTAL')[0]?.cells ?? []).reduce((s, c) => s + (c.columnId === 'label' ? 0 : toCents(c.value)), 0), net + company);
  const liabilities = run(file, 'payroll-summary', { reportType: 'payroll_liability_balances', ...EVERYTHING });
  expectEqual('payroll liability balances = taxes owed less paid', figure(liabilities, 'Total Payroll Liabilities', 'total'), owed);
  const detail = run(file, 'payroll-detail', { reportType: 'payroll_transaction_detail', ...EVERYTHING });
  expectEqual('payroll transaction detail balances', figure(detail, 'TOTAL', 'amount'), 0);
  for (const row of detail.rows.filter((r) => r.kind === 'subtotal')) expectEqual(`payroll transaction ${row.rowDescriptor?.value ?? ''} balances`, toCents(row.cells?.find((c) => c.columnId === 'amount')?.value ?? null), 0);
  const byPayee = run(file, 'payroll-detail', { reportType: 'payroll_transactions_by_payee', ...EVERYTHING });
  expectEqual('payroll transactions by payee = what the checks paid', figure(byPayee, 'TOTAL', 'amount'), paidOut);
  const byItem = run(file, 'payroll-detail', { reportType: 'payroll_item_detail', ...EVERYTHING });
  expectEqual('payroll item detail = gross - withheld + company - paid', figure(byItem, 'TOTAL', 'amount'), net + company - sum(liabilityChecks, 'lines'));
  const review = run(file, 'payroll-detail', { reportType: 'payroll_review_detail', ...EVERYTHING });
  expectEqual('payroll review: every line is what its rate computes', figure(review, 'TOTAL', 'amount_difference'), 0);

  // The books: what the payroll posted, by account, from the general ledger of its transactions alone.
  const ledger = run(file, 'general-detail', { reportType: 'general_ledger', transactionTypes: ['paycheck', 'payroll_liability_check'], ...EVERYTHING });
  const balances = figuresBy(ledger, 'account', 'running_balance', 'subtotal');
  const liabilityAccounts = new Set(all(file, 'ldg_payroll_tax_item').map((t) => nameOfRef(t['liabilityAccount'])));
  expectEqual('payroll liabilities in the ledger', [...liabilityAccounts].reduce((s, a) => s + (balances.get(a) ?? 0), 0), -owed);
  const banks = new Set([...paychecks, ...liabilityChecks].map((d) => nameOfRef(d['bankAccount'])));
  expectEqual('payroll paid out of the bank in the ledger', [...banks].reduce((s, a) => s + (balances.get(a) ?? 0), 0), -paidOut);
  const profitAndLoss = run(file, 'general-summary', { reportType: 'profit_and_loss_standard', transactionTypes: ['paycheck'], ...EVERYTHING });
  expectEqual('payroll in the profit and loss = gross + employer taxes', -figure(profitAndLoss, 'Net Income'), gross + company);

  broken.push(...budgetBroken(file, run));
  return broken;
}

/** The budget reports against the budgets' lines and against the statements of the same days. */
function budgetBroken(file: CompanyFile, run: Run): string[] {
  const broken: string[] = [];
  const expectEqual = (what: string, got: number, want: number): void => {
    if (got !== want) broken.push(`${what}: ${got} != ${want}`);
  };
  const year = { fiscalYear: '2025' };
  const budget = all(file, 'ldg_budget').find((b) => b['fiscalYear'] === '2025' && b['budgetType'] === 'profit_and_loss' && b['budgetCriterion'] === 'accounts');
  if (!budget) return ['the seeded file has no profit and loss budget for 2025'];
  const byAccount = new Map<string, number>();
  for (const line of linesOf(budget['lines'])) byAccount.set(nameOfRef(line['account']), (byAccount.get(nameOfRef(line['account'])) ?? 0) + cents(line['amount']));
  const overview = run(file, 'budget-summary', { reportType: 'profit_and_loss_budget_overview', ...year });
  const shown = figuresBy(overview, 'account', 'total_budget');
  for (const [name, amount] of byAccount) expectEqual(`budget overview of ${name}`, shown.get(name) ?? 0, amount);
  const months = (rowsLabelled(overview, 'Net Income')[0]?.cells ?? []).filter((c) => /^column_\d+_budget$/.test(c.columnId));
  expectEqual('budget overview months', months.length, 12);
  expectEqual('budget overview months add up', months.reduce((s, c) => s + toCents(c.value), 0), figure(overview, 'Net Income', 'total_budget'));

  const vsActual = run(file, 'budget-summary', { reportType: 'profit_and_loss_budget_vs_actual', ...year });
  const statement = run(file, 'general-summary', { reportType: 'profit_and_loss_standard', reportDateFrom: '2025-01-01', reportDateTo: '2025-12-31' });
  expectEqual('budget vs actual: actual = the profit and loss', figure(vsActual, 'Net Income', 'total_actual'), figure(statement, 'Net Income'));
  expectEqual('budget vs actual: budget = the overview', figure(vsActual, 'Net Income', 'total_budget'), figure(overview, 'Net Income', 'total_budget'));
  expectEqual('budget vs actual: over = actual - budget', figure(vsActual, 'Net Income', 'total_over'), figure(vsActual, 'Net Income', 'total_actual') - figure(vsActual, 'Net Income', 'total_budget'));
  const performance = run(file, 'budget-summary', { reportType: 'profit_and_loss_budget_performance', ...year, reportDateFrom: '2025-01-01', reportDateTo: '2025-12-31' });
  expectEqual('budget performance: annual = the overview', figure(performance, 'Net Income', 'column_3_budget'), figure(overview, 'Net Income', 'total_budget'));
  expectEqual('budget performance: year to date = budget vs actual', figure(performance, 'Net Income', 'column_2_actual'), figure(vsActual, 'Net Income', 'total_actual'));

  const byClass = run(file, 'budget-summary', { reportType: 'profit_and_loss_budget_overview', ...year, budgetCriterion: 'accounts_and_classes', summarizeColumnsBy: 'class' });
  const classCells = (rowsLabelled(byClass, 'Net Income')[0]?.cells ?? []).filter((c) => /^column_\d+_budget$/.test(c.columnId));
  expectEqual('budget by class: the classes add up', classCells.reduce((s, c) => s + toCents(c.value), 0), figure(byClass, 'Net Income', 'total_budget'));
  const classBudget = all(file, 'ldg_budget').find((b) => b['budgetCriterion'] === 'accounts_and_classes');
  expectEqual('budget by class = its lines', figure(byClass, 'Gross Profit', 'total_budget'), sum(linesOf(classBudget?.['lines']), file, ['income'], 1) - sum(linesOf(classBudget?.['lines']), file, ['cost_of_goods_sold'], 1));

  // The balance sheet's actual is each account's change over the year: its balance at the end less at the start.
  const sheetVsActual = run(file, 'budget-summary', { reportType: 'balance_sheet_budget_vs_actual', ...year });
  const end = figuresBy(run(file, 'general-summary', { reportType: 'balance_sheet_standard', reportDateTo: '2025-12-31' }), 'account', 'total');
  const start = figuresBy(run(file, 'general-summary', { reportType: 'balance_sheet_standard', reportDateTo: '2024-12-31' }), 'account', 'total');
  for (const [name, actual] of figuresBy(sheetVsActual, 'account', 'total_actual')) {
    if (name === 'Retained Earnings') continue;
    expectEqual(`balance sheet budget vs actual of ${name}`, actual, (end.get(name) ?? 0) - (start.get(name) ?? 0));
  }
  return broken;
}

/** Budget lines on accounts of these types, added up. */
function sum(lines: JsonObject[], file: CompanyFile, types: readonly string[], sign: number): number {
  const typeOf = new Map(all(file, 'ldg_account').map((a) => [String(a['id']), String(a['accountType'])]));
  return sign * lines.filter((l) => types.includes(typeOf.get(idOf(l['account'])) ?? '')).reduce((s, l) => s + cents(l['amount']), 0);
}
