import { liabilityCheckItemPostings, paycheckItemPostings } from '../books/payrollPostings.ts';
import type { FirstReference, PostingSumKeys, ReferenceKey } from '../storage/LedgerReads.ts';
import { GLOBAL_REFERENCES, ITEM_TYPES } from '../values/globalReferences.ts';
import { isJsonObject, type JsonObject } from '../values/json.ts';
import { isProfitAndLoss } from './accountGroups.ts';
import type { PostingFilter, PostingRow, ReportBooks } from './ReportBooks.ts';

/**
 * What an axis reads: a posting, or a fact of a document read as one (a time entry, a paycheck's
 * line: `reportAxes.factRow`), which may carry what no posting does.
 */
export interface AxisRow extends PostingRow {
  /** Names it carries besides `entity` (a time entry's customer, beside who worked): a party axis takes the first of its types. */
  names?: readonly (string | null)[];
  /** The payroll item it carries itself (a paycheck's line, a time entry's wage item); absent: found by its place in its transaction. */
  payrollItem?: string | null;
}

/**
 * How a posting maps to a row or a column of a report by one of `summarizeRowsBy` or
 * `summarizeColumnsBy`'s values other than a period: its key (null: it has none, shown under
 * `none`), the key's heading, and what a sum of postings must go by for `keyOf` to read it.
 */
export interface PostingAxis {
  keyOf(p: AxisRow): string | null;
  labelOf(key: string): string;
  none: string;
  /** The sums `ReportBooks.postingSums` must keep for `keyOf` to read a sum as it reads a posting; absent: postings only (`line` and `txn` are read). */
  sums?: PostingSumKeys;
  /** With no `sums`: the transaction types whose postings can have a key; the others' have none, and are read as sums. */
  onlyTypes?: ReadonlySet<string>;
  /** The order of keys (chart order for accounts); absent: by heading, case ignored. */
  compare?(a: string, b: string): number;
  /** What a row is about, for `rowDescriptor.type`. */
  rowType: string;
}

/** The report's days: what a posting's transaction names is read for the transactions dated in them at once. */
export type Period = { from: string | null; to: string };

/**
 * The id a posting's transaction names in a field: from the reference graph for the transactions of
 * these types dated in the period, else (a posting off its transaction's day) from its document.
 */
export function referenced(books: ReportBooks, p: PostingRow, types: ReadonlySet<string>, ref: ReferenceKey, period: Period): string | null {
  const found = books.referencedBy(types, ref, period.from, period.to).get(p.txn);
  if (found !== undefined) return found;
  const value = p.type === null ? undefined : books.documentOf(p.type, p.txn)?.[ref.path];
  return isJsonObject(value) && typeof value['id'] === 'string' ? value['id'] : null;
}

/** `referenced` for the first of several fields that names one, read for them all at once; a posting off its transaction's day reads its document. */
export function referencedFirst(books: ReportBooks, p: PostingRow, types: ReadonlySet<string>, first: FirstReference, period: Period): string | null {
  const found = books.firstReferencedBy(types, first, period.from, period.to).get(p.txn);
  if (found !== undefined) return found;
  const doc = p.type === null ? undefined : books.documentOf(p.type, p.txn);
  for (const path of first.paths) {
    const value = doc?.[path];
    if (isJsonObject(value) && typeof value['id'] === 'string') return value['id'];
  }
  return null;
}

/** The heading of a list object by id: its full name, else its name, else (a sales representative) its initials. */
function listLabel(books: ReportBooks, among: readonly string[], id: string): string {
  const doc = books.findAmong(among, id);
  for (const field of ['fullName', 'name', 'initial']) if (typeof doc?.[field] === 'string') return doc[field];
  return id;
}

