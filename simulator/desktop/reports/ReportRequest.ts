import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { assertCalendarDate, isValidDate, parseTimeBound } from '../values/desktopTime.ts';
import type { JsonObject, JsonValue } from '../values/json.ts';
import { RequestInputError } from '../values/RequestInputError.ts';
import { ENTITY_TYPES, ITEM_TYPES } from '../values/globalReferences.ts';
import { transactionTypeOf } from '../books/transactionTypes.ts';
import { ACCOUNT_FILTER_GROUPS } from './accountGroups.ts';
import type { PostingFilter, ReportBooks } from './ReportBooks.ts';
import { periodOfMacro, reportPeriod, type Period } from './reportPeriods.ts';
import { pushTo } from './grouping.ts';

export type RowsToReturn = 'active_only' | 'non_zero' | 'all';

/** A report request read against the company file: its period, basis and the postings it keeps. */
export interface ReportRequest {
  category: string;
  reportType: string;
  period: Period;
  basis: 'accrual' | 'cash';
  rowsToReturn: RowsToReturn;
  /** Everything but the dates: a report adds the dates each of its figures needs. */
  filter: Omit<PostingFilter, 'from' | 'to'>;
  query: Readonly<Record<string, JsonValue>>;
}

const ITEM_TYPE_GROUPS: Readonly<Record<string, readonly string[]>> = {
  all_except_fixed_asset: ITEM_TYPES,
  assembly: ['ldg_inventory_assembly_item'],
  discount: ['ldg_discount_item'],
  fixed_asset: [],
  inventory: ['ldg_inventory_item'],
  inventory_and_assembly: ['ldg_inventory_item', 'ldg_inventory_assembly_item'],
  non_inventory: ['ldg_non_inventory_item'],
  other_charge: ['ldg_other_charge_item'],
  payment: [],
  sales: ['ldg_service_item', 'ldg_non_inventory_item', 'ldg_inventory_item', 'ldg_inventory_assembly_item', 'ldg_other_charge_item'],
  sales_tax: ['ldg_sales_tax_item', 'ldg_sales_tax_group_item'],
  service: ['ldg_service_item'],
};

const listOf = (value: JsonValue | undefined): string[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value.map(String) : [String(value)]);

function intersect(sets: (Set<string> | undefined)[]): Set<string> | undefined {
  const given = sets.filter((s): s is Set<string> => s !== undefined);
  if (given.length === 0) return undefined;
  const [first, ...rest] = given;
  return new Set([...(first ?? [])].filter((id) => rest.every((s) => s.has(id))));
}

function notFound(value: string): DesktopError {
  return new DesktopError(
    DESKTOP_STATUS.NOT_FOUND,
    `The query request has not been fully completed. There was a required element ("${value}") that could not be found in the company file.`,
  );
}

/** Ids of objects of these types named by id or by full name; every one named must exist. */
function named(books: ReportBooks, types: readonly string[], ids: string[], fullNames: string[]): Set<string> | undefined {
  if (ids.length === 0 && fullNames.length === 0) return undefined;
  const found = new Set<string>();
  for (const id of ids) {
    if (!books.findAmong(types, id)) throw notFound(id);
    found.add(id);
  }
  if (fullNames.length > 0) {
    const byName = new Map<string, string>();
    for (const type of types) for (const row of books.namesOf(type)) if (row.name_lc) byName.set(row.name_lc, row.id);
    for (const name of fullNames) {
      const id = byName.get(name.toLowerCase());
      if (id === undefined) throw notFound(name);
      found.add(id);
    }
  }
  return found;
}

