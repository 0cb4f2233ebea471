import { transactionTypeOf } from '../books/transactionTypes.ts';
import type { JsonObject } from '../values/json.ts';
import { fromCents } from '../values/money.ts';
import { isProfitAndLoss } from './accountGroups.ts';
import type { PostingFilter, PostingRow, ReportBooks } from './ReportBooks.ts';
import type { FirstReference, ReferenceKey } from '../storage/LedgerReads.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { ReportSheet } from './ReportSheet.ts';
import { inNameOrder, pushTo } from './grouping.ts';
import { addFigures, figureCells, isZero, zeroFigures } from './accountRows.ts';
import { inColumn, statementLayout, type AmountLayout } from './statementColumns.ts';
import { referenced, referencedFirst, type Period } from './reportAxes.ts';

const money = (cents: number): string => fromCents(cents, 'A report total');

const SALES = new Set(['ldg_invoice', 'ldg_sales_receipt', 'ldg_credit_memo']);
const PURCHASES = new Set(['ldg_bill', 'ldg_check', 'ldg_credit_card_charge', 'ldg_item_receipt', 'ldg_vendor_credit', 'ldg_credit_card_credit']);
const INCOME = new Set(['income', 'other_income']);
const COSTS = new Set(['cost_of_goods_sold', 'expense', 'other_expense']);
const PROFIT_AND_LOSS = new Set([...INCOME, ...COSTS]);

/**
 * What a report sums and what it groups by: which postings count, the sign that shows them (income
 * credit-positive, costs debit-positive), and the key of the row each falls in.
 */
export interface AxisReport {
  /** What a row is about, for `rowDescriptor.type`. */
  rowType: 'customer' | 'vendor' | 'item' | 'sales_representative' | 'tax_line';
  counts(p: PostingRow, accountType: string, books: ReportBooks, period: Period): boolean;
  sign: 1 | -1;
  keyOf(p: PostingRow, books: ReportBooks, period: Period): string | null;
  /** The heading of the amount column. */
  amountTitle: string;
  /** What `counts` needs of a posting's account type and transaction type, so the rest is not read. */
  reads: { accountTypes?: ReadonlySet<string>; types?: ReadonlySet<string> };
  /**
   * When `counts` and `keyOf` read nothing of a posting but its account and these,
   * a one-column summary adds up SQLite's sums by them instead of every posting.
   */
  summedBy?: { type?: boolean; entity?: boolean; item?: boolean; reference?: ReferenceKey };
  /**
   * When `counts`, `keyOf` and the row type keep exactly the postings `reads` narrows to that name
   * a party or item (`key`; null: every one) of the row's types: the detail counts its rows in
   * SQLite and refuses a report too long before reading it.
   */
  countedBy?: { key: 'entity' | 'item' | ReferenceKey | null };
  /** Whether SQLite should leave out postings naming a party not of the row type (by entity only; worth it when many do). */
  narrowsParties?: true;
}

/** Where a transaction keeps the account its total goes to, the first it has of these: the side that is not its lines. */
const HEADER_ACCOUNT: FirstReference = { paths: ['payablesAccount', 'bankAccount', 'creditCardAccount', 'account'], among: ['ldg_account'] };

/** A posting of one of a purchase's lines (an expense or an item), not of its total. */
function isPurchaseLine(p: PostingRow, books: ReportBooks, period: Period): boolean {
  if (p.type === null || !PURCHASES.has(p.type) || p.openLedger !== null) return false;
  // The first field naming one, as the type table orders them, read for every purchase at once (a field at a time, four reads of 40,000 purchases).
  const header = referencedFirst(books, p, PURCHASES, HEADER_ACCOUNT, period);
  return header === null || p.account !== header;
}

const byEntity = (p: PostingRow): string | null => p.entity;
const byItem = (p: PostingRow): string | null => p.item;
/** The sales representative a sale names. */
const REP: ReferenceKey = { path: 'salesRepresentative', among: ['ldg_sales_representative'] };
/** A sale's representative: a sum by representative has it (`referenced`), a posting's sale names it. */
const bySalesRep = (p: PostingRow, books: ReportBooks, period: Period): string | null => (p.referenced !== undefined ? p.referenced : referenced(books, p, SALES, REP, period));

/** A vendor that gets the yearly information return for what it was paid. */
const isVendor1099 = (p: PostingRow, books: ReportBooks): boolean => p.entity !== null && books.documentOf('ldg_vendor', p.entity)?.['isEligibleFor1099'] === true;

/** The income tax line of the account a posting is on, by name; accounts with none share one row. */
const byTaxLine = (p: PostingRow, books: ReportBooks): string => {
  const line = books.find('ldg_account', p.account)?.['taxLineDetails'] as JsonObject | null | undefined;
  return typeof line?.['taxLineName'] === 'string' ? line['taxLineName'] : 'Tax line unassigned';
};

