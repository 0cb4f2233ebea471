import { refId } from '../books/refId.ts';
import { customFieldsOf } from '../engine/identifiedLists.ts';
import { objectsOf, type JsonObject, type JsonValue } from '../values/json.ts';
import { emptyObject, nonNullBranch } from '../engine/materialize.ts';
import { fromCents, sumCents, toCents } from '../values/money.ts';
import type { GroupLayout } from '../table/TypeRow.ts';
import type { RulesContext } from '../table/TypeRules.ts';
import { replaceLines } from './lineUpdates.ts';

/**
 * Where a kind of document keeps its groups of lines made from item groups (its type's
 * `shape.groups`: a sale's `lineGroups` of `lines`); how a group is called; and how its lines are
 * built (the document's own line rules, with the line update semantics).
 */
export interface GroupShape extends GroupLayout {
  groupType(objectType: string): string;
  buildLines(ctx: RulesContext, objectType: string, sent: JsonValue | undefined, previous: JsonObject | undefined): JsonObject[];
}


/** The requests of an item group's lines for `quantity` of the group: each item at its quantity in the group times that. */
function groupLineInputs(group: JsonObject | undefined, quantity: number, input: JsonObject): JsonObject[] {
  return objectsOf(group?.['lines']).flatMap((line) => {
    const item = refId(line['item']);
    if (item === null) return [];
    const each = typeof line['quantity'] === 'number' ? line['quantity'] : 1;
    const shared: JsonObject = {};
    for (const key of ['inventorySiteId', 'inventorySiteLocationId', 'serviceDate'] as const) if (input[key] !== undefined) shared[key] = input[key];
    return [{ itemId: item, quantity: each * quantity, ...shared }];
  });
}

/**
 * One group: an item group expanded into its items' lines, at `quantity` of the group. An update
 * keeps a group by `id`: its lines are replaced when it sends them (the line update semantics),
 * expanded again when its quantity or item group changes, and kept otherwise.
 */
function buildGroup(ctx: RulesContext, objectType: string, shape: GroupShape, input: JsonObject, existing: JsonObject | undefined): JsonObject {
  const groupId = typeof input['itemGroupId'] === 'string' ? input['itemGroupId'] : refId(existing?.['itemGroup']);
  const itemGroup = ctx.resolve(objectType, `${shape.groups}.itemGroup`, String(groupId ?? ''));
  const stored = ctx.find('ldg_item_group', String(itemGroup['id']));
  const quantity = typeof input['quantity'] === 'number' ? input['quantity'] : typeof existing?.['quantity'] === 'number' ? existing['quantity'] : 1;
  const regroup = !existing || refId(existing['itemGroup']) !== itemGroup['id'] || existing['quantity'] !== quantity;
  const lines =
    shape.lines in input
      ? shape.buildLines(ctx, objectType, input[shape.lines], existing)
      : regroup
        ? shape.buildLines(ctx, objectType, groupLineInputs(stored, quantity, input), undefined)
        : objectsOf(existing?.[shape.lines]);
  const schema = nonNullBranch(ctx.schemaOf(objectType)).properties?.[shape.groups]?.items ?? {};
  const group: JsonObject = existing ? structuredClone(existing) : { ...emptyObject(schema), id: ctx.nextTransactionId(), objectType: shape.groupType(objectType) };
  group['itemGroup'] = itemGroup;
  group['description'] = stored?.['description'] ?? null;
  group['quantity'] = quantity;
  if ('shouldPrintItemsInGroup' in group) group['shouldPrintItemsInGroup'] = stored?.['shouldPrintItemsInGroup'] === true;
  for (const key of ['unitOfMeasure', 'serviceDate'] as const) if (key in input) group[key] = input[key] ?? null;
  if (typeof input['overrideUnitOfMeasureSetId'] === 'string') group['overrideUnitOfMeasureSet'] = ctx.resolve(objectType, `${shape.groups}.overrideUnitOfMeasureSet`, input['overrideUnitOfMeasureSetId']);
  if ('customFields' in input) group['customFields'] = customFieldsOf(objectsOf(input['customFields']));
  group[shape.lines] = lines;
  group['totalAmount'] = fromCents(
    sumCents(
      lines.map((l) => toCents(typeof l['amount'] === 'string' ? l['amount'] : null)),
      'The total of the group',
    ),
  );
  return group;
}

/** A document's groups as the update semantics say, each expanded from its item group (see buildGroup). */
export function groupsOf(ctx: RulesContext, objectType: string, shape: GroupShape, sent: JsonValue | undefined, previous: JsonObject | undefined): JsonObject[] {
  return replaceLines(sent, previous?.[shape.groups], (input, existing) => buildGroup(ctx, objectType, shape, input, existing));
}

