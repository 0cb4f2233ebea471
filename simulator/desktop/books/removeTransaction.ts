import type { CompanyFile } from '../CompanyFile.ts';
import { parseDoc } from '../CompanyFileStore.ts';
import { DESKTOP_STATUS, DesktopError } from '../DesktopError.ts';
import { isJsonObject, type JsonObject } from '../json.ts';
import { unpostTransaction } from './keepBooks.ts';

/** A transaction that others are applied to (payments to an invoice) can be neither deleted nor voided: the desktop's 3175. */
function assertNothingApplied(file: CompanyFile, objectType: string, id: string, what: 'deleted' | 'voided'): void {
  const applied = file.store.ledger.linksTo(id);
  if (applied.length === 0) return;
  const noun = objectType.replace(/^ldg_/, '').replaceAll('_', ' ');
  throw new DesktopError(
    DESKTOP_STATUS.IN_USE,
    `This ${noun} cannot be ${what}: ${applied.length} linked transaction${applied.length === 1 ? ' is' : 's are'} applied to it (${applied.map((l) => l.from).join(', ')}). Delete or change ${applied.length === 1 ? 'it' : 'them'} first.`,
  );
}

/** Deletes a transaction: its postings and links go, and the deleted-transactions list shows it. */
export function deleteTransaction(file: CompanyFile, objectType: string, id: string): JsonObject {
  return file.store.transaction(() => {
    const model = file.modelOf(objectType);
    const doc = parseDoc<JsonObject>(file.rowOf(objectType, id).doc);
    assertNothingApplied(file, objectType, id, 'deleted');
    const ctx = file.context(objectType);
    model.row.rules?.beforeRemove?.(ctx, doc);
    file.store.remove(objectType, id);
    unpostTransaction(ctx, id);
    const refNumber = typeof doc['refNumber'] === 'string' ? doc['refNumber'] : null;
    file.store.ledger.recordDeletion(objectType, id, refNumber, ctx.now);
    return { id, objectType, refNumber, deleted: true };
  });
}

/**
 * Voids a transaction as the desktop does: it stays, with every amount zero and "VOID:" before its
 * memo, and posts nothing; what it applied itself to is undone.
 */
export function voidTransaction(file: CompanyFile, objectType: string, id: string): JsonObject {
  return file.store.transaction(() => {
    const model = file.modelOf(objectType);
    const row = file.rowOf(objectType, id);
    const previous = parseDoc<JsonObject>(row.doc);
    assertNothingApplied(file, objectType, id, 'voided');
    const ctx = file.context(objectType);
    model.row.rules?.beforeRemove?.(ctx, previous);
    const doc = structuredClone(previous);
    for (const line of Array.isArray(doc['lines']) ? doc['lines'].filter(isJsonObject) : []) if ('amount' in line) line['amount'] = '0.00';
    if (!String(doc['memo'] ?? '').startsWith('VOID:')) doc['memo'] = `VOID:${typeof doc['memo'] === 'string' && doc['memo'] !== '' ? ` ${doc['memo']}` : ''}`;
    const voided = file.storeModified(model, ctx, row, previous, doc, {});
    return { id, objectType, createdAt: voided['createdAt'] ?? null, updatedAt: voided['updatedAt'] ?? null, refNumber: voided['refNumber'] ?? null, voided: true };
  });
}
