import { assertCalendarDate, FIRST_DAY, LAST_DAY, parseTimeBound } from '../values/desktopTime.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import type { JsonValue } from '../values/json.ts';
import { MAX_AMOUNT_CENTS, parseDecimal } from '../values/money.ts';
import { RequestInputError } from '../values/RequestInputError.ts';
import { REF_NUMBER_VALUE } from './companyFileSchema.ts';


export interface FilterContext {
  offsetMinutes: number;
  /** Which rows the conditions are for: current objects, or the past versions open sequences keep. */
  rows: 'current' | 'past';
  /**
   * Conditions for walking the list in name order, each row checked as it comes (a reference is
   * looked up per row), rather than for finding the matches (the references gathered first).
   */
  walk: boolean;
  where: string[];
  params: unknown[];
}

type Filter = (ctx: FilterContext, value: JsonValue, all: Readonly<Record<string, JsonValue>>) => void;

function list(value: JsonValue): string[] {
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

function placeholders(values: readonly unknown[]): string {
  return values.map(() => '?').join(',');
}

/**
 * Objects whose reference at one of `paths` points at one of the ids sent: read from the reference
 * graph. With `through`, the ids sent are those of what the referenced object itself points at
 * (`through` paths on it): an estimate's `accountIds` are the accounts of the items on its lines.
 */
export function referenceFilter(paths: readonly string[], through?: readonly string[]): Filter {
  return (ctx, value) => {
    const ids = list(value);
    // A past version is filtered by the references it had, kept with it.
    const [key, edges, owner] = ctx.rows === 'current' ? ['seq', 'refs', 'from_seq'] : ['ver', 'version_refs', 'ver'];
    const targets = through
      ? `SELECT o.id FROM refs AS t JOIN object_rows AS o ON o.seq = t.from_seq WHERE t.path IN (${placeholders(through)}) AND t.to_id IN (${placeholders(ids)})`
      : placeholders(ids);
    const match = `path IN (${placeholders(paths)}) AND to_id IN (${targets})`;
    // Gathered first, the edges of 10,000 customers cost 9 ms per page of a walk; one lookup per walked row costs 1.
    if (ctx.walk) ctx.where.push(`EXISTS (SELECT 1 FROM ${edges} WHERE ${owner} = ${ctx.rows === 'current' ? 'object_rows' : 'object_versions'}.${key} AND ${match})`);
    else ctx.where.push(`${key} IN (SELECT ${owner} FROM ${edges} WHERE ${match})`);
    ctx.params.push(...paths, ...(through ?? []), ...ids);
  };
}

/** Objects whose tag column holds one of the values the sent value maps to. */
export function tagFilter(map: (value: string) => readonly string[] = (v) => [v]): Filter {
  return (ctx, value) => {
    const tags = [...new Set(list(value).flatMap(map))];
    if (tags.length === 0) {
      ctx.where.push('0');
      return;
    }
    ctx.where.push(`tag IN (${placeholders(tags)})`);
    ctx.params.push(...tags);
  };
}

function timeBound(column: string, op: '>=' | '<=', bound: 'lower' | 'upper', field: string): Filter {
  return (ctx, value) => {
    const seconds = parseTimeBound(String(value), ctx.offsetMinutes, bound);
    if (seconds === undefined) throw new DesktopError(DESKTOP_STATUS.INVALID_DATE, `"${String(value)}" in ${field} is not a date or date-time of the desktop's calendar (${FIRST_DAY} to ${LAST_DAY}).`);
    ctx.where.push(`${column} ${op} ?`);
    ctx.params.push(seconds);
  };
}

function dateBound(op: '>=' | '<=', field: string): Filter {
  return (ctx, value) => {
    assertCalendarDate(String(value), field);
    ctx.where.push(`txn_date ${op} ?`);
    ctx.params.push(String(value));
  };
}

function money(field: string, value: JsonValue): number {
  const cents = parseDecimal(String(value), 2);
  if (cents === undefined) throw new RequestInputError(field, `${field} must be a decimal amount with at most two decimals, such as "125.50".`);
  if (cents > BigInt(MAX_AMOUNT_CENTS) || cents < -BigInt(MAX_AMOUNT_CENTS)) {
    throw new RequestInputError(field, `${field} is outside the range of amounts the desktop application holds (at most 999999999999.99).`);
  }
  return Number(cents);
}

function balance(op: string, field: string): Filter {
  return (ctx, value) => {
    ctx.where.push(`balance_cents ${op} ?`);
    ctx.params.push(money(field, value));
  };
}

/** The highest code point: every text that starts with `x` sorts before `x` followed by it. */
const TOP = String.fromCodePoint(0x10ffff);

/** A LIKE pattern matching `text` literally: its wildcards and the escape character escaped (ESCAPE '\\'). */
const literally = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Text filters ignoring case. `name_lc` is lower-cased already (by JavaScript, which folds more
 * than SQLite's lower()); other columns are folded as SQLite's LIKE folds them (ASCII letters, as
 * lower() would: 80,000 invoices' reference numbers searched in 8 ms instead of 24). A prefix on a
 * folded column, or one without letters, is an index range rather than a scan.
 */
function textMatch(column: string, kind: 'contains' | 'startsWith' | 'endsWith'): Filter {
  const stored = column.endsWith('_lc');
  return (ctx, value) => {
    const needle = String(value).toLowerCase();
    // Every text contains, starts and ends with the empty text: all three keep everything.
    if (needle === '') return;
    // A needle with no letters that fold ("10", "INV-" lower-cased has) matches the column as stored.
    if (kind === 'startsWith' && (stored || needle === needle.toUpperCase())) {
      ctx.where.push(`${column} >= ? AND ${column} < ?`);
      ctx.params.push(needle, `${needle}${TOP}`);
      return;
    }
    if (stored) {
      ctx.where.push(kind === 'contains' ? `instr(${column}, ?) > 0` : `substr(${column}, -length(?)) = ?`);
      ctx.params.push(...(kind === 'contains' ? [needle] : [needle, needle]));
      return;
    }
    ctx.where.push(`${column} LIKE ? ESCAPE '\\'`);
    ctx.params.push(`${kind === 'startsWith' ? '' : '%'}${literally(needle)}${kind === 'endsWith' ? '' : '%'}`);
  };
}

const ALL_DIGITS = /^\d+$/;

/**
 * A bound on reference numbers as compareRefNumbers orders them, in SQL rather than a JavaScript
 * function per row (20 ms over 100,000 invoices): all-digit numbers compare as numbers with an
 * all-digit bound, everything else as text; a missing number sorts first. With an all-digit bound
 * the test is two ranges of the index on the numbers' values (objects_ref_value): a CASE per row
 * cost 22 ms to count 79,000 of 80,000 invoices, the two ranges 11.
 */
function refNumberBound(op: '>=' | '<='): Filter {
  return (ctx, value) => {
    const bound = String(value);
    if (!ALL_DIGITS.test(bound)) {
      ctx.where.push(op === '>=' ? `(ref_number IS NOT NULL AND ref_number >= ?)` : `(ref_number IS NULL OR ref_number <= ?)`);
      ctx.params.push(bound);
      return;
    }
    const others = op === '>=' ? 'ref_number IS NOT NULL AND ref_number >= ?' : '(ref_number IS NULL OR ref_number <= ?)';
    ctx.where.push(`(${REF_NUMBER_VALUE} ${op} ? OR (${REF_NUMBER_VALUE} IS NULL AND ${others}))`);
    ctx.params.push(Number(bound), bound);
  };
}

export type { Filter };

/**
 * The engine's own list filters, the same on every type, keyed by query parameter name. Any other
 * parameter must be bound by the type's row (or be an `xIds` filter on a reference `x`); one with
 * no binding stops the simulator at start.
 */
export const FILTERS: Readonly<Record<string, Filter>> = {
  status: (ctx, value) => {
    if (value === 'active') ctx.where.push('is_active = 1');
    if (value === 'inactive') ctx.where.push('is_active = 0');
  },
  updatedAfter: timeBound('updated_at', '>=', 'lower', 'updatedAfter'),
  updatedBefore: timeBound('updated_at', '<=', 'upper', 'updatedBefore'),
  transactionDateFrom: dateBound('>=', 'transactionDateFrom'),
  transactionDateTo: dateBound('<=', 'transactionDateTo'),
  // name_lc is lower-cased by JavaScript: SQLite's lower() folds ASCII only ("É" would stay "É").
  nameContains: textMatch('name_lc', 'contains'),
  nameStartsWith: textMatch('name_lc', 'startsWith'),
  nameEndsWith: textMatch('name_lc', 'endsWith'),
  nameFrom: (ctx, value) => {
    ctx.where.push('name_lc >= ?');
    ctx.params.push(String(value).toLowerCase());
  },
  // Inclusive: "nameTo=C" keeps "Cobalt", as a person reading an alphabetical range expects.
  nameTo: (ctx, value) => {
    const to = String(value).toLowerCase();
    ctx.where.push('(name_lc <= ? OR substr(name_lc, 1, length(?)) = ?)');
    ctx.params.push(to, to, to);
  },
  refNumberContains: textMatch('ref_number', 'contains'),
  refNumberStartsWith: textMatch('ref_number', 'startsWith'),
  refNumberEndsWith: textMatch('ref_number', 'endsWith'),
  refNumberFrom: refNumberBound('>='),
  refNumberTo: refNumberBound('<='),
  paymentStatus: (ctx, value) => {
    if (value === 'paid') ctx.where.push('is_paid = 1');
    if (value === 'not_paid') ctx.where.push('is_paid = 0');
  },
  totalBalance: balance('=', 'totalBalance'),
  totalBalanceGreaterThan: balance('>', 'totalBalanceGreaterThan'),
  totalBalanceGreaterThanOrEqualTo: balance('>=', 'totalBalanceGreaterThanOrEqualTo'),
  totalBalanceLessThan: balance('<', 'totalBalanceLessThan'),
  totalBalanceLessThanOrEqualTo: balance('<=', 'totalBalanceLessThanOrEqualTo'),
};

/** Exact-match filters: when one is present the rest are ignored, and every value must exist. */
export const EXACT_FILTERS: Readonly<Record<string, { column: 'id' | 'name_lc' | 'ref_number'; caseInsensitive: boolean }>> = {
  ids: { column: 'id', caseInsensitive: false },
  fullNames: { column: 'name_lc', caseInsensitive: true },
  names: { column: 'name_lc', caseInsensitive: true },
  refNumbers: { column: 'ref_number', caseInsensitive: false },
};

/** Parameters that shape what each returned object carries rather than which objects match. */
export const OUTPUT_OPTIONS = new Set(['includeLineItems', 'includeComponentLineItems', 'includeLinkedTransactions', 'excludeAlternateShippingAddresses']);

/** Paging parameters; handled by the iterator, never by the query. */
export const PAGING_PARAMETERS = new Set(['cursor', 'limit']);

/** Groups of which a request may use one filter at most. */
export const EXCLUSIVE_GROUPS = [
  ['nameContains', 'nameStartsWith', 'nameEndsWith'],
  ['refNumberContains', 'refNumberStartsWith', 'refNumberEndsWith'],
];

/** Ref numbers compare as numbers when both are all digits, as text otherwise. */
export function compareRefNumbers(a: string | null, b: string): number {
  if (a === null) return -1;
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}
