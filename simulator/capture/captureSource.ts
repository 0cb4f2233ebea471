import type { LineLink, Link } from '../desktop/storage/Ledger.ts';
import { isStocked } from '../desktop/books/stock.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../desktop/values/json.ts';
import { toCents } from '../desktop/values/money.ts';
import type { ExportRow, ExportSource } from '../fixtures/ExportSource.ts';
import { namesOfTransactions } from '../fixtures/exportLinks.ts';
import type { FixtureTools } from '../fixtures/fixtureTools.ts';
import { singletonByName } from '../fixtures/singletonNames.ts';
import type { CaptureState } from './CaptureState.ts';
import { identityOf } from './readCollections.ts';
import { inferLineLinks } from './inferLineLinks.ts';

/** Request fields no answer of the API holds, worked out by the capture instead (inferOpenings). */
export type Openings = ReadonlyMap<string, Readonly<Record<string, JsonValue>>>;

const entriesOf = (value: JsonValue | undefined): JsonObject[] => (Array.isArray(value) ? value.filter(isJsonObject) : []);
const cents = (value: JsonValue | undefined): number => Math.abs(toCents(typeof value === 'string' ? value : null));

/** The payment types whose applications carry credits applied through them (those links are the payment's, not the target's). */
const APPLYING = ['ldg_receive_payment', 'ldg_bill_check_payment', 'ldg_bill_credit_card_payment'];

/** The desktop marks what it voided by starting its memo with `VOID:`; amounts show zero. */
const VOID_MARK = /^VOID:\s?/;
const isVoidShown = (doc: JsonObject): boolean => typeof doc['memo'] === 'string' && VOID_MARK.test(doc['memo']);

/** A voided transaction as shown, less the mark its void added (loading makes and voids it again, which adds it back). */
function withoutVoidMark(doc: JsonObject): JsonObject {
  const memo = String(doc['memo']).replace(VOID_MARK, '');
  return { ...doc, memo: memo === '' ? null : memo };
}

/**
 * Objects as they were made, as a fixture lists them (a parent before its children, history in its
 * order): lists answer in the desktop's own order (by name), so by `createdAt`, the answer's order
 * between equals. Timestamps carry the machine's one offset, so they compare as text.
 */
function inCreationOrder(objects: readonly JsonObject[]): JsonObject[] {
  return objects
    .map((doc, i) => ({ doc, i, at: String(doc['createdAt'] ?? '') }))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.i - b.i))
    .map((e) => e.doc);
}

/** The machine's offset, as the desktop writes it in every timestamp (`...-05:00`). */
export function offsetOf(docs: Iterable<JsonObject>): number {
  for (const doc of docs) {
    const match = /([+-])(\d\d):(\d\d)$/.exec(String(doc['createdAt'] ?? ''));
    if (match) return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
  }
  return 0;
}

/**
 * What the API answered, read as an export reads a company file. Links come from what each
 * transaction shows (`linkedTransactions`, a payment's applications, a refund's entries): a link
 * shown on both ends belongs to the end that made it, and a credit a payment applied is the
 * payment's. What no answer holds is left out (line-to-line links, voids, the account a line was
 * told to post to) or taken from `openings`.
 */
