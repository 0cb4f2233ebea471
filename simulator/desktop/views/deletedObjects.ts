import type { TypeModel } from '../engine/TypeModel.ts';
import { FIRST_DAY, formatDesktopTime, LAST_DAY, parseTimeBound } from '../values/desktopTime.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import type { JsonObject, JsonValue } from '../values/json.ts';
import type { RulesContext } from '../table/TypeRules.ts';
import type { Ledger } from '../storage/Ledger.ts';
import { transactionTypeOf } from '../books/transactionTypes.ts';

/** How far back the deleted-objects lists reach, on the company file's clock. */
const WINDOW_SECONDS = 90 * 86_400;

/** The desktop's names of its list types where they are not the object type without `ldg_`. */
const LIST_TYPE_NAMES: Readonly<Record<string, string>> = {
  ldg_date_driven_term: 'date_driven_terms',
  ldg_standard_term: 'standard_terms',
  ldg_discount_item: 'item_discount',
  ldg_item_group: 'item_group',
  ldg_inventory_item: 'item_inventory',
  ldg_inventory_assembly_item: 'item_inventory_assembly',
  ldg_non_inventory_item: 'item_non_inventory',
  ldg_other_charge_item: 'item_other_charge',
  ldg_sales_tax_item: 'item_sales_tax',
  ldg_sales_tax_group_item: 'item_sales_tax_group',
  ldg_service_item: 'item_service',
  ldg_subtotal_item: 'item_subtotal',
  ldg_payroll_wage_item: 'payroll_item_wage',
  ldg_shipping_method: 'ship_method',
};

const plainName = (objectType: string): string => objectType.replace(/^ldg_/, '');
export const listTypeOf = (objectType: string): string => LIST_TYPE_NAMES[objectType] ?? plainName(objectType);

/**
 * A list object made inactive counts as deleted for the deleted-list-objects list (the Service's
 * typed endpoints never delete list objects; only passthrough's `ListDelRq` does, and records its
 * deletion itself); made active again, it no longer does.
 */
export function noteActiveChange(ledger: Ledger, model: TypeModel, previous: JsonObject, doc: JsonObject, now: number): void {
  if (model.row.kind !== 'list' || previous['isActive'] === doc['isActive']) return;
  const id = String(doc['id']);
  if (doc['isActive'] === false) ledger.deletions.record({ type: model.objectType, id, label: typeof doc['fullName'] === 'string' ? doc['fullName'] : typeof doc['name'] === 'string' ? doc['name'] : null, createdAt: String(doc['createdAt'] ?? '') }, now);
  else ledger.deletions.forget(model.objectType, id);
}

function bound(ctx: RulesContext, params: Readonly<Record<string, JsonValue>>, name: 'deletedAfter' | 'deletedBefore'): number | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  const seconds = parseTimeBound(String(value), ctx.offsetMinutes, name === 'deletedAfter' ? 'lower' : 'upper');
  if (seconds === undefined) throw new DesktopError(DESKTOP_STATUS.INVALID_DATE, `"${String(value)}" in ${name} is not a date or date-time of the desktop's calendar (${FIRST_DAY} to ${LAST_DAY}).`);
  return seconds;
}

/** How one deleted-objects list names its types and its entries. */
interface DeletedList {
  kind: 'transaction' | 'list';
  /** The query parameter naming the types asked for. */
  param: string;
  typeField: string;
  labelField: string;
  objectType: string;
  nameOf: (objectType: string) => string;
}

/**
 * A deleted-objects list: what was deleted in the last 90 days of the company file's clock, of the
 * types whose desktop names its parameter lists, within `deletedAfter` / `deletedBefore`.
 */
function deletedList(list: DeletedList): (ctx: RulesContext, params: Readonly<Record<string, JsonValue>>) => JsonObject[] {
  return (ctx, params) => {
    const sent = params[list.param];
    const wanted = new Set((Array.isArray(sent) ? sent : [sent]).map(String));
    const names = new Map(ctx.typesOfKind(list.kind).map((type) => [type, list.nameOf(type)]));
    const after = bound(ctx, params, 'deletedAfter');
    const before = bound(ctx, params, 'deletedBefore');
    const chosen = [...names].filter(([, name]) => wanted.has(name)).map(([type]) => type);
    return ctx.ledger.deletions
      .since(chosen, Math.max(ctx.now - WINDOW_SECONDS, after ?? -Infinity))
      .filter((d) => before === undefined || d.deletedAt <= before)
      .map((d) => ({
        [list.typeField]: names.get(d.type) ?? list.nameOf(d.type),
        id: d.id,
        objectType: list.objectType,
        createdAt: d.createdAt,
        deletedAt: formatDesktopTime(d.deletedAt, ctx.offsetMinutes),
        [list.labelField]: d.label,
      }));
  };
}

/** The deleted-transactions list: `transactionTypes` names which. */
export const deletedTransactions = deletedList({
  kind: 'transaction',
  param: 'transactionTypes',
  typeField: 'transactionType',
  labelField: 'refNumber',
  objectType: 'ldg_deleted_transaction',
  nameOf: transactionTypeOf,
});

/** The deleted-list-objects list: list objects made inactive, of the types `objectTypes` names. */
export const deletedListObjects = deletedList({
  kind: 'list',
  param: 'objectTypes',
  typeField: 'listType',
  labelField: 'fullName',
  objectType: 'ldg_deleted_list_object',
  nameOf: listTypeOf,
});
