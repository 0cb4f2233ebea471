import type { TypeModel } from '../engine/TypeModel.ts';
import type { JsonObject, JsonValue } from '../values/json.ts';
import { isJsonObject } from '../values/json.ts';
import { PassthroughParseError } from './PassthroughParseError.ts';
import { parameterUse } from '../engine/filterBindings.ts';
import type { QueryLookups } from './queryLookups.ts';

/**
 * A desktop query request's elements, in the order its schema requires, and what each becomes
 * among our list's query parameters. The first elements are alternatives to everything after them
 * up to `IncludeLineItems` (a query by ids or names takes no other filter), as in the desktop's
 * schema; the `exclusive` pairs may not be sent together.
 */
interface QueryElement {
  /** Sent alone or with the trailing output elements only. */
  alone?: boolean;
  /** Sent after the filters; kept with an `alone` element too. */
  trailing?: boolean;
  /** Child elements, in order, with whether each is required. */
  children?: Readonly<Record<string, boolean>>;
}

/**
 * A filter by objects of a hierarchy: by ids, by full names, or by one object with everything under
 * it (`...WithChildren`); the four are alternatives.
 */
export const BRANCH: Readonly<Record<string, boolean>> = { ListID: false, FullName: false, ListIDWithChildren: false, FullNameWithChildren: false };
/** `TxnDateRangeFilter`: its days as dates, or as a `DateMacro` instead. */
export const TXN_DATES: Readonly<Record<string, boolean>> = { FromTxnDate: false, ToTxnDate: false, DateMacro: false };

const LIST_QUERY: Readonly<Record<string, QueryElement>> = {
  ListID: { alone: true },
  FullName: { alone: true },
  MaxReturned: {},
  ActiveStatus: {},
  FromModifiedDate: {},
  ToModifiedDate: {},
  NameFilter: { children: { MatchCriterion: true, Name: true } },
  NameRangeFilter: { children: { FromName: false, ToName: false } },
  TotalBalanceFilter: { children: { Operator: true, Amount: true } },
  CurrencyFilter: { children: { ListID: false, FullName: false } },
  ClassFilter: { children: BRANCH },
  IncludeRetElement: { trailing: true },
  OwnerID: { trailing: true },
};

const TRANSACTION_QUERY: Readonly<Record<string, QueryElement>> = {
  TxnID: { alone: true },
  RefNumber: { alone: true },
  RefNumberCaseSensitive: { alone: true },
  MaxReturned: {},
  ModifiedDateRangeFilter: { children: { FromModifiedDate: false, ToModifiedDate: false } },
  TxnDateRangeFilter: { children: TXN_DATES },
  EntityFilter: { children: BRANCH },
  AccountFilter: { children: BRANCH },
  RefNumberFilter: { children: { MatchCriterion: true, RefNumber: true } },
  RefNumberRangeFilter: { children: { FromRefNumber: false, ToRefNumber: false } },
  CurrencyFilter: { children: { ListID: false, FullName: false } },
  PaidStatus: {},
  IncludeLineItems: { trailing: true },
  IncludeLinkedTxns: { trailing: true },
  IncludeRetElement: { trailing: true },
  OwnerID: { trailing: true },
};

const EXCLUSIVE: readonly (readonly [string, string])[] = [
  ['NameFilter', 'NameRangeFilter'],
  ['ModifiedDateRangeFilter', 'TxnDateRangeFilter'],
  ['RefNumberFilter', 'RefNumberRangeFilter'],
];

/** The attributes a query request may carry beside its elements. */
export const QUERY_ATTRIBUTES: ReadonlySet<string> = new Set(['requestID', 'iterator', 'iteratorID', 'metaData']);

export const MATCH: Readonly<Record<string, string>> = { StartsWith: 'StartsWith', Contains: 'Contains', EndsWith: 'EndsWith' };
const ACTIVE_STATUS: Readonly<Record<string, string>> = { ActiveOnly: 'active', InactiveOnly: 'inactive', All: 'all' };
const BALANCE_OPERATOR: Readonly<Record<string, string>> = {
  LessThan: 'totalBalanceLessThan',
  LessThanEqual: 'totalBalanceLessThanOrEqualTo',
  Equal: 'totalBalance',
  GreaterThan: 'totalBalanceGreaterThan',
  GreaterThanEqual: 'totalBalanceGreaterThanOrEqualTo',
};
/** Filters by a referenced object (`ClassFilter` -> `classIds`, names among classes): offered where our list has that filter. */
const REFERENCE_FILTERS: Readonly<Record<string, { param: string; type: string }>> = {
  ClassFilter: { param: 'classIds', type: 'ldg_class' },
  AccountFilter: { param: 'accountIds', type: 'ldg_account' },
  CurrencyFilter: { param: 'currencyIds', type: 'ldg_currency' },
};
const PAID_STATUS: Readonly<Record<string, string>> = { All: 'all', PaidOnly: 'paid', NotPaidOnly: 'not_paid' };

