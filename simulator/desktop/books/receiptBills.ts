import type { JsonObject } from '../values/json.ts';
import type { Ledger } from '../storage/Ledger.ts';

export const RECEIPT = 'ldg_item_receipt';

/** A receipt is billed while a bill holds it: the bill owns a link from it. */
export function billOf(ctx: { ledger: Pick<Ledger, 'linksFrom'> }, receiptId: string): string | undefined {
  return ctx.ledger.linksFrom(receiptId).find((l) => l.fromType === RECEIPT && l.owner !== receiptId)?.owner;
}

/** Whether a transaction is an item receipt a bill has taken over: it posts nothing, the bill posts its lines. */
export function isBilledReceipt(ctx: { ledger: Pick<Ledger, 'linksFrom'> }, doc: JsonObject): boolean {
  return doc['objectType'] === RECEIPT && billOf(ctx, String(doc['id'])) !== undefined;
}
