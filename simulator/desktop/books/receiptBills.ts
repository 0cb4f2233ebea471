import type { JsonObject } from '../values/json.ts';
import type { LinkBook } from '../storage/LinkBook.ts';

/** What these read of the books: links from a receipt. */
type LinksFrom = { ledger: { links: Pick<LinkBook, 'from'> } };

export const RECEIPT = 'ldg_item_receipt';

/** A receipt is billed while a bill holds it: the bill owns a link from it. */
export function billOf(ctx: LinksFrom, receiptId: string): string | undefined {
  return ctx.ledger.links.from(receiptId).find((l) => l.fromType === RECEIPT && l.owner !== receiptId)?.owner;
}

/** Whether a transaction is an item receipt a bill has taken over: it posts nothing, the bill posts its lines. */
export function isBilledReceipt(ctx: LinksFrom, doc: JsonObject): boolean {
  return doc['objectType'] === RECEIPT && billOf(ctx, String(doc['id'])) !== undefined;
}