/** The summaries and details that group postings by customer, vendor, item or sales representative. */
export const AXIS_REPORTS = {
  // Its sales are the read's own transaction types (`reads.types` narrows every read): its sums need not go by type.
  salesByCustomer: { rowType: 'customer', counts: (_p, t) => INCOME.has(t), sign: -1, keyOf: byEntity, amountTitle: 'Amount', reads: { accountTypes: INCOME, types: SALES }, summedBy: { entity: true }, countedBy: { key: 'entity' } },
  salesByItem: { rowType: 'item', counts: (p, t) => p.type !== null && SALES.has(p.type) && INCOME.has(t) && p.item !== null, sign: -1, keyOf: byItem, amountTitle: 'Amount', reads: { accountTypes: INCOME, types: SALES }, summedBy: { type: true, item: true }, countedBy: { key: 'item' } },
  salesByRep: { rowType: 'sales_representative', counts: (p, t) => p.type !== null && SALES.has(p.type) && INCOME.has(t), sign: -1, keyOf: bySalesRep, amountTitle: 'Amount', reads: { accountTypes: INCOME, types: SALES }, summedBy: { type: true, reference: REP }, countedBy: { key: REP } },
  purchasesByVendor: { rowType: 'vendor', counts: (p, _t, books, period) => isPurchaseLine(p, books, period), sign: 1, keyOf: byEntity, amountTitle: 'Amount', reads: { types: PURCHASES } },
  purchasesByItem: { rowType: 'item', counts: (p, _t, books, period) => p.item !== null && isPurchaseLine(p, books, period), sign: 1, keyOf: byItem, amountTitle: 'Amount', reads: { types: PURCHASES } },
  incomeByCustomer: { rowType: 'customer', counts: (_p, t) => isProfitAndLoss(t), sign: -1, keyOf: byEntity, amountTitle: 'Net Income', reads: { accountTypes: PROFIT_AND_LOSS }, summedBy: { entity: true }, countedBy: { key: 'entity' }, narrowsParties: true },
  expenseByVendor: { rowType: 'vendor', counts: (_p, t) => COSTS.has(t), sign: 1, keyOf: byEntity, amountTitle: 'Amount', reads: { accountTypes: COSTS }, summedBy: { entity: true }, countedBy: { key: 'entity' }, narrowsParties: true },
  vendors1099: { rowType: 'vendor', counts: (p, t, books) => COSTS.has(t) && isVendor1099(p, books), sign: 1, keyOf: byEntity, amountTitle: 'Amount', reads: { accountTypes: COSTS }, summedBy: { entity: true }, narrowsParties: true },
  incomeTax: { rowType: 'tax_line', counts: (_p, t) => isProfitAndLoss(t), sign: -1, keyOf: byTaxLine, amountTitle: 'Amount', reads: { accountTypes: PROFIT_AND_LOSS }, summedBy: {}, countedBy: { key: null } },
} satisfies Record<string, AxisReport>;

/** Only keys of the row type count: a check to an employee is not a vendor's expense. */
const KEY_TYPES: Record<AxisReport['rowType'], readonly string[] | undefined> = { customer: ['ldg_customer'], vendor: ['ldg_vendor'], item: undefined, sales_representative: undefined, tax_line: undefined };

function keepsKey(books: ReportBooks, axis: AxisReport, key: string): boolean {
  const wanted = KEY_TYPES[axis.rowType];
  return !wanted || books.ledger.isOfTypes(key, wanted);
}

/** The request's filter and period, narrowed to the accounts and transaction types the axis can count. */
function axisFilter(books: ReportBooks, request: ReportRequest, axis: AxisReport): PostingFilter {
  const { accountTypes, types } = axis.reads;
  const both = (asked: ReadonlySet<string> | undefined, own: Iterable<string>): ReadonlySet<string> => new Set([...own].filter((v) => !asked || asked.has(v)));
  return {
    ...request.filter,
    from: request.period.from,
    to: request.period.to,
    ...(accountTypes ? { accounts: both(request.filter.accounts, books.accounts.filter((a) => accountTypes.has(a.accountType)).map((a) => a.id)) } : {}),
    ...(types ? { types: both(request.filter.types, types) } : {}),
    // Rows by customer or vendor keep only postings naming one (`keepsKey`): where many postings name
    // another kind (costs of sales name customers), SQLite leaves them unread.
    ...(axis.narrowsParties && KEY_TYPES[axis.rowType] ? { entityTypes: new Set(KEY_TYPES[axis.rowType]) } : {}),
  };
}

