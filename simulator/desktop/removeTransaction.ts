import type { CompanyFile } from './CompanyFile.ts';

/** What removing a transaction needs of the company file: its store, its models and rows, a write's context and its pipeline's store step. */
type RemovalFile = Pick<CompanyFile, 'store' | 'modelOf' | 'rowOf' | 'context' | 'storeModified'>;
import { parseDoc } from './storage/CompanyFileStore.ts';
import { DESKTOP_STATUS, DesktopError } from './values/DesktopError.ts';
import type { JsonObject } from './values/json.ts';
import { nounOf } from './values/typeNoun.ts';
import { everyBeforeVoid, forgetBeforeVoid, keepBeforeVoid, namedByKept } from './books/beforeVoid.ts';
import { isVoided, markVoided, unpostTransaction } from './books/keepBooks.ts';
import { zeroAmounts } from './books/voidAmounts.ts';

/**
 * A transaction that another one links to it (a payment applied to an invoice, a deposit holding a
 * payment, a payment applying a credit memo) can be neither deleted nor voided: the desktop's
 * 3175. Links its own write made (an invoice's credits) go with it. A voided transaction stays
 * linked, at zero, to what it had paid, applied, deposited or was made from: that holds too.
 */
function assertNothingApplied(file: RemovalFile, objectType: string, id: string, what: 'deleted' | 'voided'): void {
  const { ledger } = file.store;
  const others = [...new Set([...ledger.links.to(id), ...ledger.links.from(id)].filter((l) => l.owner !== id).map((l) => l.owner))];
  const voided = [...everyBeforeVoid(file.store)].filter(([holder, kept]) => holder !== id && namedByKept(kept, holder).has(id)).map(([holder]) => holder);
  if (others.length + voided.length === 0) return;
  const noun = nounOf(objectType);
  const held = [...others, ...voided];
  const them = held.length === 1 ? 'it' : 'them';
  const how = others.length > 0 ? `${others.length} linked transaction${others.length === 1 ? ' is' : 's are'} applied with it (${others.join(', ')})` : '';
  const kept = voided.length > 0 ? `${voided.length} voided transaction${voided.length === 1 ? ' stays' : 's stay'} linked to it (${voided.join(', ')})` : '';
  throw new DesktopError(DESKTOP_STATUS.IN_USE, `This ${noun} cannot be ${what}: ${[how, kept].filter((t) => t !== '').join('; ')}. Delete ${voided.length > 0 ? them : `or change ${them}`} first.`);
}

/** Deletes a transaction: its postings and links go, and the deleted-transactions list shows it. */
export function deleteTransaction(file: RemovalFile, objectType: string, id: string): JsonObject {
  return file.store.transaction(() => {
    const model = file.modelOf(objectType);
    const doc = parseDoc<JsonObject>(file.rowOf(objectType, id).doc);
    assertNothingApplied(file, objectType, id, 'deleted');
    const ctx = file.context(objectType);
    model.row.rules?.beforeRemove?.(ctx, doc);
    file.store.remove(objectType, id);
    unpostTransaction(ctx, id);
    // A voided transaction deleted no longer holds what it was linked to.
    forgetBeforeVoid(ctx, id);
    const refNumber = typeof doc['refNumber'] === 'string' ? doc['refNumber'] : null;
    file.store.ledger.deletions.record({ type: objectType, id, label: refNumber, createdAt: String(doc['createdAt'] ?? '') }, ctx.now);
    // The answer names the reference number only where the type has one (a deposit has none).
    return { id, objectType, ...(model.has('refNumber') ? { refNumber } : {}), deleted: true };
  });
}

/**
 * Voids a transaction as the desktop does: it stays, with every amount zero and "VOID:" before its
 * memo, and posts nothing; what it applied itself to is undone.
 */
export function voidTransaction(file: RemovalFile, objectType: string, id: string): JsonObject {
  return file.store.transaction(() => {
    const model = file.modelOf(objectType);
    const row = file.rowOf(objectType, id);
    const previous = parseDoc<JsonObject>(row.doc);
    const ctx = file.context(objectType);
    // A void of a voided transaction changes nothing, so it writes nothing: a new revision number
    // would make whoever holds the old one fail with 3200 for no change at all.
    if (isVoided(ctx, id)) return voidAnswer(id, objectType, model.has('refNumber'), previous);
    assertNothingApplied(file, objectType, id, 'voided');
    keepBeforeVoid(ctx, id, previous);
    model.row.rules?.beforeRemove?.(ctx, previous);
    const doc = structuredClone(previous);
    // Every line of every kind (item, expense, deposit lines, cash back) keeps its place at zero;
    // so does an amount the transaction holds itself (a bill payment's, a transfer's).
    zeroAmounts(doc);
    // A type without a memo of its own (a journal entry) is marked by its zero amounts alone.
    if (model.has('memo') && !String(doc['memo'] ?? '').startsWith('VOID:')) doc['memo'] = `VOID:${typeof doc['memo'] === 'string' && doc['memo'] !== '' ? ` ${doc['memo']}` : ''}`;
    markVoided(ctx, id);
    return voidAnswer(id, objectType, model.has('refNumber'), file.storeModified(model, ctx, row, previous, doc, {}));
  });
}

/** What a void answers: the voided transaction's identity and times (the reference number only where the type has one). */
function voidAnswer(id: string, objectType: string, hasRefNumber: boolean, voided: JsonObject): JsonObject {
  const refNumber: JsonObject = hasRefNumber ? { refNumber: voided['refNumber'] ?? null } : {};
  return { id, objectType, createdAt: voided['createdAt'] ?? null, updatedAt: voided['updatedAt'] ?? null, ...refNumber, voided: true };
}
