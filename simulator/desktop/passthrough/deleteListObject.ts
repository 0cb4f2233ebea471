import type { CompanyFile } from '../CompanyFile.ts';
import { parseDoc } from '../storage/CompanyFileStore.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { FIRST_DAY, LAST_DAY } from '../values/desktopTime.ts';
import type { JsonObject } from '../values/json.ts';
import { aNounOf, nounOf } from '../values/typeNoun.ts';

/**
 * Deletes a list object as the desktop's `ListDelRq` does (the Service has no typed delete of list
 * objects: its clients make them inactive). The desktop deletes only what nothing uses: an object
 * another one names (a customer on an invoice, a parent account, an item in a group) or that the
 * books hold postings of is refused with 3175, as the typed delete of a transaction is when another
 * is applied to it. What goes is listed by the deleted-list-objects list, as a made-inactive one is.
 */
export function deleteListObject(file: CompanyFile, objectType: string, id: string): JsonObject {
  return file.store.transaction(() => {
    const doc = parseDoc<JsonObject>(file.rowOf(objectType, id).doc);
    const users = file.store.graph.referrers(id).filter((row) => row.id !== id);
    const posted = (['accounts', 'entities', 'items', 'classes'] as const).some((key) => file.store.ledgerReads.postingCount(FIRST_DAY, LAST_DAY, { [key]: [id] }, null) > 0);
    if (users.length > 0 || posted) {
      const named = users.slice(0, 3).map((row) => `${nounOf(row.type)} ${row.id}`);
      const why = users.length > 0 ? `${users.length} other object${users.length === 1 ? ' uses' : 's use'} it (${named.join(', ')}${users.length > 3 ? ', ...' : ''})` : 'the books hold postings of it';
      throw new DesktopError(DESKTOP_STATUS.IN_USE, `${aNounOf(objectType, true)} that is in use cannot be deleted: ${why}. Make it inactive instead.`);
    }
    const ctx = file.context(objectType);
    file.store.remove(objectType, id);
    const label = typeof doc['fullName'] === 'string' ? doc['fullName'] : typeof doc['name'] === 'string' ? doc['name'] : null;
    file.store.ledger.deletions.record({ type: objectType, id, label, createdAt: String(doc['createdAt'] ?? '') }, ctx.now);
    return { id, objectType, ...(label === null ? {} : { fullName: label }), deleted: true };
  });
}
