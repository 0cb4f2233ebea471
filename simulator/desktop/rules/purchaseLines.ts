import { keepLineAccount } from '../books/lineAccounts.ts';
import type { JsonSchema } from '../../spec/types.ts';
import { refId } from '../books/refId.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { applyRequest } from '../engine/applyRequest.ts';
import { customFieldsOf } from '../engine/identifiedLists.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';
import { emptyObject, nonNullBranch } from '../engine/materialize.ts';
import { AmountOverflow, fromCents, lineAmountCents, toCents } from '../values/money.ts';
import { RequestInputError } from '../values/RequestInputError.ts';
import type { GroupLayout } from '../table/TypeRow.ts';
import type { RulesContext } from '../table/TypeRules.ts';
import { replaceLines } from './lineUpdates.ts';
import { findItem } from '../books/documentLines.ts';
import { groupsOf, type GroupShape } from './lineGroups.ts';

/** Request keys of a purchase line that are not fields of the line itself. */
const LINE_OWN_KEYS = new Set(['id', 'overrideItemAccountId', 'linkToTransactionLine', 'customFields']);

/** The kinds of line a purchase has, by field: what each line is called, and an item line's price field. */
const LINE_TYPES = {
  expenseLines: { lineType: 'ldg_expense_line', price: undefined },
  itemLines: { lineType: 'ldg_item_line', price: 'cost' },
  // A purchase order's lines are item lines priced by `rate`.
  lines: { lineType: 'ldg_purchase_order_line', price: 'rate' },
} as const;
export type PurchaseLineField = keyof typeof LINE_TYPES;

function lineSchemaOf(ctx: RulesContext, objectType: string, field: PurchaseLineField): JsonSchema {
  return nonNullBranch(ctx.schemaOf(objectType)).properties?.[field]?.items ?? {};
}

/** What an item offers a purchase line: its purchase text and cost, wherever its kind keeps them. */
export function purchaseDefaults(item: JsonObject): { description: JsonValue; cost: JsonValue } {
  const details = isJsonObject(item['salesOrPurchaseDetails']) ? item['salesOrPurchaseDetails'] : undefined;
  const both = isJsonObject(item['salesAndPurchaseDetails']) ? item['salesAndPurchaseDetails'] : undefined;
  return {
    description: item['purchaseDescription'] ?? both?.['purchaseDescription'] ?? details?.['description'] ?? null,
    cost: item['purchaseCost'] ?? both?.['purchaseCost'] ?? details?.['price'] ?? null,
  };
}

function costAmount(quantity: number, cost: string, position: number, field: string, price: string): number {
  try {
    return lineAmountCents(quantity, cost, `quantity x ${price}`);
  } catch (error) {
    if (error instanceof AmountOverflow) throw new RequestInputError(`${field}[${position}]`, `quantity x ${price} (${quantity} x ${cost}) is larger than the desktop application can hold`);
    throw error;
  }
}

/**
 * One line of a purchase: fields by the naming rules; an item line takes its item's purchase text
 * and cost for what the request leaves out, and its amount is quantity x cost (a purchase order's:
 * quantity x rate) unless sent.
 */
function buildLine(ctx: RulesContext, objectType: string, field: PurchaseLineField, input: JsonObject, existing: JsonObject | undefined, position: number): JsonObject {
  const schema = lineSchemaOf(ctx, objectType, field);
  const { lineType, price } = LINE_TYPES[field];
  const line: JsonObject = existing ? structuredClone(existing) : { ...emptyObject(schema), id: ctx.nextTransactionId(), objectType: lineType };
  const leftover = applyRequest(schema, line, input, { resolve: (path, id) => ctx.resolve(objectType, `${field}.${path}`, id), skip: LINE_OWN_KEYS, lists: new Map() });
  if (leftover.length > 0) throw new Error(`${lineType}: request keys not handled: ${leftover.join(', ')}`);
  if (typeof input['overrideItemAccountId'] === 'string') keepLineAccount(ctx, line, String(ctx.resolve(objectType, `${field}.overrideItemAccount`, input['overrideItemAccountId'])['id']));
  if (isJsonObject(input['linkToTransactionLine'])) {
    // A new purchase's linked lines were made from their order lines already (`purchaseOrders.ts`).
    throw new DesktopError(DESKTOP_STATUS.SAVE_FAILED, 'A line can be taken from a purchase order only when the purchase is created.');
  }
  if ('customFields' in input) line['customFields'] = customFieldsOf(Array.isArray(input['customFields']) ? input['customFields'] : []);
  if (price !== undefined) {
    const item = findItem(ctx, refId(line['item']) ?? '');
    if (item) {
      const defaults = purchaseDefaults(item);
      if (line['description'] === null && !('description' in input)) line['description'] = defaults.description;
      if (line[price] === null && !('amount' in input)) line[price] = defaults.cost;
    }
    if (!('amount' in input) && ('quantity' in input || price in input || !existing)) {
      const each = line[price];
      line['amount'] = fromCents(costAmount(typeof line['quantity'] === 'number' ? line['quantity'] : 1, typeof each === 'string' ? each : '0', position, field, price));
      return line;
    }
  }
  line['amount'] = fromCents(toCents(typeof line['amount'] === 'string' ? line['amount'] : null));
  return line;
}

/** The lines of one kind as the update semantics say (`replaceLines`). */
export function purchaseLinesOf(ctx: RulesContext, objectType: string, field: PurchaseLineField, sent: JsonValue | undefined, previous: JsonObject | undefined): JsonObject[] {
  return replaceLines(sent, previous?.[field], (input, existing, position) => buildLine(ctx, objectType, field, input, existing, position));
}

/**
 * A purchase's item group lines (where its type keeps them: a bill's `itemLineGroups` of
 * `itemLines`, a purchase order's `lineGroups` of `lines`), built by the purchase's line rules.
 * A purchase order's groups are named as a sale's (`ldg_purchase_order_line_group`).
 */
function purchaseGroups(layout: GroupLayout): GroupShape {
  const field: PurchaseLineField = layout.lines === 'lines' ? 'lines' : 'itemLines';
  return {
    ...layout,
    groupType: (objectType) => (field === 'lines' ? `${objectType}_line_group` : 'ldg_item_group_line'),
    buildLines: (ctx, objectType, sent, previous) => purchaseLinesOf(ctx, objectType, field, sent, previous),
  };
}

/** A purchase's item group lines as the update semantics say, each expanded from its item group (`lineGroups.ts`). */
export function purchaseGroupsOf(ctx: RulesContext, objectType: string, layout: GroupLayout, sent: JsonValue | undefined, previous: JsonObject | undefined): JsonObject[] {
  return groupsOf(ctx, objectType, purchaseGroups(layout), sent, previous);
}

