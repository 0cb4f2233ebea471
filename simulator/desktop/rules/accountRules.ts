import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import type { JsonObject } from '../values/json.ts';
import type { TypeRules } from '../table/TypeRules.ts';
import { rollUpAccount } from '../books/keepBooks.ts';
import { postOpening } from '../books/openingBalances.ts';
import { parentIdOf, rememberOpening } from '../books/balances.ts';

/**
 * An account's balance: its postings (its opening balance posted against Opening Balance Equity), and its total with every subaccount. The tax line the request names by number becomes its details.
 */
export const accountRules: TypeRules = {
  compute(ctx, doc, body, previous) {
    if ('openingBalance' in body) rememberOpening(ctx, String(doc['id']), body['openingBalance'], !previous, body['openingBalanceDate']);
    if (typeof body['taxLineId'] === 'number') {
      const line = ctx.find('ldg_account_tax_line', String(body['taxLineId']));
      if (!line) throw new DesktopError(DESKTOP_STATUS.INVALID_REFERENCE, `There is an invalid reference in the field "taxLineId": no tax line ${body['taxLineId']} exists.`);
      doc['taxLineDetails'] = { taxLineId: line['taxLineId'] ?? null, taxLineName: line['taxLineName'] ?? null };
    }
  },
  afterWrite(ctx, doc: JsonObject, previous) {
    postOpening(ctx, 'ldg_account', doc, !previous);
    if (ctx.bulk) return;
    const oldParent = previous ? parentIdOf(previous) : null;
    if (oldParent && oldParent !== parentIdOf(doc)) rollUpAccount(ctx, oldParent);
    rollUpAccount(ctx, String(doc['id']));
  },
};