/** The ids of a type's objects and everything under them in its hierarchy (a filter on a parent keeps its children). */
function withDescendants(books: ReportBooks, type: string, ids: Set<string> | undefined): Set<string> | undefined {
  if (!ids) return undefined;
  const children = new Map<string, string[]>();
  for (const o of books.all(type)) {
    const parent = (o['parent'] as JsonObject | null | undefined)?.['id'];
    if (typeof parent === 'string') pushTo(children, parent, String(o['id']));
  }
  const out = new Set<string>();
  const stack = [...ids];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

function idsOfTypes(books: ReportBooks, types: readonly string[]): Set<string> {
  return new Set(types.flatMap((type) => books.idsOf(type)));
}

function updatedBounds(query: Readonly<Record<string, JsonValue>>, books: ReportBooks): Pick<PostingFilter, 'updatedFrom' | 'updatedTo'> {
  const offset = books.offsetMinutes;
  const bound = (name: string, side: 'lower' | 'upper'): number | undefined => {
    const value = query[name];
    if (typeof value !== 'string') return undefined;
    const seconds = parseTimeBound(value, offset, side);
    if (seconds === undefined && isValidDate(value.slice(0, 10))) assertCalendarDate(value.slice(0, 10), name);
    if (seconds === undefined) throw new RequestInputError(name, `"${value}" is not a date`);
    return seconds;
  };
  let updatedFrom = bound('updatedAfter', 'lower');
  let updatedTo = bound('updatedBefore', 'upper');
  if (updatedFrom === undefined && updatedTo === undefined && typeof query['updatedDateMacro'] === 'string' && query['updatedDateMacro'] !== 'all') {
    const period = periodOfMacro(query['updatedDateMacro'], books.today, 0);
    updatedFrom = period.from === null ? undefined : parseTimeBound(period.from, offset, 'lower');
    updatedTo = parseTimeBound(period.to, offset, 'upper');
  }
  if (updatedFrom !== undefined && updatedTo !== undefined && updatedFrom > updatedTo) throw new DesktopError(DESKTOP_STATUS.DATE_RANGE_REVERSED, 'updatedAfter is after updatedBefore.');
  return { ...(updatedFrom === undefined ? {} : { updatedFrom }), ...(updatedTo === undefined ? {} : { updatedTo }) };
}

/** The transaction object types `transactionTypes` and `postingStatus` keep; undefined keeps every posting. */
function transactionTypesAsked(books: ReportBooks, query: Readonly<Record<string, JsonValue>>): Set<string> | undefined {
  const wanted = new Set(listOf(query['transactionTypes']));
  const status = query['postingStatus'];
  if ((wanted.size === 0 || wanted.has('all')) && status !== 'non_posting') return undefined;
  const out = new Set<string>();
  for (const type of books.transactionTypes()) {
    const model = books.modelOf(type);
    const posts = model.row.posting !== undefined;
    if (status === 'non_posting' && posts) continue;
    if (wanted.size > 0 && !wanted.has('all') && !wanted.has(transactionTypeOf(model.objectType))) continue;
    out.add(model.objectType);
  }
  return out;
}

/** Reads a report's query (already valid against the spec) into what the report computes from. */
export function readReportRequest(books: ReportBooks, category: string, query: Readonly<Record<string, JsonValue>>, defaultMacro: string): ReportRequest {
  const accountTypeGroup = typeof query['accountType'] === 'string' ? ACCOUNT_FILTER_GROUPS[query['accountType']] : undefined;
  const byAccountType = accountTypeGroup
    ? new Set(books.accounts.filter((a) => accountTypeGroup.types.includes(a.accountType) || (a.specialAccountType !== null && accountTypeGroup.special?.includes(a.specialAccountType))).map((a) => a.id))
    : undefined;
  const accounts = intersect([byAccountType, withDescendants(books, 'ldg_account', named(books, ['ldg_account'], listOf(query['accountIds']), listOf(query['accountFullNames'])))]);
  const entityType = typeof query['entityType'] === 'string' ? `ldg_${query['entityType']}` : undefined;
  const entities = intersect([
    entityType ? idsOfTypes(books, [entityType]) : undefined,
    named(books, ENTITY_TYPES, listOf(query['entityIds']), listOf(query['entityFullNames'])),
  ]);
  const itemGroup = typeof query['itemType'] === 'string' ? ITEM_TYPE_GROUPS[query['itemType']] : undefined;
  const items = intersect([itemGroup ? idsOfTypes(books, itemGroup) : undefined, named(books, ITEM_TYPES, listOf(query['itemIds']), listOf(query['itemFullNames']))]);
  const classes = withDescendants(books, 'ldg_class', named(books, ['ldg_class'], listOf(query['classIds']), listOf(query['classFullNames'])));
  const types = transactionTypesAsked(books, query);
  const basis = query['basis'] === 'cash' || query['basis'] === 'accrual' ? query['basis'] : books.reportPreferences['summaryReportBasis'] === 'cash' ? 'cash' : 'accrual';
  const rows = query['rowsToReturn'];
  return {
    category,
    reportType: String(query['reportType']),
    period: reportPeriod(query, books.today, books.fiscalYearStartMonth, defaultMacro),
    basis,
    rowsToReturn: rows === 'non_zero' || rows === 'all' ? rows : 'active_only',
    filter: {
      ...(accounts ? { accounts } : {}),
      ...(entities ? { entities } : {}),
      ...(items ? { items } : {}),
      ...(classes ? { classes } : {}),
      ...(types ? { types } : {}),
      ...updatedBounds(query, books),
    },
    query,
  };
}
