import { balanceSheet, profitAndLoss, statementSubtitle } from './financialStatements.ts';
import { trialBalance } from './trialBalance.ts';
import { previousYearLayout, statementLayout, yearToDateLayout, type AmountLayout } from './statementColumns.ts';
import { AXIS_REPORTS, axisDetail, axisSummary } from './byAxisReports.ts';
import { generalLedger, ledgerDetail } from './generalLedger.ts';
import { documentsByCustomer, journal, openOrders, transactionList } from './documentReports.ts';
import { inventoryValuation, inventoryValuationDetail, stockStatus, valuationLayout } from './inventoryReports.ts';
import { customSummary, customTransactionDetail } from './customReports.ts';
import { auditTrail, CHECK_TYPES, missingChecks, progressInvoicing, unbilledCosts } from './bookkeepingReports.ts';
import { jobReport } from './jobReports.ts';
import { salesTaxLayout, salesTaxReport } from './salesTaxReports.ts';
import { timeByJobDetail, timeSummary } from './timeReports.ts';
import { agingDetail, agingSummary, balanceDetail, balanceSummary, openItemsByParty } from './openItemReports.ts';
import { budgetReport, budgetSubtitle, type BudgetKind, type BudgetView } from './budgetReports.ts';
import { employeeEarnings, liabilityBalances, payrollItemDetail, payrollReviewDetail, payrollSummary, payrollTransactionDetail, stateTaxesDetail, transactionsByPayee } from './payrollReports.ts';
import { numbersInStock } from './lotReports.ts';
import type { ReportBooks } from './ReportBooks.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { ReportSheet } from './ReportSheet.ts';

/** Why the stock reports' columns are fixed: quantities as they stand on one day, not amounts that split over spans or values. */
const STOCK_STATUS = "its columns are each stocked item's quantities as of one day (on hand, order point, on purchase and sales orders, available), not amounts that split by period or value";
const NUMBERS_IN_STOCK = 'its rows are what is on hand of each lot or serial number as of one day, under its site and item, in one quantity column';