/** How the desktop heads each kind of item in a report by item type. */
const ITEM_TYPE_LABELS: Readonly<Record<(typeof ITEM_TYPES)[number], string>> = {
  ldg_service_item: 'Service',
  ldg_non_inventory_item: 'Non-inventory Part',
  ldg_inventory_item: 'Inventory Part',
  ldg_inventory_assembly_item: 'Inventory Assembly',
  ldg_other_charge_item: 'Other Charge',
  ldg_discount_item: 'Discount',
  ldg_subtotal_item: 'Subtotal',
  ldg_sales_tax_item: 'Sales Tax Item',
  ldg_sales_tax_group_item: 'Sales Tax Group',
  ldg_item_group: 'Group',
};

const PARTY_TYPES: Readonly<Record<string, readonly string[]>> = {
  customer: ['ldg_customer'],
  vendor: ['ldg_vendor'],
  employee: ['ldg_employee'],
  payee: ['ldg_customer', 'ldg_vendor', 'ldg_employee', 'ldg_other_name'],
};

/** What the payroll transactions post, each posting's payroll item at its place (`payrollPostings.ts`). */
const PAYROLL_WALKS: Readonly<Record<string, typeof paycheckItemPostings>> = { ldg_paycheck: paycheckItemPostings, ldg_payroll_liability_check: liabilityCheckItemPostings };
const PAYROLL_TYPES: ReadonlySet<string> = new Set(Object.keys(PAYROLL_WALKS));

/** What builds an axis: the books it reads and the report's days. */
type AxisMaker = (books: ReportBooks, period: Period) => PostingAxis;

/** An id a posting keeps itself (class, item, party), headed by its full name. */
const ownId = (field: 'class' | 'item' | 'entity', rowType: string, none: string, sums: PostingSumKeys): AxisMaker => (books) => ({
  keyOf: (p) => p[field],
  labelOf: (id) => books.names.of(id) ?? id,
  none,
  sums,
  rowType,
});

/** A party of some types: a posting naming another kind counts as naming none. */
const party =
  (by: string, none: string): AxisMaker =>
  (books) => {
    const types = PARTY_TYPES[by] ?? [];
    return { ...ownId('entity', by, none, { entity: true })(books, { from: null, to: '' }), keyOf: (p) => namesOf(p).find((id) => books.ledger.isOfTypes(id, types)) ?? null };
  };

/** The names a row carries, its own first. */
const namesOf = (p: AxisRow): string[] => [p.entity, ...(p.names ?? [])].filter((id): id is string => id !== null);

/** A field of the posting's party (a customer's type): read from the reference graph once per report. */
const partyField =
  (partyType: string, path: string, rowType: string, none: string): AxisMaker =>
  (books) => {
    const among = GLOBAL_REFERENCES.get(path) ?? [];
    const named = books.namedInField([partyType], path, among);
    return { keyOf: (p) => namesOf(p).map((id) => named.get(id)).find((v) => v !== undefined) ?? null, labelOf: (id) => listLabel(books, among, id), none, sums: { entity: true }, rowType };
  };

/** A field of the posting's transaction (its terms, representative...): summed by SQLite through the reference graph. */
const documentField =
  (path: string, rowType: string, none: string): AxisMaker =>
  (books, period) => {
    const ref: ReferenceKey = { path, among: GLOBAL_REFERENCES.get(path) ?? [] };
    const types = new Set(books.transactionTypes());
    return {
      keyOf: (p) => (p.referencedPath === path ? p.referenced ?? null : p.alsoPath === path ? p.alsoReferenced ?? null : p.type === null ? null : referenced(books, p, types, ref, period)),
      labelOf: (id) => listLabel(books, ref.among, id),
      none,
      sums: { reference: ref },
      rowType,
    };
  };

/** The kind of item a posting's line names. */
const itemType: AxisMaker = (books) => {
  const typeOf = new Map<string, string>();
  for (const type of ITEM_TYPES) for (const id of books.idsOf(type)) typeOf.set(id, type);
  return {
    keyOf: (p) => (p.item === null ? null : typeOf.get(p.item) ?? null),
    labelOf: (type) => ITEM_TYPE_LABELS[type as keyof typeof ITEM_TYPE_LABELS] ?? type,
    none: 'No item',
    sums: { item: true },
    compare: (a, b) => ITEM_TYPES.indexOf(a as (typeof ITEM_TYPES)[number]) - ITEM_TYPES.indexOf(b as (typeof ITEM_TYPES)[number]),
    rowType: 'item_type',
  };
};

