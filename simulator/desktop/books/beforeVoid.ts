import type { JsonObject } from '../values/json.ts';
import type { LineLink, Link } from '../storage/Ledger.ts';

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

/**
 * Set on a create body by a fixture load whose transaction says `voided: true`: it is made as it
 * was made and voided at once. What it applied was open when it was made; what is open at load
 * may have changed since (a bill lowered after its payment was voided), and it is given back at
 * once, so it is not checked against what is open. A symbol, which no request over HTTP can carry.
 */
export const MADE_TO_BE_VOIDED = Symbol('made to be voided');

export const madeToBeVoided = (body: object): boolean => (body as Record<symbol, unknown>)[MADE_TO_BE_VOIDED] === true;

interface Keeper {
  ledger: { links: { ownedBy(id: string): Link[]; lineLinksOf(id: string): LineLink[] } };
  setMeta(key: string, value: string): void;
}

export function keepBeforeVoid(ctx: Keeper, id: string, doc: JsonObject): void {
  const kept: BeforeVoid = { doc, links: ctx.ledger.links.ownedBy(id), lineLinks: ctx.ledger.links.lineLinksOf(id) };
  ctx.setMeta(`${BEFORE_VOID_META}${id}`, JSON.stringify(kept));
}

export function beforeVoidOf(meta: { getMeta(key: string): string | undefined }, id: string): BeforeVoid | undefined {
  const text = meta.getMeta(`${BEFORE_VOID_META}${id}`);
  return text ? (JSON.parse(text) as BeforeVoid) : undefined;
}

/** A voided transaction made live again by an update is what the update made it: what it was before its void no longer says it. */
export function forgetBeforeVoid(ctx: Pick<Keeper, 'setMeta'>, id: string): void {
  ctx.setMeta(`${BEFORE_VOID_META}${id}`, '');
}

/** What every voided transaction kept, by its id (those made live again kept nothing). */
export function everyBeforeVoid(meta: { metaWithPrefix(prefix: string): Map<string, string> }): Map<string, BeforeVoid> {
  const out = new Map<string, BeforeVoid>();
  for (const [id, text] of meta.metaWithPrefix(BEFORE_VOID_META)) if (text !== '') out.set(id, JSON.parse(text) as BeforeVoid);
  return out;
}

/** The transactions a voided one's kept links name: what it paid, applied, deposited or was made from. */
export function namedByKept(kept: BeforeVoid, id: string): Set<string> {
  const named = new Set<string>();
  for (const link of kept.links) for (const end of [link.from, link.to]) if (end !== id) named.add(end);
  for (const link of kept.lineLinks) named.add(link.sourceId);
  return named;
}
