import { findItem } from '../books/documentLines.ts';
import { keepLineAccount } from '../books/lineAccounts.ts';
import type { JsonSchema } from '../../spec/types.ts';
import { applyRequest } from '../engine/applyRequest.ts';
import { customFieldsOf } from '../engine/identifiedLists.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';
import { emptyObject, nonNullBranch } from '../engine/materialize.ts';
import { AmountOverflow, fromCents, lineAmountCents, toCents } from '../values/money.ts';
import { RequestInputError } from '../values/RequestInputError.ts';
import type { GroupLayout } from '../table/TypeRow.ts';
import type { RulesContext } from '../table/TypeRules.ts';
import { replaceLines } from './lineUpdates.ts';
import { groupsOf, type GroupShape } from './lineGroups.ts';

/** Request keys of a line that are not fields of the line itself. */
const LINE_OWN_KEYS = new Set(['id', 'priceLevelId', 'priceRuleConflictStrategy', 'overrideItemAccountId', 'linkToTransactionLine', 'customFields']);

function lineSchemaOf(ctx: RulesContext, objectType: string): JsonSchema {
  return nonNullBranch(ctx.schemaOf(objectType)).properties?.['lines']?.items ?? {};
}

/** An amount too large for the desktop comes from the numbers the request sent: refused as bad input. */
function lineAmountOf(quantity: number, rate: string, position: number): number {
  try {
    return lineAmountCents(quantity, rate, 'quantity x rate');
  } catch (error) {
    if (error instanceof AmountOverflow) throw new RequestInputError(`lines[${position}]`, `quantity x rate (${quantity} x ${rate}) is larger than the desktop application can hold`);
    throw error;
  }
}

/** What an item offers a sales line: its sales text, price and tax code, wherever its kind keeps them. */
function salesDefaults(item: JsonObject): { description: JsonValue; rate: JsonValue; salesTaxCode: JsonValue } {
  const details = isJsonObject(item['salesOrPurchaseDetails']) ? item['salesOrPurchaseDetails'] : undefined;
  const both = isJsonObject(item['salesAndPurchaseDetails']) ? item['salesAndPurchaseDetails'] : undefined;
  return {
    description: item['salesDescription'] ?? both?.['salesDescription'] ?? details?.['description'] ?? item['description'] ?? null,
    rate: item['salesPrice'] ?? both?.['salesPrice'] ?? details?.['price'] ?? item['discountRate'] ?? null,
    salesTaxCode: item['salesTaxCode'] ?? null,
  };
}

/**
 * Builds one line of a sale of `objectType` (invoice, sales receipt, credit memo, estimate, sales
 * order): reference fields resolve by the generic naming rules, then the item's defaults fill
 * description, rate and tax code, and the amount follows from quantity and rate. `from` is the line
 * of an estimate or sales order it is made from, whose values stand in for what the request leaves out.
 */
function buildLine(ctx: RulesContext, objectType: string, input: JsonObject, existing: JsonObject | undefined, position: number): JsonObject {
  const schema = lineSchemaOf(ctx, objectType);
  const line: JsonObject = existing ? structuredClone(existing) : emptyObject(schema);
  if (!existing) {
    line['id'] = ctx.nextTransactionId();
    line['objectType'] = `${objectType}_line`;
  }
  const leftover = applyRequest(schema, line, input, { resolve: (path, id) => ctx.resolve(objectType, `lines.${path}`, id), skip: LINE_OWN_KEYS, lists: new Map() });
  if (leftover.length > 0) throw new Error(`${objectType}_line: request keys not handled: ${leftover.join(', ')}`);
  if (typeof input['priceLevelId'] === 'string') ctx.resolve(objectType, 'lines.priceLevel', input['priceLevelId']);
  if (typeof input['overrideItemAccountId'] === 'string') keepLineAccount(ctx, line, String(ctx.resolve(objectType, 'lines.overrideItemAccount', input['overrideItemAccountId'])['id']));
  if ('customFields' in input) line['customFields'] = customFieldsOf(Array.isArray(input['customFields']) ? input['customFields'] : []);

  const itemRef = line['item'];
  const item = isJsonObject(itemRef) && typeof itemRef['id'] === 'string' ? findItem(ctx, itemRef['id']) : undefined;
  if (item) {
    const defaults = salesDefaults(item);
    if (line['description'] === null && !('description' in input)) line['description'] = defaults.description;
    if (line['rate'] === null && !('amount' in input)) line['rate'] = defaults.rate;
    if (line['salesTaxCode'] === null) line['salesTaxCode'] = defaults.salesTaxCode;
  }
  if (!('amount' in input) && ('quantity' in input || 'rate' in input || !existing)) {
    const quantity = typeof line['quantity'] === 'number' ? line['quantity'] : 1;
    const rate = typeof line['rate'] === 'string' ? line['rate'] : '0';
    line['amount'] = fromCents(lineAmountOf(quantity, rate, position));
  } else if (typeof line['amount'] === 'string') {
    line['amount'] = fromCents(toCents(line['amount']));
  }
  if (line['amount'] === null) line['amount'] = '0.00';
  return line;
}

/**
 * Lines as the update semantics say: leaving `lines` out keeps them; sending it replaces them all,
 * where a line with a known `id` is kept (and changed), `id: "-1"` adds one, and the rest go.
 */
export function buildSaleLines(ctx: RulesContext, objectType: string, sent: unknown, previous: JsonObject | undefined): JsonObject[] {
  return replaceLines(sent as JsonValue, previous?.['lines'], (input, existing, position) => buildLine(ctx, objectType, input, existing, position));
}

/** A sale's line groups (where its type keeps them: `lineGroups` of `lines`), built by the sale's line rules. */
function saleGroups(layout: GroupLayout): GroupShape {
  return { ...layout, groupType: (objectType) => `${objectType}_line_group`, buildLines: buildSaleLines };
}

/** Line groups as the update semantics say, each expanded from its item group (`lineGroups.ts`). */
export function lineGroupsOf(ctx: RulesContext, objectType: string, layout: GroupLayout, sent: JsonValue | undefined, previous: JsonObject | undefined): JsonObject[] {
  return groupsOf(ctx, objectType, saleGroups(layout), sent, previous);
}
