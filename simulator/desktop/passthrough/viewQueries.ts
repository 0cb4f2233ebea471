import type { TypeModel } from '../engine/TypeModel.ts';
import { nonNullBranch } from '../engine/materialize.ts';
import type { JsonObject, JsonValue } from '../values/json.ts';
import { isJsonObject } from '../values/json.ts';
import { PassthroughParseError } from './PassthroughParseError.ts';

/**
 * The desktop's queries of what our lists work out from other objects (views): each takes its own
 * few elements, in order, and each element is one of the view's own query parameters.
 */
interface ViewElement {
  /** The view's query parameter. */
  param?: string;
  required?: boolean;
  /** Repeatable, and each value one of the enum of this field of the view's objects (`TxnDelType` -> `transactionType`). */
  enumOf?: string;
  /** A reference element (`PayeeEntityRef {ListID}`): its id is the parameter. */
  reference?: boolean;
  /** Child elements and the parameters they set. */
  children?: Readonly<Record<string, string>>;
}

export interface ViewQuery {
  objectType: string;
  elements: Readonly<Record<string, ViewElement>>;
}

const DELETED_RANGE: ViewElement = { children: { FromDeletedDate: 'deletedAfter', ToDeletedDate: 'deletedBefore' } };
const INCLUDE: ViewElement = {};

/** By the desktop's name of the query (`TxnDeleted` for `TxnDeletedQueryRq`). */
export const VIEW_QUERIES: Readonly<Record<string, ViewQuery>> = {
  TxnDeleted: { objectType: 'ldg_deleted_transaction', elements: { TxnDelType: { param: 'transactionTypes', required: true, enumOf: 'transactionType' }, DeletedDateRangeFilter: DELETED_RANGE, IncludeRetElement: INCLUDE } },
  ListDeleted: { objectType: 'ldg_deleted_list_object', elements: { ListDelType: { param: 'objectTypes', required: true, enumOf: 'listType' }, DeletedDateRangeFilter: DELETED_RANGE, IncludeRetElement: INCLUDE } },
  BillToPay: {
    objectType: 'ldg_bill_to_pay',
    elements: { PayeeEntityRef: { param: 'vendorId', required: true, reference: true }, APAccountRef: { param: 'payablesAccountId', reference: true }, DueDate: { param: 'dueDate' }, IncludeRetElement: INCLUDE },
  },
  ReceivePaymentToDeposit: { objectType: 'ldg_payment_to_deposit', elements: { IncludeRetElement: INCLUDE } },
};

const many = (value: JsonValue | undefined): JsonValue[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

function textOf(element: string, value: JsonValue | undefined): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  throw new PassthroughParseError(`element ${element} must hold a value`);
}

/** `Invoice` -> `invoice`, `ARRefundCreditCard` -> `ar_refund_credit_card`: the enum value the desktop's spelling stands for. */
function enumValue(model: TypeModel, field: string, element: string, value: string): string {
  const values = (nonNullBranch(nonNullBranch(model.schema).properties?.[field] ?? {}).enum ?? []).filter((v): v is string => typeof v === 'string');
  const found = values.find((v) => v.replaceAll('_', '') === value.toLowerCase());
  if (found === undefined) throw new PassthroughParseError(`element ${element} does not take the value "${value}"`);
  return found;
}

/** A view query's elements as the view's parameters; `IncludeRetElement` is given back apart. */
export function readViewQuery(model: TypeModel, view: ViewQuery, request: JsonObject, name: string, attributes: ReadonlySet<string>): { params: Record<string, JsonValue>; include: string[] | undefined } {
  const order = Object.keys(view.elements);
  const sent = Object.keys(request).filter((k) => !attributes.has(k));
  let last = -1;
  for (const element of sent) {
    const at = order.indexOf(element);
    if (at < 0) throw new PassthroughParseError(`${name} has no element ${element}`);
    if (at < last) throw new PassthroughParseError(`in ${name}, element ${element} is out of order`);
    last = at;
  }
  const params: Record<string, JsonValue> = {};
  let include: string[] | undefined;
  for (const [element, spec] of Object.entries(view.elements)) {
    const value = request[element];
    if (value === undefined) {
      if (spec.required) throw new PassthroughParseError(`${name} needs ${element}`);
      continue;
    }
    if (element === 'IncludeRetElement') include = many(value).map((v) => textOf(element, v));
    else if (spec.enumOf !== undefined && spec.param) params[spec.param] = many(value).map((v) => enumValue(model, spec.enumOf ?? '', element, textOf(element, v)));
    else if (spec.reference && spec.param) {
      if (!isJsonObject(value) || Object.keys(value).join() !== 'ListID') throw new PassthroughParseError(`element ${element} takes ListID`);
      params[spec.param] = textOf('ListID', value['ListID']);
    } else if (spec.children) {
      if (!isJsonObject(value)) throw new PassthroughParseError(`element ${element} must hold elements`);
      const children = Object.keys(spec.children);
      for (const [i, child] of Object.keys(value).entries()) {
        if (!children.includes(child) || (i > 0 && children.indexOf(child) < children.indexOf(Object.keys(value)[i - 1] ?? ''))) throw new PassthroughParseError(`in ${element}, element ${child} is unknown or out of order`);
        params[spec.children[child] ?? ''] = textOf(child, value[child]);
      }
    } else if (spec.param) params[spec.param] = textOf(element, value);
  }
  return { params, include };
}
