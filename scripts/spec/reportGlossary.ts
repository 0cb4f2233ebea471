/**
 * Our words for the report endpoints: what each family of reports is, and what each query
 * parameter does. The catalog gives the facts (names, enums, defaults); the prose is ours.
 */
export const REPORT_FAMILIES: Readonly<Record<string, { summary: string; description: string }>> = {
  'general-summary': {
    summary: 'Run a summary report',
    description: 'A summary report computed from the books: profit and loss, balance sheet, trial balance, sales and purchases by customer, vendor or item, inventory valuation, sales tax.',
  },
  'general-detail': {
    summary: 'Run a detail report',
    description: 'A report that lists transactions line by line: general ledger, journal, transaction detail by account, open invoices, unpaid bills and more.',
  },
  aging: { summary: 'Run an aging report', description: 'What customers owe or what is owed to vendors, by how long it has been open.' },
  'budget-summary': { summary: 'Run a budget report', description: "A budget of a fiscal year, alone or beside what the books posted against it." },
  job: { summary: 'Run a job report', description: 'Estimates against actual figures, and profit, by job or by item.' },
  time: { summary: 'Run a time report', description: 'Hours entered with time tracking, by job, by item or by person.' },
  'custom-detail': { summary: 'Run a custom detail report', description: 'A transaction detail report whose rows, columns and filters the request chooses.' },
  'custom-summary': { summary: 'Run a custom summary report', description: 'A summary report whose rows, columns and filters the request chooses.' },
  'payroll-detail': { summary: 'Run a payroll detail report', description: 'Payroll transactions item by item.' },
  'payroll-summary': { summary: 'Run a payroll summary report', description: 'Payroll totals by employee and payroll item.' },
};

export const REPORT_PARAMETERS: Readonly<Record<string, string>> = {
  reportType: 'Which report of this family to run.',
  reportDateFrom: 'The first day the report covers.',
  reportDateTo: 'The last day the report covers (for a balance sheet, the day it is as of).',
  reportDateMacro: 'A period named relative to today in the company file (this month, last quarter...), instead of explicit dates.',
  accountType: 'Only amounts posted to accounts of this kind.',
  accountIds: 'Only amounts posted to these accounts.',
  accountFullNames: 'Only amounts posted to these accounts, by full name.',
  entityType: 'Only amounts of customers, vendors, employees or other names.',
  entityIds: 'Only amounts of these customers, vendors, employees or other names.',
  entityFullNames: 'Only amounts of these customers, vendors, employees or other names, by full name.',
  itemType: 'Only amounts of lines with items of this kind.',
  itemIds: 'Only amounts of lines with these items.',
  itemFullNames: 'Only amounts of lines with these items, by full name.',
  classIds: 'Only amounts with these classes.',
  classFullNames: 'Only amounts with these classes, by full name.',
  transactionTypes: 'Only amounts of transactions of these types.',
  detailLevel: 'Whether to show every row, or only summary rows, or all but them.',
  postingStatus: 'Only transactions that post, or only those that do not (estimates, orders), or either.',
  updatedAfter: 'Only transactions last changed on or after this day.',
  updatedBefore: 'Only transactions last changed on or before this day.',
  updatedDateMacro: 'A period of last changes named relative to today in the company file.',
  reportCalendar: 'Which year the periods of the report count from: the calendar year, the fiscal year or the tax year.',
  rowsToReturn: 'Which rows to show: every row, rows of active objects, or rows with something other than zero.',
  columnsToReturn: 'Which columns to show: every column, active ones, or columns with something other than zero.',
  summarizeColumnsBy: 'What the columns are: one total, or one per period, class, customer...',
  summarizeRowsBy: 'What the rows are grouped by.',
  includeSubcolumns: 'Whether to add the extra columns a report type can show beside each column (such as a percentage).',
  basis: 'Accrual (income when invoiced, expense when billed) or cash (when paid); none takes the company file\'s preference.',
  accountsToInclude: 'Every account, or only those with amounts in the report.',
  openBalanceAsOf: 'Whether open balances are as of the report\'s end date or as of today.',
  includeColumns: 'Which columns a detail report shows, in this order.',
  agingAsOf: 'Whether amounts are aged as of the report\'s end date or as of today.',
  fiscalYear: 'The fiscal year of the budget.',
  budgetCriterion: 'Which budget of the year: by account, by account and class, or by account and customer.',
};
