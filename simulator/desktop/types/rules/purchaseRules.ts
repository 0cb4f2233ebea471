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

/** What sets one kind of purchase apart: where its total shows, and what is left open of it. */
interface PurchaseShape {
  objectType: string;
  /** The field with the total (`amountDue`, `creditAmount`, `totalAmount`), and its home-currency twin. */
  total: string;
  /** The field with what is left once payments or applications took their part (`openAmount`), if the type has one. */
  open?: string;
  /** A bill falls due by its terms and is paid when nothing is open. */
  payable?: boolean;
}

/**
 * A purchase (bill, vendor credit, item receipt): expense lines (an account each) and item lines
 * (quantity x cost), posted against payables on the vendor's side by the type's posting profile.
 */
function purchaseRules(shape: PurchaseShape): TypeRules {
  const { objectType } = shape;
  return {
    compute(ctx, doc, body, previous) {
      for (const id of Array.isArray(body['linkToTransactionIds']) ? body['linkToTransactionIds'] : []) {
        // Purchase orders come with the rest of the purchase side (decision 13, step 3).
        throw new DesktopError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Transaction "${String(id)}" specified in the request cannot be found.`);
      }
      for (const field of LINE_FIELDS) if (field in body) doc[field] = purchaseLinesOf(ctx, objectType, field, body[field], previous);
      if (body['clearExpenseLines'] === true) doc['expenseLines'] = [];
      if (body['clearItemLines'] === true) doc['itemLines'] = [];
      for (const group of Array.isArray(body['itemGroupLines']) ? body['itemGroupLines'].filter(isJsonObject) : []) {
        ctx.resolve(objectType, 'itemGroupLines.itemGroup', String(group['itemGroupId'] ?? ''));
      }
      if (!previous) {
        if (doc['payablesAccount'] === null) doc['payablesAccount'] = ctx.resolve(objectType, 'payablesAccount', specialAccount(ctx, 'accounts_payable'));
        if (doc['exchangeRate'] === null) doc['exchangeRate'] = 1;
      }
      if (shape.payable && (doc['dueDate'] === null || (!('dueDate' in body) && ('termsId' in body || 'transactionDate' in body)))) {
        doc['dueDate'] = dueDateOf(ctx, String(doc['transactionDate']), refId(doc['terms']));
      }
      const total = purchaseTotalCents(doc);
      doc[shape.total] = fromCents(total);
      doc[`${shape.total}InHomeCurrency`] = fromCents(total);
      if (!shape.open) return;
      const taken = sumCents(
        [...ctx.ledger.linksTo(String(doc['id'])), ...ctx.ledger.linksFrom(String(doc['id'])).filter((l) => l.owner !== doc['id'])].map((l) => l.cents + l.discountCents),
        'What was applied',
      );
      if (total - taken < 0) throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, `The total of ${objectType.replace(/^ldg_/, '').replaceAll('_', ' ')} ${String(doc['refNumber'])} would be ${fromCents(total)}, less than the ${fromCents(taken)} already applied.`);
      doc[shape.open] = fromCents(total - taken);
      if (shape.payable) doc['isPaid'] = total - taken <= 0;
    },
  };
}

/** A bill: what the company owes a vendor; `openAmount` is what is left to pay. */
export const billRules: TypeRules = purchaseRules({ objectType: 'ldg_bill', total: 'amountDue', open: 'openAmount', payable: true });

/** A vendor credit: what a vendor owes back, a bill the other way round; `openAmount` is what is left to apply. */
export const vendorCreditRules: TypeRules = purchaseRules({ objectType: 'ldg_vendor_credit', total: 'creditAmount', open: 'openAmount' });

/** Goods received before their bill: owed to the vendor like a bill, with nothing to pay on it yet. */
export const itemReceiptRules: TypeRules = purchaseRules({ objectType: 'ldg_item_receipt', total: 'totalAmount' });