/** The payroll item of a paycheck's or liability check's posting: the one at its place in what the transaction posts. */
const payrollItem =
  (rowType: string): AxisMaker =>
  (books) => {
    const items = new Map<string, (string | null)[]>();
    const itemsOf = (p: AxisRow): (string | null)[] => {
      let list = items.get(p.txn);
      const walk = p.type === null ? undefined : PAYROLL_WALKS[p.type];
      const doc = walk && p.type !== null ? books.documentOf(p.type, p.txn) : undefined;
      if (!list) items.set(p.txn, (list = walk && doc ? walk((t, id) => books.find(t, id), doc).map((l) => l.item) : []));
      return list;
    };
    const among = ['ldg_payroll_wage_item', 'ldg_payroll_tax_item'];
    return { keyOf: (p) => (p.payrollItem !== undefined ? p.payrollItem : itemsOf(p)[p.line] ?? null), labelOf: (id) => listLabel(books, among, id), none: 'No payroll item', onlyTypes: PAYROLL_TYPES, rowType };
  };

/** The account a posting is on, among those `keeps` (the others share the `none` row or column). */
const accountAxis =
  (keeps: (accountType: string) => boolean, rowType: string, none: string): AxisMaker =>
  (books) => {
    const order = new Map(books.accounts.map((a, i) => [a.id, i]));
    return {
      keyOf: (p) => {
        const account = books.accountById.get(p.account);
        return account && keeps(account.accountType) ? p.account : null;
      },
      labelOf: (id) => books.names.of(id) ?? id,
      none,
      sums: {},
      compare: (a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0),
      rowType,
    };
  };

/** The income tax line of the account a posting is on; accounts with none share one row. */
const taxLine: AxisMaker = (books) => {
  const lineOf = new Map<string, string | null>();
  const of = (account: string): string | null => {
    if (!lineOf.has(account)) {
      const line = books.find('ldg_account', account)?.['taxLineDetails'] as JsonObject | null | undefined;
      lineOf.set(account, typeof line?.['taxLineName'] === 'string' ? line['taxLineName'] : null);
    }
    return lineOf.get(account) ?? null;
  };
  return { keyOf: (p) => of(p.account), labelOf: (name) => name, none: 'Tax line unassigned', sums: {}, rowType: 'tax_line' };
};

/** Every row or column value that is not a period, one total, or a statement's own rows: what differs is a row here. */
const AXES: Readonly<Record<string, AxisMaker>> = {
  class: ownId('class', 'class', 'Unclassified', { class: true }),
  item_detail: ownId('item', 'item', 'No item', { item: true }),
  customer: party('customer', 'No customer'),
  vendor: party('vendor', 'No vendor'),
  employee: party('employee', 'No employee'),
  payee: party('payee', 'No name'),
  customer_type: partyField('ldg_customer', 'customerType', 'customer_type', 'No customer type'),
  vendor_type: partyField('ldg_vendor', 'vendorType', 'vendor_type', 'No vendor type'),
  item_type: itemType,
  terms: documentField('terms', 'terms', 'No terms'),
  shipping_method: documentField('shippingMethod', 'shipping_method', 'No shipping method'),
  sales_representative: documentField('salesRepresentative', 'sales_representative', 'No sales rep'),
  payment_method: documentField('paymentMethod', 'payment_method', 'No payment method'),
  sales_tax_code: documentField('salesTaxCode', 'sales_tax_code', 'No sales tax code'),
  payroll_item_detail: payrollItem('payroll_item'),
  payroll_ytd_detail: payrollItem('payroll_item'),
  account: accountAxis(() => true, 'account', 'No account'),
  income_statement: accountAxis(isProfitAndLoss, 'account', 'Balance sheet accounts'),
  balance_sheet: accountAxis((t) => !isProfitAndLoss(t), 'account', 'Income statement accounts'),
  tax_line: taxLine,
};

