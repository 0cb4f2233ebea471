import type { JsonSchema } from '../../spec/types.ts';
import { DESKTOP_STATUS, DesktopError } from '../DesktopError.ts';
import { isJsonObject, type JsonObject } from '../json.ts';
import { applyRequestFields, emptyObject, nonNullBranch } from '../materialize.ts';
import { AmountOverflow, fromCents, lineAmountCents, toCents } from '../money.ts';
import { RequestInputError } from '../RequestInputError.ts';
import type { RulesContext } from '../ObjectRules.ts';

/** Request keys of a line that are not fields of the line itself. */
const LINE_OWN_KEYS = new Set(['id', 'priceLevelId', 'priceRuleConflictStrategy', 'overrideItemAccountId', 'linkToTransactionLine', 'customFields']);

function lineSchemaOf(ctx: RulesContext, field: 'lines' | 'lineGroups'): JsonSchema {
  return nonNullBranch(ctx.schemaOf('ldg_invoice')).properties?.[field]?.items ?? {};
}

/** User-defined fields need a type; fields set through the API are plain text ones. */
export function customFieldsOf(sent: unknown): JsonObject[] {
  if (!Array.isArray(sent)) return [];
  return sent.filter(isJsonObject).map((f) => ({
    ownerId: typeof f['ownerId'] === 'string' ? f['ownerId'] : '0',
    name: typeof f['name'] === 'string' ? f['name'] : '',
    type: 'string_255_type',
    value: typeof f['value'] === 'string' ? f['value'] : '',
  }));
}

/**
 * Builds one invoice line: reference fields resolve by the generic naming rules, then the item's
 * defaults fill description, rate and tax code, and the amount follows from quantity and rate.
 */
function buildLine(ctx: RulesContext, input: JsonObject, existing: JsonObject | undefined, position: number): JsonObject {
  const line: JsonObject = existing ? structuredClone(existing) : emptyObject(lineSchemaOf(ctx, 'lines'));
  if (!existing) {
    line['id'] = ctx.nextTransactionId();
    line['objectType'] = 'ldg_invoice_line';
  }
  const leftover = applyRequestFields(lineSchemaOf(ctx, 'lines'), line, input, ctx.resolve, LINE_OWN_KEYS);
  if (leftover.length > 0) throw new Error(`ldg_invoice_line: request keys not handled: ${leftover.join(', ')}`);
  if (typeof input['priceLevelId'] === 'string') ctx.resolve('priceLevel', input['priceLevelId']);
  if (typeof input['overrideItemAccountId'] === 'string') ctx.resolve('overrideItemAccount', input['overrideItemAccountId']);
  if (isJsonObject(input['linkToTransactionLine'])) {
    const link = input['linkToTransactionLine'];
    throw new DesktopError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Transaction line "${String(link['transactionLineId'])}" of "${String(link['transactionId'])}" cannot be found.`);
  }
  if ('customFields' in input) line['customFields'] = customFieldsOf(input['customFields']);

  const itemRef = line['item'];
  const item = isJsonObject(itemRef) && typeof itemRef['id'] === 'string' ? findItem(ctx, itemRef['id']) : undefined;
  if (item) {
    if (line['description'] === null && !('description' in input)) line['description'] = item['description'] ?? null;
    if (line['rate'] === null && !('amount' in input)) line['rate'] = item['rate'] ?? null;
    if (line['salesTaxCode'] === null) line['salesTaxCode'] = item['salesTaxCode'] ?? null;
  }
  if (!('amount' in input) && (('quantity' in input) || ('rate' in input) || !existing)) {
    const quantity = typeof line['quantity'] === 'number' ? line['quantity'] : 1;
    const rate = typeof line['rate'] === 'string' ? line['rate'] : '0';
    line['amount'] = fromCents(lineAmountOf(quantity, rate, position));
  } else if (typeof line['amount'] === 'string') {
    line['amount'] = fromCents(toCents(line['amount']));
  }
  if (line['amount'] === null) line['amount'] = '0.00';
  return line;
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

function findItem(ctx: RulesContext, id: string): JsonObject | undefined {
  return ctx.find('ldg_service_item', id);
}

/**
 * Lines as the update semantics say: leaving `lines` out keeps them; sending it replaces them all,
 * where a line with a known `id` is kept (and changed), `id: "-1"` adds one, and the rest go.
 */
export function linesOf(ctx: RulesContext, sent: unknown, previous: JsonObject | undefined): JsonObject[] {
  const old = new Map(
    (Array.isArray(previous?.['lines']) ? previous['lines'] : []).filter(isJsonObject).map((l) => [String(l['id']), l]),
  );
  return (Array.isArray(sent) ? sent : []).filter(isJsonObject).map((input, position) => {
    const id = input['id'];
    if (typeof id === 'string' && id !== '-1') {
      const existing = old.get(id);
      if (!existing) throw new DesktopError(DESKTOP_STATUS.OBJECT_NOT_FOUND, `Invoice line "${id}" specified in the request cannot be found.`);
      return buildLine(ctx, input, existing, position);
    }
    return buildLine(ctx, input, undefined, position);
  });
}

/** Line groups need an item group; resolving it fails the same way any missing reference does. */
export function lineGroupsOf(ctx: RulesContext, sent: unknown): JsonObject[] {
  for (const group of Array.isArray(sent) ? sent.filter(isJsonObject) : []) {
    ctx.resolve('itemGroup', String(group['itemGroupId'] ?? group['id'] ?? ''));
  }
  return [];
}
