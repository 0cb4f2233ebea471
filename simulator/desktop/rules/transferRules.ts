import { refId } from '../books/refId.ts';
import { normalSign } from '../books/specialAccounts.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { stringOrNull, type JsonObject, type JsonValue } from '../values/json.ts';
import { fromCents, toCents } from '../values/money.ts';
import type { RulesContext, TypeRules } from '../table/TypeRules.ts';

/**
 * An account's balance once this write of the transfer posts: today's balance, less what the
 * transfer posted to it before, plus what it posts now (`cents` to the account, in debits).
 */
function balanceAfter(ctx: RulesContext, accountId: string | null, cents: number, previous: JsonObject | undefined): JsonValue {
  const account = ctx.find('ldg_account', accountId ?? '');
  if (!account) return null;
  const sign = normalSign(account['accountType']);
  const before = previous ? (refId(previous['sourceAccount']) === accountId ? -toCents(stringOrNull(previous['amount'])) : 0) + (refId(previous['targetAccount']) === accountId ? toCents(stringOrNull(previous['amount'])) : 0) : 0;
  return fromCents(toCents(stringOrNull(account['balance'])) + sign * (cents - before));
}

/**
 * Money moved between two of the company's accounts. The answer shows both accounts' balances as
 * the transfer leaves them (as of its last write: later transactions move them on).
 */
export const transferRules: TypeRules = {
  compute(ctx, doc, _body, previous) {
    const source = refId(doc['sourceAccount']);
    const target = refId(doc['targetAccount']);
    if (source !== null && source === target) throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, 'A transfer needs two different accounts.');
    for (const id of [source, target]) {
      // Receivables and payables are kept per customer or vendor, and a transfer names neither.
      const type = ctx.find('ldg_account', id ?? '')?.['accountType'];
      if (type === 'accounts_receivable' || type === 'accounts_payable') {
        throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `A transfer cannot move money ${id === source ? 'from' : 'to'} an ${type === 'accounts_receivable' ? 'Accounts Receivable' : 'Accounts Payable'} account: it names no customer or vendor.`);
      }
    }
    const cents = toCents(stringOrNull(doc['amount']));
    if (cents <= 0) throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, 'The amount of a transfer must be more than 0.00.');
    doc['amount'] = fromCents(cents);
    doc['sourceAccountBalance'] = balanceAfter(ctx, source, -cents, previous);
    doc['targetAccountBalance'] = balanceAfter(ctx, target, cents, previous);
  },
};
