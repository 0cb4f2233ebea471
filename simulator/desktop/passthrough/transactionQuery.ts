import type { JsonObject, JsonValue } from '../values/json.ts';
import { PassthroughParseError } from './PassthroughParseError.ts';
import { ENTITY_TYPES, ITEM_TYPES } from '../values/globalReferences.ts';
import { BRANCH, branchIds, checkOrder, childrenOf, many, MATCH, oneOf, QUERY_ATTRIBUTES, text, TXN_DATES, txnDates, type DesktopQuery } from './queryElements.ts';
import type { QueryLookups } from './queryLookups.ts';

/**
 * `TransactionQueryRq`, the desktop's query across every kind of transaction, read into the
 * parameters of our cross-type transactions list: its elements in the schema's order, each one of
 * the list's own filters.
 */
const ELEMENTS: Readonly<Record<string, Readonly<Record<string, boolean>> | null>> = {
  TxnID: null,
  MaxReturned: null,
  RefNumberFilter: { MatchCriterion: true, RefNumber: true },
  RefNumberRangeFilter: { FromRefNumber: false, ToRefNumber: false },
  TxnDateRangeFilter: TXN_DATES,
  TransactionModifiedDateRangeFilter: { FromModifiedDate: false, ToModifiedDate: false },
  TransactionEntityFilter: BRANCH,
  TransactionAccountFilter: BRANCH,
  TransactionItemFilter: BRANCH,
  TransactionClassFilter: BRANCH,
  TransactionTypeFilter: { TxnTypeFilter: true },
  TransactionDetailLevelFilter: null,
  TransactionPostingStatusFilter: null,
  TransactionPaidStatusFilter: null,
  CurrencyFilter: { ListID: false, FullName: false },
  IncludeRetElement: null,
};

/** The filters by objects, the list parameter each sets, and the types their names are looked for among. */
const BY_ID: Readonly<Record<string, { param: string; types: readonly string[] }>> = {
  TransactionEntityFilter: { param: 'entityIds', types: ENTITY_TYPES },
  TransactionAccountFilter: { param: 'accountIds', types: ['ldg_account'] },
  TransactionItemFilter: { param: 'itemIds', types: ITEM_TYPES },
  TransactionClassFilter: { param: 'classIds', types: ['ldg_class'] },
  CurrencyFilter: { param: 'currencyIds', types: ['ldg_currency'] },
};

const DETAIL: Readonly<Record<string, string>> = { All: 'all', SummaryOnly: 'transactions_without_lines', AllExceptSummary: 'transaction_lines_only' };
const POSTING: Readonly<Record<string, string>> = { Either: 'either', NonPosting: 'non_posting', Posting: 'posting' };
const PAID: Readonly<Record<string, string>> = { Either: 'either', Closed: 'closed', Open: 'open' };
const MAX_INT = 2_147_483_647;

/** `Invoice` -> `invoice`, `ARRefundCreditCard` -> `ar_refund_credit_card`, among the list's own values. */
function transactionType(value: string, known: readonly string[]): string {
  const found = known.find((k) => k.replaceAll('_', '') === value.toLowerCase());
  if (found === undefined) throw new PassthroughParseError(`element TxnTypeFilter does not take the value "${value}"`);
  return found;
}

export function readTransactionQuery(request: JsonObject, name: string, transactionTypes: readonly string[], lookups: QueryLookups): DesktopQuery {
  const elements = Object.keys(request).filter((k) => !QUERY_ATTRIBUTES.has(k));
  checkOrder(name, elements, Object.keys(ELEMENTS));
  if (elements.includes('TxnID') && elements.some((e) => e !== 'TxnID' && e !== 'IncludeRetElement')) throw new PassthroughParseError(`${name}: TxnID is an alternative to the other filters sent`);
  for (const [a, b] of [['RefNumberFilter', 'RefNumberRangeFilter']] as const) if (elements.includes(a) && elements.includes(b)) throw new PassthroughParseError(`${name}: ${a} and ${b} are alternatives`);
  const params: Record<string, JsonValue> = {};
  let maxReturned: number | undefined;
  let include: string[] | undefined;
  for (const element of elements) {
    const value = request[element];
    const shape = ELEMENTS[element];
    const child = shape ? childrenOf(element, value, shape) : {};
    const setIf = (param: string, childName: string): void => {
      if (child[childName] !== undefined) params[param] = text(childName, child[childName]);
    };
    if (element === 'TxnID') params['ids'] = many(value ?? []).map((v) => text(element, v));
    else if (element === 'MaxReturned') {
      const n = Number(text(element, value));
      if (!Number.isInteger(n) || n < 1 || n > MAX_INT) throw new PassthroughParseError(`element MaxReturned must be a whole number from 1 to ${MAX_INT}`);
      maxReturned = n;
    } else if (element === 'RefNumberFilter') params[`refNumber${oneOf('MatchCriterion', child['MatchCriterion'], MATCH)}`] = text('RefNumber', child['RefNumber']);
    else if (element === 'RefNumberRangeFilter') {
      setIf('refNumberFrom', 'FromRefNumber');
      setIf('refNumberTo', 'ToRefNumber');
    } else if (element === 'TxnDateRangeFilter') txnDates(child, params, lookups);
    else if (element === 'TransactionModifiedDateRangeFilter') {
      setIf('updatedAfter', 'FromModifiedDate');
      setIf('updatedBefore', 'ToModifiedDate');
    } else if (Object.hasOwn(BY_ID, element)) {
      const filter = BY_ID[element];
      if (filter) params[filter.param] = branchIds(element, child, filter.types, lookups);
    } else if (element === 'TransactionTypeFilter') params['transactionTypes'] = many(child['TxnTypeFilter'] ?? []).map((v) => transactionType(text('TxnTypeFilter', v), transactionTypes));
    else if (element === 'TransactionDetailLevelFilter') params['detailLevel'] = oneOf(element, value, DETAIL);
    else if (element === 'TransactionPostingStatusFilter') params['postingStatus'] = oneOf(element, value, POSTING);
    else if (element === 'TransactionPaidStatusFilter') params['paymentStatus'] = oneOf(element, value, PAID);
    else if (element === 'IncludeRetElement') include = many(value ?? []).map((v) => text(element, v));
  }
  return { params, maxReturned, include };
}
