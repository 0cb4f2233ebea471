/** The account types of the chart of accounts, in the order reports show them. */
export const ACCOUNT_TYPE_ORDER = [
  'bank',
  'accounts_receivable',
  'other_current_asset',
  'fixed_asset',
  'other_asset',
  'accounts_payable',
  'credit_card',
  'other_current_liability',
  'long_term_liability',
  'equity',
  'income',
  'cost_of_goods_sold',
  'expense',
  'other_income',
  'other_expense',
  'non_posting',
] as const;

const ASSETS = ['bank', 'accounts_receivable', 'other_current_asset', 'fixed_asset', 'other_asset'];
const LIABILITIES = ['accounts_payable', 'credit_card', 'other_current_liability', 'long_term_liability'];
const PROFIT_AND_LOSS = ['income', 'cost_of_goods_sold', 'expense', 'other_income', 'other_expense'];

/** Whether an account's postings carry into the next year (balance sheet) or close into retained earnings (profit and loss). */
export const isProfitAndLoss = (accountType: string): boolean => PROFIT_AND_LOSS.includes(accountType);

/**
 * The account types each `accountType` filter value of a report keeps. Two values also name
 * special accounts (`uf` undeposited funds, sales tax payable): those are matched by
 * `specialAccountType` besides the types here.
 */
export const ACCOUNT_FILTER_GROUPS: Readonly<Record<string, { types: readonly string[]; special?: readonly string[] }>> = {
  accounts_payable: { types: ['accounts_payable'] },
  accounts_receivable: { types: ['accounts_receivable'] },
  allowed_for_1099: { types: ['cost_of_goods_sold', 'expense', 'other_expense'] },
  ap_and_sales_tax: { types: ['accounts_payable'], special: ['sales_tax_payable'] },
  ap_or_credit_card: { types: ['accounts_payable', 'credit_card'] },
  ar_and_ap: { types: ['accounts_receivable', 'accounts_payable'] },
  asset: { types: ASSETS },
  balance_sheet: { types: [...ASSETS, ...LIABILITIES, 'equity'] },
  bank: { types: ['bank'] },
  bank_and_ar_and_ap_and_uf: { types: ['bank', 'accounts_receivable', 'accounts_payable'], special: ['undeposited_funds'] },
  bank_and_uf: { types: ['bank'], special: ['undeposited_funds'] },
  cost_of_sales: { types: ['cost_of_goods_sold'] },
  credit_card: { types: ['credit_card'] },
  current_asset: { types: ['bank', 'accounts_receivable', 'other_current_asset'] },
  current_asset_and_expense: { types: ['bank', 'accounts_receivable', 'other_current_asset', 'expense'] },
  current_liability: { types: ['accounts_payable', 'credit_card', 'other_current_liability'] },
  equity: { types: ['equity'] },
  equity_and_income_and_expense: { types: ['equity', ...PROFIT_AND_LOSS] },
  expense_and_other_expense: { types: ['expense', 'other_expense'] },
  fixed_asset: { types: ['fixed_asset'] },
  income_and_expense: { types: PROFIT_AND_LOSS },
  income_and_other_income: { types: ['income', 'other_income'] },
  liability: { types: LIABILITIES },
  liability_and_equity: { types: [...LIABILITIES, 'equity'] },
  long_term_liability: { types: ['long_term_liability'] },
  non_posting: { types: ['non_posting'] },
  ordinary_expense: { types: ['expense'] },
  ordinary_income: { types: ['income'] },
  ordinary_income_and_cogs: { types: ['income', 'cost_of_goods_sold'] },
  ordinary_income_and_expense: { types: ['income', 'cost_of_goods_sold', 'expense'] },
  other_asset: { types: ['other_asset'] },
  other_current_asset: { types: ['other_current_asset'] },
  other_current_liability: { types: ['other_current_liability'] },
  other_expense: { types: ['other_expense'] },
  other_income: { types: ['other_income'] },
  other_income_or_expense: { types: ['other_income', 'other_expense'] },
};
