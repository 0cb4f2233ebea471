import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { aNounOf } from '../values/typeNoun.ts';
import type { JsonObject } from '../values/json.ts';
import type { OpenLedger, Posting } from '../storage/Ledger.ts';

/**
 * The accounts where the desktop keeps parties' open balances: what customers owe on receivables,
 * what is owed to vendors on payables. A posting there moves a party's balance, so it must name one.
 */
const OPEN_SIDES: Readonly<Record<string, { ledger: OpenLedger; party: string; noun: string }>> = {
  accounts_receivable: { ledger: 'receivable', party: 'ldg_customer', noun: 'customer' },
  accounts_payable: { ledger: 'payable', party: 'ldg_vendor', noun: 'vendor' },
};

const LEDGER_ACCOUNT_NAMES: Readonly<Record<OpenLedger, string>> = { receivable: 'an Accounts Receivable', payable: 'an Accounts Payable' };

/**
 * Account fields that name their account's role, by field name, whatever the type: the account types
 * each may name. Every other account field or line may name any account, and the postings check
 * below keeps receivables and payables to the transactions that name a party.
 */
const ACCOUNT_FIELD_TYPES: Readonly<Record<string, { types: readonly string[]; noun: string }>> = {
  receivablesAccount: { types: ['accounts_receivable'], noun: 'an Accounts Receivable account' },
  payablesAccount: { types: ['accounts_payable'], noun: 'an Accounts Payable account' },
  bankAccount: { types: ['bank'], noun: 'a bank account' },
  creditCardAccount: { types: ['credit_card'], noun: 'a credit card account' },
};

/** Which open-item ledger an account of this type keeps, if any: what a line that names its own account (a journal or deposit line) posts on. */
export function openLedgerOf(accountType: unknown): OpenLedger | null {
  return typeof accountType === 'string' ? (OPEN_SIDES[accountType]?.ledger ?? null) : null;
}

/** The inventory's value is kept on an asset account: what a stocked item's `assetAccountId` may name. */
const ASSET_ACCOUNT = { types: ['other_current_asset', 'fixed_asset', 'other_asset'], noun: 'an asset account' };

/** Where a reference to an account sits: the object's type, whether it is a list object, the reference's path (`lines.account`). */
export interface AccountField {
  objectType: string;
  isList: boolean;
  path: string;
}

/**
 * The account types an account field may name, if the field is held to some; undefined for any.
 * A list object's accounts (an item's income, cost and asset accounts, a vendor's defaults) are
 * where its transactions will post without naming a party, so none of them may be receivables or
 * payables; an account's parent and a budget's lines (which post nothing) may name any account.
 */
function roleOf(field: AccountField): { types?: readonly string[]; not?: readonly string[]; noun: string } | undefined {
  const name = field.path.split('.').pop() ?? field.path;
  const role = ACCOUNT_FIELD_TYPES[name];
  if (role) return role;
  if (!field.isList || field.path === 'parent' || field.objectType === 'ldg_budget') return undefined;
  if (name === 'assetAccount') return ASSET_ACCOUNT;
  return { not: Object.keys(OPEN_SIDES), noun: 'an account that names no customer or vendor (not receivables or payables)' };
}

/** Whether the account a field names must be looked up to be checked. */
export function isAccountHeldToRole(field: AccountField): boolean {
  return roleOf(field) !== undefined;
}

/** Refuses (3140) an account field that names an account of the wrong type: a bank account as receivables, payables as an item's income account. */
export function assertAccountFitsField(field: AccountField, account: JsonObject | undefined): void {
  const role = roleOf(field);
  const type = String(account?.['accountType']);
  if (!role || !account || (role.types?.includes(type) ?? true) && !(role.not?.includes(type) ?? false)) return;
  const name = field.path.split('.').pop() ?? field.path;
  throw new DesktopError(DESKTOP_STATUS.INVALID_REFERENCE, `There is an invalid reference in the field "${name}Id": "${String(account['fullName'])}" is not ${role.noun} (its type is ${type}).`);
}


/**
 * The desktop's rule for parties' balances, for every transaction type at once, on what a write
 * would post: a posting on receivables or payables is on that ledger's side and names a customer
 * (a job counts) or a vendor; a posting on a party's side is on an account that keeps it. Without
 * it, the account, the aging and the sum of the parties' balances drift apart.
 */
export function assertPartiesNamed(find: (type: string, id: string) => JsonObject | undefined, objectType: string, postings: readonly Posting[]): void {
  for (const posting of postings) {
    // What the ledger does not keep (a zero amount moving no stock) cannot put it out of step.
    if (posting.cents === 0 && !posting.stock?.quantity) continue;
    const account = find('ldg_account', posting.account);
    const side = OPEN_SIDES[String(account?.['accountType'])];
    const name = String(account?.['fullName'] ?? posting.account);
    if (posting.openLedger !== null && side?.ledger !== posting.openLedger) {
      throw new DesktopError(DESKTOP_STATUS.INVALID_REFERENCE, `${aNounOf(objectType, true)} keeps its ${posting.openLedger} side on ${LEDGER_ACCOUNT_NAMES[posting.openLedger]} account; "${name}" is not one.`);
    }
    if (!side) continue;
    if (posting.openLedger === null) {
      throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `${aNounOf(objectType, true)} cannot post to "${name}" here: a posting to that account must name a ${side.noun} whose balance it moves.`);
    }
    if (posting.entity === null || !find(side.party, posting.entity)) {
      throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `A line on "${name}" needs a ${side.noun} as its entity.`);
    }
  }
}
