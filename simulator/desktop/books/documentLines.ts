import { objectsOf, type JsonObject } from '../json.ts';
import { LINE_ITEM_TYPES } from '../types/globalReferences.ts';
import type { RulesContext } from '../types/TypeRules.ts';

/** Where a kind of document keeps the lines made from item groups: a field of groups, each holding lines in the field its own lines are in. */
export interface GroupLayout {
  groups: string;
  lines: string;
}

/** A sale's `lineGroups` of `lines`. */
export const SALE_LINE_LAYOUT: GroupLayout = { groups: 'lineGroups', lines: 'lines' };
/** A purchase's `itemGroupLines` of `itemLines`. */
export const PURCHASE_LINE_LAYOUT: GroupLayout = { groups: 'itemGroupLines', lines: 'itemLines' };

/** Every line of a document: its own, then those of each of its groups. */
export function withGroupLines(doc: JsonObject, layout: GroupLayout): JsonObject[] {
  return [...objectsOf(doc[layout.lines]), ...objectsOf(doc[layout.groups]).flatMap((group) => objectsOf(group[layout.lines]))];
}

/** Every line of a sale: its own lines, then the lines of each of its line groups. */
export const allLinesOf = (doc: JsonObject): JsonObject[] => withGroupLines(doc, SALE_LINE_LAYOUT);

/** Every item line of a purchase: its own, then those of its item group lines. */
export const allItemLinesOf = (doc: JsonObject): JsonObject[] => withGroupLines(doc, PURCHASE_LINE_LAYOUT);

/** The item a line names, whichever kind of item it is. */
export function findItem(ctx: Pick<RulesContext, 'findAmong'>, id: string): JsonObject | undefined {
  return ctx.findAmong(LINE_ITEM_TYPES, id);
}