/** The axis of a `summarizeRowsBy` or `summarizeColumnsBy` value; undefined for a period, one total or a value with none. */
export function postingAxis(books: ReportBooks, period: Period, by: string): PostingAxis | undefined {
  return AXES[by]?.(books, period);
}

/** Keys in an axis's order, the names of named ids read at once first. */
export function sortedKeys(books: ReportBooks, axis: PostingAxis, keys: Iterable<string>): string[] {
  const list = [...keys];
  if (axis.compare) return list.sort(axis.compare);
  books.names.read(list);
  const labels = new Map(list.map((k) => [k, axis.labelOf(k).toLowerCase()]));
  return list.sort((a, b) => (labels.get(a) ?? '').localeCompare(labels.get(b) ?? ''));
}

/** What an axis (or a layout's columns) says of how its postings are read. */
export type AxisReads = Pick<PostingAxis, 'sums' | 'onlyTypes'>;

/**
 * What a sum must keep for two axes to read it (a period axis adds the day); undefined when one
 * reads postings only.
 */
export function sumsFor(axes: readonly (AxisReads | undefined)[], byDay: boolean): PostingSumKeys | undefined {
  const keys: PostingSumKeys = byDay ? { date: true } : {};
  for (const axis of axes) {
    if (!axis) continue;
    if (!axis.sums) return undefined;
    const { reference, ...rest } = axis.sums;
    Object.assign(keys, rest);
    if (!reference || keys.reference?.path === reference.path) continue;
    // SQLite joins two fields of the transaction at most: rows by one, columns by another.
    if (keys.reference) {
      if (keys.also) return undefined;
      keys.also = reference;
    } else keys.reference = reference;
  }
  return keys;
}

/**
 * What a report by these axes reads of what a filter keeps: sums by what the axes go by when
 * SQLite can make them; else, when one axis reads postings of a few transaction types only
 * (payroll items), the sums of everything, less those types' sums, and those types' postings (on a
 * large file a whole history's profit and loss postings read one by one took seconds); else
 * every posting.
 */
export function axisRows(books: ReportBooks, range: PostingFilter, axes: readonly (AxisReads | undefined)[], byDay: boolean): PostingRow[] {
  const keys = sumsFor(axes, byDay);
  if (keys) return books.ledger.postingSums(range, keys) ?? books.ledger.postings(range);
  const unsummed = axes.filter((a) => a !== undefined && !a.sums);
  const only = unsummed.length === 1 ? unsummed[0]?.onlyTypes : undefined;
  const rest = only && sumsFor(axes.filter((a) => a?.sums), byDay);
  if (!only || !rest) return books.ledger.postings(range);
  const types = new Set([...only].filter((t) => !range.types || range.types.has(t)));
  const all = books.ledger.postingSums(range, rest);
  const theirs = books.ledger.postingSums({ ...range, types }, rest);
  if (!all || !theirs) return books.ledger.postings(range);
  // The sums name no transaction type: the axis gives them no key, and the types' own postings theirs.
  return [...all, ...theirs.map((r) => ({ ...r, cents: -r.cents })), ...books.ledger.postings({ ...range, types })];
}

/** What a document says of one of its facts (a time entry's hours, a paycheck line's amount), in a posting's terms. */
export type Fact = Pick<AxisRow, 'txn' | 'type' | 'date' | 'cents'> & Partial<Pick<AxisRow, 'account' | 'entity' | 'item' | 'class' | 'names' | 'payrollItem' | 'refNumber'>>;

/**
 * A fact of a document read as a posting, so every axis reads it as it reads postings: what it
 * does not say it has none of (no account: ''; the account axes give it none).
 */
export function factRow(fact: Fact): AxisRow {
  return { line: 0, account: '', entity: null, item: null, class: null, openLedger: null, refNumber: null, seq: 0, ...fact };
}
