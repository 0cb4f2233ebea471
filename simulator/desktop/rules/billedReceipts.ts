import { linesWithGroupsOf } from '../books/documentLines.ts';
import type { LinkInput } from '../storage/Ledger.ts';
import { billOf, RECEIPT } from '../books/receiptBills.ts';
import { refId } from '../books/refId.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import type { JsonObject, JsonValue } from '../values/json.ts';
import { toCents } from '../values/money.ts';
import type { RulesContext } from '../table/TypeRules.ts';
import { WriteNote } from './writeNotes.ts';


/** Request keys of a line, by stored field: what a bill's line takes over from a receipt's line. */
const ITEM_LINE_FIELDS: Readonly<Record<string, string>> = { description: 'description', quantity: 'quantity', cost: 'cost', amount: 'amount', unitOfMeasure: 'unitOfMeasure', serialNumber: 'serialNumber', lotNumber: 'lotNumber', billingStatus: 'billingStatus' };
const EXPENSE_LINE_FIELDS: Readonly<Record<string, string>> = { amount: 'amount', memo: 'memo', billingStatus: 'billingStatus' };
const ITEM_LINE_REFS = ['item', 'inventorySite', 'customer', 'class', 'salesTaxCode'];
const EXPENSE_LINE_REFS = ['account', 'payee', 'class', 'salesTaxCode'];


function inputOf(line: JsonObject, fields: Readonly<Record<string, string>>, refs: readonly string[]): JsonObject {
  const input: JsonObject = {};
  for (const [stored, key] of Object.entries(fields)) if (line[stored] !== null && line[stored] !== undefined) input[key] = line[stored] as JsonValue;
  for (const field of refs) {
    const id = refId(line[field]);
    if (id !== null) input[`${field}Id`] = id;
  }
  return input;
}

/** What a new bill takes from the receipts it names, and the receipts, from `compute` to `afterWrite`. */
const takenFor = new WriteNote<string[]>();

/**
 * A new bill's request with the item receipts in `linkToTransactionIds` taken over: their item and
 * expense lines come after the lines sent, and the ids left are the purchase orders'. A receipt
 * must be the bill's vendor's and not billed yet.
 */
export function takeReceipts(ctx: RulesContext, doc: JsonObject, body: JsonObject): JsonObject {
  const ids = Array.isArray(body['linkToTransactionIds']) ? body['linkToTransactionIds'].map(String) : [];
  const receipts = ids.map((id) => ctx.find(RECEIPT, id)).filter((r): r is JsonObject => r !== undefined);
  if (receipts.length === 0) return body;
  const vendor = refId(doc['vendor']);
  for (const receipt of receipts) {
    const name = `Item receipt ${String(receipt['refNumber'] ?? receipt['id'])}`;
    if (refId(receipt['vendor']) !== vendor) throw new DesktopError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Transaction "${String(receipt['id'])}" specified in the request cannot be found among the item receipts of this vendor.`);
    if (billOf(ctx, String(receipt['id'])) !== undefined) throw new DesktopError(DESKTOP_STATUS.IN_USE, `${name} is billed already.`);
  }
  takenFor.set(
    ctx,
    doc,
    receipts.map((r) => String(r['id'])),
  );
  // A receipt's item group lines come over as plain item lines.
  const lines = (receipt: JsonObject, field: string): JsonObject[] => linesWithGroupsOf(ctx.shapeOf(RECEIPT), field, receipt);
  const sent = (field: string): JsonValue[] => (Array.isArray(body[field]) ? body[field] : []);
  return {
    ...body,
    linkToTransactionIds: ids.filter((id) => !receipts.some((r) => r['id'] === id)),
    itemLines: [...sent('itemLines'), ...receipts.flatMap((r) => lines(r, 'itemLines').map((l) => inputOf(l, ITEM_LINE_FIELDS, ITEM_LINE_REFS)))],
    expenseLines: [...sent('expenseLines'), ...receipts.flatMap((r) => lines(r, 'expenseLines').map((l) => inputOf(l, EXPENSE_LINE_FIELDS, EXPENSE_LINE_REFS)))],
  };
}

/** The links of a new bill to the receipts it took over, each for the receipt's total. */
export function receiptLinks(ctx: RulesContext, bill: JsonObject): LinkInput[] | undefined {
  const taken = takenFor.get(ctx, bill);
  if (!taken) return undefined;
  return taken.map((id) => ({ fromType: RECEIPT, from: id, to: String(bill['id']), cents: toCents(String(ctx.find(RECEIPT, id)?.['totalAmount'] ?? '0')), discountCents: 0 }));
}

export const RECEIPT_TYPES: readonly string[] = [RECEIPT];
