import type { JsonObject } from '../values/json.ts';
import type { RulesContext } from '../table/TypeRules.ts';

/** The accounts the desktop application posts to by itself, and what it names one when it must create it. */
const SPECIAL_ACCOUNTS = {
  accounts_receivable: { name: 'Accounts Receivable', accountType: 'accounts_receivable' },
  undeposited_funds: { name: 'Undeposited Funds', accountType: 'other_current_asset' },
  sales_tax_payable: { name: 'Sales Tax Payable', accountType: 'other_current_liability' },
  uncategorized_income: { name: 'Uncategorized Income', accountType: 'income' },
  accounts_payable: { name: 'Accounts Payable', accountType: 'accounts_payable' },
  uncategorized_expenses: { name: 'Uncategorized Expenses', accountType: 'expense' },
  opening_balance_equity: { name: 'Opening Balance Equity', accountType: 'equity' },
  payroll_liabilities: { name: 'Payroll Liabilities', accountType: 'other_current_liability' },
  payroll_expenses: { name: 'Payroll Expenses', accountType: 'expense' },
} as const;

export type SpecialAccount = keyof typeof SPECIAL_ACCOUNTS;

const metaKey = (special: SpecialAccount): string => `account.special.${special}`;

/** An account that is this special account: marked so, or (a file loaded from a fixture) named and typed as the desktop names it. */
function findSpecial(ctx: RulesContext, special: SpecialAccount): string | undefined {
  const accounts = ctx.all('ldg_account');
  const wanted = SPECIAL_ACCOUNTS[special];
  const marked = accounts.find((a) => a['specialAccountType'] === special);
  const named = accounts.find((a) => a['fullName'] === wanted.name && a['accountType'] === wanted.accountType);
  const id = (marked ?? named)?.['id'];
  return typeof id === 'string' ? id : undefined;
}

/**
 * The special account if the company file has one; a read (a list) asks this and creates nothing.
 * `inWrite`: asked by a write's rules, which remember it once found, as `specialAccount` does (a
 * load of a file whose accounts came with it searched every account for each payment).
 */
export function existingSpecialAccount(ctx: RulesContext, special: SpecialAccount, inWrite = false): string | undefined {
  const known = ctx.getMeta(metaKey(special));
  if (known !== undefined && ctx.find('ldg_account', known)) return known;
  const found = findSpecial(ctx, special);
  if (found !== undefined && inWrite) ctx.setMeta(metaKey(special), found);
  return found;
}

/**
 * The id of one of the accounts the desktop application keeps for itself (receivables, undeposited
 * funds, sales tax payable). Like the desktop, it creates the account the first time a
 * transaction needs it. Remembered in the company file's meta, so a bulk load looks it up once.
 */
export function specialAccount(ctx: RulesContext, special: SpecialAccount): string {
  const known = ctx.getMeta(metaKey(special));
  if (known !== undefined && ctx.find('ldg_account', known)) return known;
  let id = findSpecial(ctx, special);
  if (id === undefined) {
    const created: JsonObject = ctx.addDerived('ldg_account', { ...SPECIAL_ACCOUNTS[special] });
    created['specialAccountType'] = special;
    ctx.rewrite('ldg_account', created);
    id = String(created['id']);
  }
  ctx.setMeta(metaKey(special), id);
  return id;
}

/** Accounts whose balance grows with debits; the rest (liabilities, equity, income) grow with credits. */
const DEBIT_NORMAL = new Set(['bank', 'accounts_receivable', 'other_current_asset', 'fixed_asset', 'other_asset', 'expense', 'cost_of_goods_sold', 'other_expense']);

/** +1 when an account of this type shows debits as a positive balance, -1 when it shows credits so. */
export function normalSign(accountType: unknown): 1 | -1 {
  return typeof accountType === 'string' && DEBIT_NORMAL.has(accountType) ? 1 : -1;
}