export function captureSource(tools: FixtureTools, state: CaptureState, openings: Openings, unread: ReadonlyMap<string, JsonObject[]>): ExportSource {
  const byType = new Map<string, JsonObject[]>();
  const byId = new Map<string, JsonObject>();
  for (const collection of tools.collections) {
    const objects = inCreationOrder(state.types[collection.name]?.objects ?? unread.get(collection.model.objectType) ?? []);
    byType.set(collection.model.objectType, objects);
    for (const doc of objects) byId.set(identityOf(collection, doc), doc);
  }
  const voidable = new Set(tools.collections.filter((c) => c.voidable).map((c) => c.model.objectType));
  const transactionTypes = new Set(tools.collections.filter((c) => c.model.row.kind === 'transaction').map((c) => c.model.objectType));
  const names = new Map<string, string>();
  for (const [type, docs] of byType) {
    if (transactionTypes.has(type)) continue;
    for (const doc of docs) {
      const name = doc['fullName'] ?? doc['name'];
      if (typeof name === 'string') names.set(String(doc['id']), name);
    }
  }
  const nameOf = (id: string): string | undefined => names.get(id);
  const typeOf = (id: string): string | undefined => {
    const type = byId.get(id)?.['objectType'];
    return typeof type === 'string' ? type : undefined;
  };
  // Credits applied through payments, by credit and target: shown on the target, made by the payment.
  const throughPayments = new Map<string, number>();
  for (const type of APPLYING) {
    for (const payment of byType.get(type) ?? []) {
      for (const applied of entriesOf(payment['appliedToTransactions'])) {
        for (const credit of entriesOf(applied['linkedTransactions'])) {
          const key = `${String(credit['id'])}>${String(applied['transactionId'])}`;
          throughPayments.set(key, (throughPayments.get(key) ?? 0) + cents(credit['amount']));
        }
      }
    }
  }
  const shownLinks = (doc: JsonObject): { id: string; cents: number }[] => {
    const refunded = entriesOf(doc['refundAppliedToTransactions']);
    if (refunded.length > 0) return refunded.map((e) => ({ id: String(e['transactionId']), cents: cents(e['refundAmount']) }));
    return entriesOf(doc['linkedTransactions']).map((e) => ({ id: String(e['id']), cents: cents(e['amount']) }));
  };
  const ownedBy = (id: string): Link[] => {
    const doc = byId.get(id);
    if (!doc) return [];
    const sums = new Map<string, number>();
    for (const shown of shownLinks(doc)) sums.set(shown.id, (sums.get(shown.id) ?? 0) + shown.cents);
    const out: Link[] = [];
    for (const [from, total] of sums) {
      const fromType = typeOf(from);
      const own = total - (throughPayments.get(`${from}>${id}`) ?? 0);
      if (fromType && own > 0) out.push({ owner: id, fromType, from, to: id, cents: own, discountCents: 0 });
    }
    return out;
  };
  const transactionRows = [...byType].filter(([type]) => transactionTypes.has(type)).flatMap(([type, docs]) => docs.map((doc) => ({ type, id: String(doc['id']), ref: typeof doc['refNumber'] === 'string' ? doc['refNumber'] : null })));
  const linked = new Set<string>();
  for (const row of transactionRows) {
    const doc = byId.get(row.id) ?? {};
    const ends = [...shownLinks(doc).map((s) => s.id), ...entriesOf(doc['appliedToTransactions']).flatMap((a) => [String(a['transactionId']), ...entriesOf(a['linkedTransactions']).map((c) => String(c['id']))]), ...entriesOf(doc['lines']).map((l) => l['paymentTransactionId']).filter((p): p is string => typeof p === 'string')];
    if (ends.length > 0) linked.add(row.id);
    for (const end of ends) linked.add(end);
  }
  // Worked out for every made document at once, in the order they were made: a counting source's counts are shared.
  let lineLinks: Map<string, LineLink[]> | undefined;
  const lineLinksOf = (id: string): LineLink[] => {
    lineLinks ??= inferLineLinks(
      inCreationOrder(transactionRows.map((row) => byId.get(row.id)).filter((doc): doc is JsonObject => doc !== undefined)),
      byId,
      (doc) => voidable.has(String(doc['objectType'])) && isVoidShown(doc),
    );
    return lineLinks.get(id) ?? [];
  };
  const company = state.singletons['company'];
  const preferences = state.singletons['preferences'];
  return {
    rows: (type) => (byType.get(type) ?? []).map((doc): ExportRow => ({ id: String(doc[tools.types.modelOf(type).row.keyField ?? 'id']), doc })),
    nameOf,
    names: namesOfTransactions(transactionRows, linked),
    extras: (row) => (key) => {
      const inferred = openings.get(row.id)?.[key];
      if (inferred !== undefined) return inferred;
      // Stock an item started with is never what it has now: without an inferred opening, none.
      if (key === 'quantityOnHand' && isStocked(row.doc)) return 0;
      const details = row.doc['taxLineDetails'];
      if (key === 'taxLineId' && isJsonObject(details)) return details['taxLineId'] ?? undefined;
      return undefined;
    },
    voided: (id) => {
      const doc = byId.get(id);
      if (!doc || !voidable.has(String(doc['objectType'])) || !isVoidShown(doc)) return undefined;
      return { before: { doc: withoutVoidMark(doc), links: { ownedBy, lineLinksOf } } };
    },
    links: { ownedBy, lineLinksOf },
    lineAccount: () => undefined,
    findDoc: (types, id) => {
      const doc = byId.get(id);
      return doc && types.includes(String(doc['objectType'])) ? doc : undefined;
    },
    head: () => ({
      name: typeof company?.['companyName'] === 'string' ? company['companyName'] : 'Captured company',
      utcOffsetMinutes: offsetOf(byId.values()),
      record: company ? singletonByName(company, nameOf) : undefined,
      preferences: preferences ? singletonByName(preferences, nameOf) : undefined,
      desktop: undefined,
    }),
  };
}
