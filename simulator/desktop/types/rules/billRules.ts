import { refId } from '../../books/postingProfiles.ts';
import { specialAccount } from '../../books/specialAccounts.ts';
import { DESKTOP_STATUS, DesktopError } from '../../DesktopError.ts';
import { isJsonObject, type JsonObject } from '../../json.ts';
import { fromCents, sumCents, toCents } from '../../money.ts';
import type { TypeRules } from '../TypeRules.ts';
import { purchaseLinesOf } from './purchaseLines.ts';
import { dueDateOf } from './salesDocuments.ts';

const LINE_FIELDS = ['expenseLines', 'itemLines'] as const;

/** What a purchase adds up to: every expense and item line. */
export function purchaseTotalCents(doc: JsonObject): number {
  const amounts = LINE_FIELDS.flatMap((field) => (Array.isArray(doc[field]) ? doc[field] : []).filter(isJsonObject).map((l) => toCents(typeof l['amount'] === 'string' ? l['amount'] : null)));
  return sumCents(amounts, 'The amount of the purchase');
}

/**
 * A bill: what the company owes a vendor, from expense lines (an account each) and item lines
 * (quantity x cost). It posts to payables on the vendor's side; `openAmount` is what is left to pay.
 */
export const billRules: TypeRules = {
  compute(ctx, doc, body, previous) {
    for (const id of Array.isArray(body['linkToTransactionIds']) ? body['linkToTransactionIds'] : []) {
      // Purchase orders come with the rest of the purchase side (decision 13, step 3).
      throw new DesktopError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Transaction "${String(id)}" specified in the request cannot be found.`);
    }
    for (const field of LINE_FIELDS) if (field in body) doc[field] = purchaseLinesOf(ctx, 'ldg_bill', field, body[field], previous);
    if (body['clearExpenseLines'] === true) doc['expenseLines'] = [];
    if (body['clearItemLines'] === true) doc['itemLines'] = [];
    for (const group of Array.isArray(body['itemGroupLines']) ? body['itemGroupLines'].filter(isJsonObject) : []) {
      ctx.resolve('ldg_bill', 'itemGroupLines.itemGroup', String(group['itemGroupId'] ?? ''));
    }
    if (!previous) {
      if (doc['payablesAccount'] === null) doc['payablesAccount'] = ctx.resolve('ldg_bill', 'payablesAccount', specialAccount(ctx, 'accounts_payable'));
      if (doc['exchangeRate'] === null) doc['exchangeRate'] = 1;
    }
    if (doc['dueDate'] === null || (!('dueDate' in body) && ('termsId' in body || 'transactionDate' in body))) {
      doc['dueDate'] = dueDateOf(ctx, String(doc['transactionDate']), refId(doc['terms']));
    }
    const due = purchaseTotalCents(doc);
    const paid = sumCents(
      ctx.ledger.linksTo(String(doc['id'])).map((l) => l.cents + l.discountCents),
      'What was paid of the bill',
    );
    if (due - paid < 0) throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `Bill ${String(doc['refNumber'])} would come to ${fromCents(due)}, less than the ${fromCents(paid)} already paid.`);
    doc['amountDue'] = fromCents(due);
    doc['amountDueInHomeCurrency'] = fromCents(due);
    doc['openAmount'] = fromCents(due - paid);
    doc['isPaid'] = due - paid <= 0;
  },
};