function grouped(books: ReportBooks, request: ReportRequest, axis: AxisReport, rows?: readonly PostingRow[]): [string, PostingRow[]][] {
  const groups = new Map<string, PostingRow[]>();
  const kept = new Map<string, boolean>();
  for (const p of rows ?? books.ledger.postings(axisFilter(books, request, axis))) {
    const accountType = books.accountById.get(p.account)?.accountType ?? '';
    if (!axis.counts(p, accountType, books, request.period)) continue;
    const key = axis.keyOf(p, books, request.period);
    if (key === null) continue;
    if (!kept.has(key)) kept.set(key, keepsKey(books, axis, key));
    if (!kept.get(key)) continue;
    pushTo(groups, key, p);
  }
  if (axis.rowType !== 'sales_representative') return inNameOrder(books, groups);
  return [...groups].sort(([a], [b]) => repName(books, a).toLowerCase().localeCompare(repName(books, b).toLowerCase()));
}

function repName(books: ReportBooks, id: string): string {
  const rep = books.find('ldg_sales_representative', id);
  return typeof rep?.['initial'] === 'string' ? rep['initial'] : id;
}

const nameOfKey = (books: ReportBooks, axis: AxisReport, key: string): string => (axis.rowType === 'sales_representative' ? repName(books, key) : books.names.of(key) ?? key);

/** One row per customer (vendor, item...) with what its postings add up to, and the total. */
export function axisSummary(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, axis: AxisReport): void {
  const by = typeof request.query['summarizeColumnsBy'] === 'string' ? request.query['summarizeColumnsBy'] : 'total_only';
  const layout: AmountLayout = by === 'total_only' ? { columns: [{ id: 'total', title: axis.amountTitle, from: request.period.from, to: request.period.to }], derived: [] } : statementLayout(books, request, by, false);
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: [null] });
  for (const c of layout.columns) sheet.addColumn({ id: c.id, type: c.id === 'total' && layout.columns.length > 1 ? 'total' : 'amount', dataType: 'amount', titles: [c.title] });
  let total = zeroFigures(layout.columns.length);
  // One column over the period: SQLite's sums by what the rows go by, when the axis reads no more (their days are the period's).
  const sums = axis.summedBy && by === 'total_only' ? books.ledger.postingSums(axisFilter(books, request, axis), axis.summedBy) : undefined;
  for (const [key, postings] of grouped(books, request, axis, sums)) {
    const figures = sums ? [postings.reduce((s, p) => s + p.cents, 0) * axis.sign] : layout.columns.map((c) => postings.reduce((s, p) => s + (inColumn(layout, c, p) ? p.cents : 0), 0) * axis.sign);
    total = addFigures(total, figures);
    if (request.rowsToReturn === 'non_zero' && isZero(figures)) continue;
    const name = nameOfKey(books, axis, key);
    sheet.data({ type: axis.rowType, value: name }, figureCells(name, layout, figures));
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, figureCells('TOTAL', layout, total));
}

/** How many postings a detail lists, counted by SQLite, when the axis can say (`countedBy`) and the books can count (`ReportBooks.keyedPostingCount`). */
export function countedPostings(books: ReportBooks, request: ReportRequest, axis: AxisReport): number | undefined {
  return axis.countedBy && books.ledger.keyedPostingCount(axisFilter(books, request, axis), axis.countedBy.key, KEY_TYPES[axis.rowType]);
}

/** The same postings line by line: a heading per customer (vendor, item...), its postings with a running total, its total. */
export function axisDetail(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, axis: AxisReport): void {
  sheet.addColumns([
    'transaction_type',
    'date',
    'ref_number',
    'name',
    'item',
    'account',
    'amount',
    'running_balance',
  ]);
  // A row per posting at least: counted by SQLite, a detail too long is refused before it is read.
  sheet.reserve(countedPostings(books, request, axis) ?? 0);
  let total = 0;
  for (const [key, postings] of grouped(books, request, axis)) {
    const name = nameOfKey(books, axis, key);
    sheet.text(name);
    let running = 0;
    for (const p of postings) {
      running += p.cents * axis.sign;
      sheet.data(
        { type: 'transaction', value: p.txn },
        {
          transaction_type: p.type ? transactionTypeOf(p.type) : null,
          date: p.date,
          ref_number: p.refNumber,
          name: books.names.of(p.entity),
          item: books.names.of(p.item),
          account: books.names.of(p.account),
          amount: money(p.cents * axis.sign),
          running_balance: money(running),
        },
      );
    }
    total += running;
    sheet.subtotal({ type: axis.rowType, value: name }, { label: `Total ${name}`, amount: money(running), running_balance: money(running) });
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', amount: money(total) });
}