/** A query's parameters for our list, and what shapes its answer. */
export interface DesktopQuery {
  params: Record<string, JsonValue>;
  maxReturned: number | undefined;
  /** `IncludeRetElement`: only these elements of each object are returned. */
  include: readonly string[] | undefined;
}

/** The desktop's whole numbers are 32-bit. */
const MAX_INT = 2_147_483_647;

export const many = (value: JsonValue): JsonValue[] => (Array.isArray(value) ? value : [value]);

export function text(element: string, value: JsonValue | undefined): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new PassthroughParseError(`element ${element} must hold a value`);
}

export function oneOf(element: string, value: JsonValue | undefined, allowed: Readonly<Record<string, string>>): string {
  const v = text(element, value);
  const mapped = Object.hasOwn(allowed, v) ? allowed[v] : undefined;
  if (mapped === undefined) throw new PassthroughParseError(`element ${element} does not take the value "${v}"`);
  return mapped;
}

function bool(element: string, value: JsonValue | undefined): boolean {
  return oneOf(element, value, { true: 'true', false: 'false' }) === 'true';
}

/** Checks an element holding child elements against its list (order, required, unknown). */
export function childrenOf(element: string, value: JsonValue | undefined, children: Readonly<Record<string, boolean>>): JsonObject {
  if (!isJsonObject(value)) throw new PassthroughParseError(`element ${element} must hold elements`);
  checkOrder(element, Object.keys(value), Object.keys(children));
  for (const [child, required] of Object.entries(children)) if (required && !(child in value)) throw new PassthroughParseError(`element ${element} needs ${child}`);
  return value;
}

/** Elements must be known and come in the schema's order. */
export function checkOrder(where: string, sent: readonly string[], order: readonly string[]): void {
  let last = -1;
  for (const name of sent) {
    const at = order.indexOf(name);
    if (at < 0) throw new PassthroughParseError(`${where} has no element ${name}`);
    if (at < last) throw new PassthroughParseError(`in ${where}, element ${name} is out of order (expected after ${order[last] ?? ''})`);
    last = at;
  }
}

/** The ids a `BRANCH` filter names among `types`: its one choice of the four, as the desktop's schema allows. */
export function branchIds(element: string, child: JsonObject, types: readonly string[], lookups: QueryLookups): string[] {
  const sent = Object.keys(child);
  if (sent.length !== 1) throw new PassthroughParseError(`element ${element} takes one of ${Object.keys(BRANCH).join(', ')}`);
  const choice = sent[0] ?? '';
  const value = child[choice];
  if (choice === 'ListID') return many(value ?? []).map((v) => text(choice, v));
  if (choice === 'FullName') return many(value ?? []).map((v) => lookups.idOfName(types, text(choice, v), element));
  const one = text(choice, value);
  return lookups.withChildren(types, choice === 'ListIDWithChildren' ? { id: one } : { fullName: one }, element);
}

/** A `TxnDateRangeFilter`'s days as our list's parameters: its dates, or its `DateMacro`'s. */
export function txnDates(child: JsonObject, params: Record<string, JsonValue>, lookups: QueryLookups): void {
  if (child['DateMacro'] !== undefined) {
    if (Object.keys(child).length > 1) throw new PassthroughParseError('in TxnDateRangeFilter, DateMacro is an alternative to FromTxnDate and ToTxnDate');
    const period = lookups.period(text('DateMacro', child['DateMacro']));
    if (period?.from) params['transactionDateFrom'] = period.from;
    if (period) params['transactionDateTo'] = period.to;
    return;
  }
  if (child['FromTxnDate'] !== undefined) params['transactionDateFrom'] = text('FromTxnDate', child['FromTxnDate']);
  if (child['ToTxnDate'] !== undefined) params['transactionDateTo'] = text('ToTxnDate', child['ToTxnDate']);
}

/**
 * Reads a query request's elements into our list's parameters. `lookups` turns full names into
 * ids, a `...WithChildren` into its branch and a `DateMacro` into its days; the desktop's defaults
 * are its own (`ActiveOnly`, no lines, no linked transactions).
 */
