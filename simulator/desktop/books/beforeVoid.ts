import type { JsonObject } from '../json.ts';
import type { LineLink, Link } from './Ledger.ts';

/**
 * What a transaction was just before it was voided: its document and the links its write had
 * made, which the void zeroes and undoes. Kept (in meta) so that an export can say the
 * transaction as it was made and then voided (a fixture's `voided: true`), and loading that gives
 * the voided transaction back, its links undone the same way.
 */
export interface BeforeVoid {
  doc: JsonObject;
  links: Link[];
  lineLinks: LineLink[];
}

export const BEFORE_VOID_META = 'beforeVoid:';

interface Keeper {
  ledger: { ownedBy(id: string): Link[]; lineLinksOf(id: string): LineLink[] };
  setMeta(key: string, value: string): void;
}

export function keepBeforeVoid(ctx: Keeper, id: string, doc: JsonObject): void {
  const kept: BeforeVoid = { doc, links: ctx.ledger.ownedBy(id), lineLinks: ctx.ledger.lineLinksOf(id) };
  ctx.setMeta(`${BEFORE_VOID_META}${id}`, JSON.stringify(kept));
}

export function beforeVoidOf(meta: { getMeta(key: string): string | undefined }, id: string): BeforeVoid | undefined {
  const text = meta.getMeta(`${BEFORE_VOID_META}${id}`);
  return text ? (JSON.parse(text) as BeforeVoid) : undefined;
}