/** A report type: which endpoint runs it, its title, and the function that lays out its rows. */
export interface ReportTypeRow {
  /** The `category` of its answer: the endpoint's path segment with underscores. */
  category: string;
  title: string;
  /** The period when the request names no dates, as the desktop application opens the report. */
  defaultMacro: string;
  /** Whether accrual or cash changes the report; a report without a basis answers `basis: null`. */
  hasBasis: boolean;
  subtitle(request: ReportRequest): string;
  /** Whether `summarizeColumnsBy` shapes its columns; a type that does not refuses any value but `total_only`. */
  takesColumns?: true;
  /** Why a type that takes no columns has a layout the desktop fixes: its refusal says so (decision 22); absent, it is not computed yet. */
  fixedColumns?: string;
  build(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void;
}

/**
 * The report types ledger-sim computes, by `reportType`. A type the catalog lists and this table
 * does not is answered with a desktop error that says so (`test/everyReport.test.ts` lists them).
 */
export const REPORT_TYPES: Readonly<Record<string, ReportTypeRow>> = {
  ...statementTypes(),
  general_ledger: {
    category: 'general_detail',
    title: 'General Ledger',
    defaultMacro: 'this_month_to_date',
    hasBasis: true,
    subtitle: statementSubtitle.period,
    build: generalLedger,
  },
  transaction_detail_by_account: {
    category: 'general_detail',
    title: 'Transaction Detail by Account',
    defaultMacro: 'this_month_to_date',
    hasBasis: true,
    subtitle: statementSubtitle.period,
    build: (books, request, sheet) => ledgerDetail(books, request, sheet, { accounts: 'all', beginning: false }),
  },
  profit_and_loss_detail: {
    category: 'general_detail',
    title: 'Profit & Loss Detail',
    defaultMacro: 'this_month_to_date',
    hasBasis: true,
    subtitle: statementSubtitle.period,
    build: (books, request, sheet) => ledgerDetail(books, request, sheet, { accounts: 'profit_and_loss', beginning: false }),
  },
  balance_sheet_detail: {
    category: 'general_detail',
    title: 'Balance Sheet Detail',
    defaultMacro: 'this_month_to_date',
    hasBasis: true,
    subtitle: statementSubtitle.period,
    build: (books, request, sheet) => ledgerDetail(books, request, sheet, { accounts: 'balance_sheet', beginning: true }),
  },
  ...openItemTypes(),
  ...axisTypes(),
  inventory_valuation_summary: {
    category: 'general_summary',
    title: 'Inventory Valuation Summary',
    defaultMacro: 'today',
    hasBasis: false,
    subtitle: statementSubtitle.asOf,
    takesColumns: true,
    build: (books, request, sheet) => inventoryValuation(books, request, sheet, false, valuationLayout(books, request)),
  },
  lot_number_in_stock_by_site: {
    category: 'general_summary',
    title: 'Lot Number in Stock by Site',
    defaultMacro: 'today',
    hasBasis: false,
    subtitle: statementSubtitle.asOf,
    build: (books, request, sheet) => numbersInStock(books, request, sheet, 'lot'),
    fixedColumns: NUMBERS_IN_STOCK,
  },
  serial_number_in_stock_by_site: {
    category: 'general_summary',
    title: 'Serial Number in Stock by Site',
    defaultMacro: 'today',
    hasBasis: false,
    subtitle: statementSubtitle.asOf,
    build: (books, request, sheet) => numbersInStock(books, request, sheet, 'serial'),
    fixedColumns: NUMBERS_IN_STOCK,
  },
  inventory_valuation_summary_by_site: {
    category: 'general_summary',
    title: 'Inventory Valuation Summary by Site',
    defaultMacro: 'today',
    hasBasis: false,
    subtitle: statementSubtitle.asOf,
    takesColumns: true,
    build: (books, request, sheet) => inventoryValuation(books, request, sheet, true, valuationLayout(books, request)),
  },
  ...listTypes(),
  ...timeTypes(),
  ...jobTypes(),
  ...budgetTypes(),
  ...payrollTypes(),
  custom_summary: { category: 'custom_summary', title: 'Custom Summary Report', defaultMacro: 'this_month_to_date', hasBasis: true, subtitle: statementSubtitle.period, build: customSummary, takesColumns: true },
  custom_transaction_detail: { category: 'custom_detail', title: 'Custom Transaction Detail Report', defaultMacro: 'this_month_to_date', hasBasis: true, subtitle: statementSubtitle.period, build: customTransactionDetail },
};

/** Reports of what customers owe and what is owed to vendors: the same layouts on either ledger. */
function openItemTypes(): Record<string, ReportTypeRow> {
  const out: Record<string, ReportTypeRow> = {};
  for (const [prefix, party, ledger] of [
    ['ar', 'customer', 'receivable'],
    ['ap', 'vendor', 'payable'],
  ] as const) {
    const title = ledger === 'receivable' ? 'A/R' : 'A/P';
    const row = (category: string, name: string, build: ReportTypeRow['build'], defaultMacro = 'today'): ReportTypeRow => ({ category, title: name, defaultMacro, hasBasis: false, subtitle: statementSubtitle.asOf, build });
    out[`${prefix}_aging_summary`] = row('aging', `${title} Aging Summary`, (b, r, s) => agingSummary(b, r, s, ledger));
    out[`${prefix}_aging_detail`] = row('aging', `${title} Aging Detail`, (b, r, s) => agingDetail(b, r, s, ledger));
    out[`${party}_balance_summary`] = { ...row('general_summary', `${party === 'customer' ? 'Customer' : 'Vendor'} Balance Summary`, (b, r, s) => balanceSummary(b, r, s, ledger), 'all'), takesColumns: true };
    out[`${party}_balance_detail`] = {
      ...row('general_detail', `${party === 'customer' ? 'Customer' : 'Vendor'} Balance Detail`, (b, r, s) => balanceDetail(b, r, s, ledger), 'all'),
      subtitle: statementSubtitle.period,
    };
  }
  out['open_invoices'] = { category: 'general_detail', title: 'Open Invoices', defaultMacro: 'today', hasBasis: false, subtitle: statementSubtitle.asOf, build: (b, r, s) => openItemsByParty(b, r, s, 'receivable', false) };
  out['unpaid_bills_detail'] = { category: 'general_detail', title: 'Unpaid Bills Detail', defaultMacro: 'today', hasBasis: false, subtitle: statementSubtitle.asOf, build: (b, r, s) => openItemsByParty(b, r, s, 'payable', false) };
  out['collections_report'] = { category: 'aging', title: 'Collections Report', defaultMacro: 'today', hasBasis: false, subtitle: statementSubtitle.asOf, build: (b, r, s) => openItemsByParty(b, r, s, 'receivable', true) };
  return out;
}

/** Summaries and details by customer, vendor, item or sales representative: one axis each, both layouts. */
function axisTypes(): Record<string, ReportTypeRow> {
  const pairs = [
    ['sales_by_customer', 'Sales by Customer', AXIS_REPORTS.salesByCustomer],
    ['sales_by_item', 'Sales by Item', AXIS_REPORTS.salesByItem],
    ['sales_by_sales_representative', 'Sales by Rep', AXIS_REPORTS.salesByRep],
    ['purchase_by_vendor', 'Purchases by Vendor', AXIS_REPORTS.purchasesByVendor],
    ['purchase_by_item', 'Purchases by Item', AXIS_REPORTS.purchasesByItem],
    ['income_by_customer', 'Income by Customer', AXIS_REPORTS.incomeByCustomer],
    ['expense_by_vendor', 'Expenses by Vendor', AXIS_REPORTS.expenseByVendor],
  ] as const;
  const out: Record<string, ReportTypeRow> = {};
  for (const [key, title, axis] of pairs) {
    const common = { defaultMacro: 'this_month_to_date', hasBasis: true, subtitle: statementSubtitle.period };
    out[`${key}_summary`] = { ...common, category: 'general_summary', title: `${title} Summary`, takesColumns: true, build: (b, r, s) => axisSummary(b, r, s, axis) };
    out[`${key}_detail`] = { ...common, category: 'general_detail', title: `${title} Detail`, build: (b, r, s) => axisDetail(b, r, s, axis) };
  }
  return out;
}

/** Profit and loss, balance sheets and the trial balance: one layout each, with the columns each type (or the request) asks for. */
function statementTypes(): Record<string, ReportTypeRow> {
  /** The request's columns, else the type's preset: the by-class and by-job statements are the statements with columns by class or customer preset. */
  const asked = (request: ReportRequest, preset = 'total_only'): string => (typeof request.query['summarizeColumnsBy'] === 'string' ? request.query['summarizeColumnsBy'] : preset);
  const profitAndLossType = (title: string, layout: (books: ReportBooks, request: ReportRequest) => AmountLayout): ReportTypeRow => ({
    category: 'general_summary',
    title,
    defaultMacro: 'this_month_to_date',
    hasBasis: true,
    subtitle: statementSubtitle.period,
    build: (books, request, sheet) => profitAndLoss(books, request, sheet, layout(books, request)),
  });
  const balanceSheetType = (title: string, summary: boolean, layout: (books: ReportBooks, request: ReportRequest) => AmountLayout): ReportTypeRow => ({
    category: 'general_summary',
    title,
    defaultMacro: 'this_month_to_date',
    hasBasis: true,
    subtitle: statementSubtitle.asOf,
    build: (books, request, sheet) => balanceSheet(books, request, sheet, summary, layout(books, request)),
  });
  return {
    profit_and_loss_standard: { ...profitAndLossType('Profit & Loss', (b, r) => statementLayout(b, r, asked(r), false)), takesColumns: true },
    profit_and_loss_by_class: { ...profitAndLossType('Profit & Loss by Class', (b, r) => statementLayout(b, r, asked(r, 'class'), false)), takesColumns: true },
    profit_and_loss_by_job: { ...profitAndLossType('Profit & Loss by Job', (b, r) => statementLayout(b, r, asked(r, 'customer'), false)), takesColumns: true },
    profit_and_loss_previous_year_comparison: { ...profitAndLossType('Profit & Loss Prev Year Comparison', (b, r) => previousYearLayout(b, r, asked(r), false)), takesColumns: true },
    profit_and_loss_ytd_comparison: { ...profitAndLossType('Profit & Loss YTD Comparison', (b, r) => yearToDateLayout(b, r, asked(r))), takesColumns: true },
    balance_sheet_standard: { ...balanceSheetType('Balance Sheet', false, (b, r) => statementLayout(b, r, asked(r), true)), takesColumns: true },
    balance_sheet_summary: { ...balanceSheetType('Summary Balance Sheet', true, (b, r) => statementLayout(b, r, asked(r), true)), takesColumns: true },
    balance_sheet_by_class: { ...balanceSheetType('Balance Sheet by Class', false, (b, r) => statementLayout(b, r, asked(r, 'class'), true)), takesColumns: true },
    trial_balance: { category: 'general_summary', title: 'Trial Balance', defaultMacro: 'this_month_to_date', hasBasis: true, subtitle: statementSubtitle.asOf, takesColumns: true, build: (b, r, s) => trialBalance(b, r, s, statementLayout(b, r, asked(r), true)) },
    balance_sheet_previous_year_comparison: { ...balanceSheetType('Balance Sheet Prev Year Comparison', false, (b, r) => previousYearLayout(b, r, asked(r), true)), takesColumns: true },
  };
}

/** Lists of transactions, orders, stock and documents: no basis, rows as they are. */
function listTypes(): Record<string, ReportTypeRow> {
  const row = (category: string, title: string, build: ReportTypeRow['build'], asOf = false): ReportTypeRow => ({
    category,
    title,
    defaultMacro: asOf ? 'today' : 'this_month_to_date',
    hasBasis: false,
    subtitle: asOf ? statementSubtitle.asOf : statementSubtitle.period,
    build,
  });
  const all = { defaultMacro: 'all' };
  return {
    transaction_list_by_date: row('general_detail', 'Transaction List by Date', (b, r, s) => transactionList(b, r, s, 'date')),
    transaction_list_by_customer: row('general_detail', 'Transaction List by Customer', (b, r, s) => transactionList(b, r, s, 'customer')),
    transaction_list_by_vendor: row('general_detail', 'Transaction List by Vendor', (b, r, s) => transactionList(b, r, s, 'vendor')),
    journal: { ...row('general_detail', 'Journal', journal), hasBasis: true },
    open_purchase_orders: { ...row('general_detail', 'Open Purchase Orders', (b, r, s) => openOrders(b, r, s, 'purchase', 'party')), ...all },
    open_purchase_orders_by_job: { ...row('general_detail', 'Open Purchase Orders by Job', (b, r, s) => openOrders(b, r, s, 'purchase', 'job')), ...all },
    open_sales_order_by_customer: { ...row('general_detail', 'Open Sales Orders by Customer', (b, r, s) => openOrders(b, r, s, 'sales', 'party')), ...all },
    open_sales_order_by_item: { ...row('general_detail', 'Open Sales Orders by Item', (b, r, s) => openOrders(b, r, s, 'sales', 'item')), ...all },
    estimates_by_job: { ...row('general_detail', 'Estimates by Job', (b, r, s) => documentsByCustomer(b, r, s, ['ldg_estimate'], { keeps: (d) => d['isActive'] !== false })), ...all },
    pending_sales: { ...row('general_detail', 'Pending Sales', (b, r, s) => documentsByCustomer(b, r, s, ['ldg_invoice', 'ldg_sales_receipt'], { keeps: (d) => d['isPending'] === true, marked: 'pending' })), ...all },
    inventory_stock_status_by_item: { ...row('general_summary', 'Inventory Stock Status by Item', (b, r, s) => stockStatus(b, r, s, 'item'), true), fixedColumns: STOCK_STATUS },
    inventory_stock_status_by_vendor: { ...row('general_summary', 'Inventory Stock Status by Vendor', (b, r, s) => stockStatus(b, r, s, 'vendor'), true), fixedColumns: STOCK_STATUS },
    physical_inventory_worksheet: { ...row('general_summary', 'Physical Inventory Worksheet', (b, r, s) => stockStatus(b, r, s, 'worksheet'), true), fixedColumns: 'it is a count sheet: each item on hand as of one day beside a blank column to count into' },
    inventory_valuation_detail: row('general_detail', 'Inventory Valuation Detail', inventoryValuationDetail),
    check_detail: { ...row('general_detail', 'Check Detail', (b, r, s) => journal(b, r, s, CHECK_TYPES)), hasBasis: true },
    deposit_detail: { ...row('general_detail', 'Deposit Detail', (b, r, s) => journal(b, r, s, new Set(['ldg_deposit']))), hasBasis: true },
    missing_checks: { ...row('general_detail', 'Missing Checks', missingChecks), ...all },
    audit_trail: row('general_detail', 'Audit Trail', auditTrail),
    unbilled_costs_by_job: { ...row('general_detail', 'Unbilled Costs by Job', unbilledCosts), ...all },
    job_progress_invoices_vs_estimates: { ...row('general_detail', 'Job Progress Invoices vs. Estimates', progressInvoicing), ...all },
    '1099_detail': { ...row('general_detail', '1099 Detail', (b, r, s) => axisDetail(b, r, s, AXIS_REPORTS.vendors1099)), defaultMacro: 'last_year', hasBasis: true },
    income_tax_summary: { ...row('general_summary', 'Income Tax Summary', (b, r, s) => axisSummary(b, r, s, AXIS_REPORTS.incomeTax)), defaultMacro: 'this_year_to_date', hasBasis: true, takesColumns: true },
    income_tax_detail: { ...row('general_detail', 'Income Tax Detail', (b, r, s) => axisDetail(b, r, s, AXIS_REPORTS.incomeTax)), defaultMacro: 'this_year_to_date', hasBasis: true },
    sales_tax_liability: { ...row('general_summary', 'Sales Tax Liability', (b, r, s) => salesTaxReport(b, r, s, true, salesTaxLayout(b, r))), takesColumns: true },
    sales_tax_revenue_summary: { ...row('general_summary', 'Sales Tax Revenue Summary', (b, r, s) => salesTaxReport(b, r, s, false, salesTaxLayout(b, r))), takesColumns: true },
  };
}

/** Hours from the time entries: by job, by name, by item. */
function timeTypes(): Record<string, ReportTypeRow> {
  const row = (title: string, build: ReportTypeRow['build']): ReportTypeRow => ({ category: 'time', title, defaultMacro: 'this_month_to_date', hasBasis: false, subtitle: statementSubtitle.period, takesColumns: true, build });
  return {
    time_by_job_summary: row('Time by Job Summary', (b, r, s) => timeSummary(b, r, s, 'customer', 'serviceItem')),
    time_by_name: row('Time by Name', (b, r, s) => timeSummary(b, r, s, 'entity', 'customer')),
    time_by_item: row('Time by Item', (b, r, s) => timeSummary(b, r, s, 'serviceItem', 'customer')),
    time_by_job_detail: row('Time by Job Detail', timeByJobDetail),
  };
}

/** Job and item profitability, and estimates against actuals, from the profit and loss postings and the estimates. */
function jobTypes(): Record<string, ReportTypeRow> {
  const row = (title: string, build: ReportTypeRow['build']): ReportTypeRow => ({ category: 'job', title, defaultMacro: 'this_year_to_date', hasBasis: true, subtitle: statementSubtitle.period, takesColumns: true, build });
  return {
    job_profitability_summary: row('Job Profitability Summary', (b, r, s) => jobReport(b, r, s, 'job', false)),
    job_profitability_detail: row('Job Profitability Detail', (b, r, s) => jobReport(b, r, s, 'job_then_item', false)),
    item_profitability: row('Item Profitability', (b, r, s) => jobReport(b, r, s, 'item', false)),
    job_estimates_vs_actuals_summary: row('Job Estimates vs. Actuals Summary', (b, r, s) => jobReport(b, r, s, 'job', true)),
    job_estimates_vs_actuals_detail: row('Job Estimates vs. Actuals Detail', (b, r, s) => jobReport(b, r, s, 'job_then_item', true)),
    item_estimates_vs_actuals: row('Item Estimates vs. Actuals', (b, r, s) => jobReport(b, r, s, 'item', true)),
  };
}

/** The budgets against the books: overview, budget vs actual, performance (`budgetReports.ts`). */
function budgetTypes(): Record<string, ReportTypeRow> {
  const row = (title: string, kind: BudgetKind, view: BudgetView): ReportTypeRow => ({
    category: 'budget_summary',
    title,
    defaultMacro: 'this_year',
    hasBasis: false,
    subtitle: budgetSubtitle,
    takesColumns: true,
    build: (b, r, s) => budgetReport(b, r, s, kind, view),
  });
  return {
    profit_and_loss_budget_overview: row('Profit & Loss Budget Overview', 'profit_and_loss', 'overview'),
    profit_and_loss_budget_vs_actual: row('Profit & Loss Budget vs. Actual', 'profit_and_loss', 'vs_actual'),
    profit_and_loss_budget_performance: row('Profit & Loss Budget Performance', 'profit_and_loss', 'performance'),
    balance_sheet_budget_overview: row('Balance Sheet Budget Overview', 'balance_sheet', 'overview'),
    balance_sheet_budget_vs_actual: row('Balance Sheet Budget vs. Actual', 'balance_sheet', 'vs_actual'),
  };
}

/** The payroll from the paychecks' and liability checks' lines (`payrollReports.ts`). */
function payrollTypes(): Record<string, ReportTypeRow> {
  const row = (category: string, title: string, build: ReportTypeRow['build'], takesColumns = false): ReportTypeRow => ({
    category,
    title,
    defaultMacro: 'this_month_to_date',
    hasBasis: false,
    subtitle: statementSubtitle.period,
    ...(takesColumns ? { takesColumns: true as const } : {}),
    build,
  });
  return {
    payroll_summary: row('payroll_summary', 'Payroll Summary', payrollSummary, true),
    employee_earnings_summary: row('payroll_summary', 'Employee Earnings Summary', employeeEarnings, true),
    payroll_liability_balances: row('payroll_summary', 'Payroll Liability Balances', liabilityBalances, true),
    payroll_item_detail: row('payroll_detail', 'Payroll Item Detail', payrollItemDetail),
    payroll_review_detail: row('payroll_detail', 'Payroll Review Detail', payrollReviewDetail),
    payroll_transaction_detail: row('payroll_detail', 'Payroll Transaction Detail', payrollTransactionDetail),
    payroll_transactions_by_payee: row('payroll_detail', 'Payroll Transactions by Payee', transactionsByPayee),
    employee_state_taxes_detail: row('payroll_detail', 'Employee State Taxes Detail', stateTaxesDetail),
  };
}