export function readQuery(model: TypeModel, request: JsonObject, request_name: string, lookups: QueryLookups): DesktopQuery {
  const transaction = model.row.kind === 'transaction';
  const table = transaction ? TRANSACTION_QUERY : LIST_QUERY;
  const elements = Object.keys(request).filter((k) => !QUERY_ATTRIBUTES.has(k));
  checkOrder(request_name, elements, Object.keys(table));
  const alone = elements.filter((e) => table[e]?.alone);
  if (alone.length > 1 || (alone.length === 1 && elements.some((e) => !table[e]?.alone && !table[e]?.trailing))) {
    throw new PassthroughParseError(`${request_name}: ${alone[0] ?? ''} is an alternative to the other filters sent`);
  }
  for (const [a, b] of EXCLUSIVE) if (elements.includes(a) && elements.includes(b)) throw new PassthroughParseError(`${request_name}: ${a} and ${b} are alternatives`);

  const params: Record<string, JsonValue> = transaction ? { includeLineItems: false } : {};
  let maxReturned: number | undefined;
  let include: string[] | undefined;
  for (const element of elements) {
    const value = request[element];
    const children = table[element]?.children;
    const child = children ? childrenOf(element, value, children) : {};
    switch (element) {
      case 'ListID':
      case 'TxnID':
        params['ids'] = many(value ?? []).map((v) => text(element, v));
        break;
      case 'FullName':
        params['fullNames'] = many(value ?? []).map((v) => text(element, v));
        break;
      case 'RefNumber':
      case 'RefNumberCaseSensitive':
        params['refNumbers'] = many(value ?? []).map((v) => text(element, v));
        break;
      case 'MaxReturned': {
        const n = Number(text(element, value));
        if (!Number.isInteger(n) || n < 1 || n > MAX_INT) throw new PassthroughParseError(`element MaxReturned must be a whole number from 1 to ${MAX_INT}`);
        maxReturned = n;
        break;
      }
      case 'ActiveStatus': {
        const status = oneOf(element, value, ACTIVE_STATUS);
        if (model.has('isActive')) params['status'] = status;
        break;
      }
      case 'FromModifiedDate':
        params['updatedAfter'] = text(element, value);
        break;
      case 'ToModifiedDate':
        params['updatedBefore'] = text(element, value);
        break;
      case 'ModifiedDateRangeFilter':
        if (child['FromModifiedDate'] !== undefined) params['updatedAfter'] = text('FromModifiedDate', child['FromModifiedDate']);
        if (child['ToModifiedDate'] !== undefined) params['updatedBefore'] = text('ToModifiedDate', child['ToModifiedDate']);
        break;
      case 'TxnDateRangeFilter':
        txnDates(child, params, lookups);
        break;
      case 'NameFilter':
        params[`name${oneOf('MatchCriterion', child['MatchCriterion'], MATCH)}`] = text('Name', child['Name']);
        break;
      case 'NameRangeFilter':
        if (child['FromName'] !== undefined) params['nameFrom'] = text('FromName', child['FromName']);
        if (child['ToName'] !== undefined) params['nameTo'] = text('ToName', child['ToName']);
        break;
      case 'RefNumberFilter':
        params[`refNumber${oneOf('MatchCriterion', child['MatchCriterion'], MATCH)}`] = text('RefNumber', child['RefNumber']);
        break;
      case 'RefNumberRangeFilter':
        if (child['FromRefNumber'] !== undefined) params['refNumberFrom'] = text('FromRefNumber', child['FromRefNumber']);
        if (child['ToRefNumber'] !== undefined) params['refNumberTo'] = text('ToRefNumber', child['ToRefNumber']);
        break;
      case 'EntityFilter': {
        const party = model.shape.party[0];
        if (party === undefined || parameterUse(model, `${party}Ids`)?.kind !== 'filter') throw new PassthroughParseError(`${request_name} has no element EntityFilter`);
        params[`${party}Ids`] = branchIds(element, child, model.targetsOf(party), lookups);
        break;
      }
      case 'ClassFilter':
      case 'AccountFilter':
      case 'CurrencyFilter': {
        const filter = REFERENCE_FILTERS[element];
        if (!filter || parameterUse(model, filter.param)?.kind !== 'filter') throw new PassthroughParseError(`${request_name} has no element ${element}`);
        params[filter.param] = branchIds(element, child, [filter.type], lookups);
        break;
      }
      case 'TotalBalanceFilter': {
        if (model.row.balance === undefined) throw new PassthroughParseError(`${request_name} has no element TotalBalanceFilter`);
        params[oneOf('Operator', child['Operator'], BALANCE_OPERATOR)] = text('Amount', child['Amount']);
        break;
      }
      case 'PaidStatus':
        if (!model.has('isPaid')) throw new PassthroughParseError(`${request_name} has no element PaidStatus`);
        params['paymentStatus'] = oneOf(element, value, PAID_STATUS);
        break;
      case 'IncludeLineItems':
        params['includeLineItems'] = bool(element, value);
        break;
      case 'IncludeLinkedTxns':
        params['includeLinkedTransactions'] = bool(element, value);
        break;
      case 'IncludeRetElement':
        include = many(value ?? []).map((v) => text(element, v));
        break;
      case 'OwnerID':
        // Custom fields are returned with every object here: the owner only widens the desktop's answer.
        break;
    }
  }
  return { params, maxReturned, include };
}
