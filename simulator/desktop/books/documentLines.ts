import { objectsOf, type JsonObject } from '../values/json.ts';
import { LINE_ITEM_TYPES } from '../values/globalReferences.ts';
import type { TransactionShape } from '../table/TypeRow.ts';
import type { RulesContext } from '../table/TypeRules.ts';

/**
 * Every line a document keeps in `field`: its own, then those of each of its groups that keep
 * theirs there (`shape.groups`: a sale's `lineGroups` of `lines`, a purchase's `itemGroupLines` of
 * `itemLines`). The postings, totals and stock count a group's lines as the document's.
 */
export function linesWithGroupsOf(shape: Pick<TransactionShape, 'groups'>, field: string, doc: JsonObject): JsonObject[] {
  const grouped = shape.groups.filter((layout) => layout.lines === field);
  return [...objectsOf(doc[field]), ...grouped.flatMap((layout) => objectsOf(doc[layout.groups]).flatMap((group) => objectsOf(group[field])))];
}

/** The item a line names, whichever kind of item it is. */
export function findItem(ctx: Pick<RulesContext, 'findAmong'>, id: string): JsonObject | undefined {
  return ctx.findAmong(LINE_ITEM_TYPES, id);
}
