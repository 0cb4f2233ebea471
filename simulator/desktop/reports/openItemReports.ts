import type { OpenLedger } from '../storage/Ledger.ts';
import { transactionTypeOf } from '../books/transactionTypes.ts';
import { addDays } from '../values/desktopTime.ts';
import { fromCents } from '../values/money.ts';
import { daysBetween, openItemsAsOf, type OpenItem } from './openItems.ts';
import type { ReportBooks } from './ReportBooks.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { Column, ReportSheet } from './ReportSheet.ts';
import { inNameOrder, pushTo } from './grouping.ts';
import { addFigures, figureCells, isZero, zeroFigures } from './accountRows.ts';
import { columnValueOf, statementLayout } from './statementColumns.ts';

const money = (cents: number): string => fromCents(cents, 'A report total');

/** The aging columns: how many days past due an item is, in the desktop application's buckets (up to `through` days). */
const BUCKETS = [
  { id: 'current', title: 'Current', through: 0 },
  { id: 'days_1_30', title: '1 - 30', through: 30 },
  { id: 'days_31_60', title: '31 - 60', through: 60 },
  { id: 'days_61_90', title: '61 - 90', through: 90 },
  { id: 'over_90', title: '> 90', through: Infinity },
] as const;

/** The last day of each bucket but the last, as SQL sums them (`ReportBooks.openSums`). */
const EDGES = BUCKETS.slice(0, -1).map((b) => b.through);

/** The place in `BUCKETS` of an item so many days past due. */
const bucketOf = (days: number): number => BUCKETS.findIndex((b) => days <= b.through);

/** Columns of a list of open items, left to right. */
const ITEM_COLUMNS: readonly Column[] = [
  { id: 'transaction_type', type: 'transaction_type', dataType: 'string', titles: ['Type'] },
  { id: 'date', type: 'date', dataType: 'date', titles: ['Date'] },
  { id: 'ref_number', type: 'ref_number', dataType: 'string', titles: ['Num'] },
  { id: 'name', type: 'name', dataType: 'string', titles: ['Name'] },
  { id: 'due_date', type: 'due_date', dataType: 'date', titles: ['Due Date'] },
  { id: 'aging', type: 'aging', dataType: 'quantity', titles: ['Aging'] },
  { id: 'open_balance', type: 'open_balance', dataType: 'amount', titles: ['Open Balance'] },
];

/** The open items a report shows, turned to the ledger's own side (what is owed is positive), with their age. */
interface AgedItem extends OpenItem {
  shown: number;
  days: number;
}

function agingByDueDate(books: ReportBooks): boolean {
  return books.reportPreferences['agingReportBasis'] !== 'age_from_transaction_date';
}

/** The day open items are taken and aged on: the report's last day, or today (`agingAsOf`, `openBalanceAsOf`). */
function asOfDay(books: ReportBooks, request: ReportRequest): string {
  const asked = request.query['agingAsOf'] ?? request.query['openBalanceAsOf'];
  return asked === 'today' ? books.today : request.period.to;
}

function agedItems(books: ReportBooks, request: ReportRequest, ledger: OpenLedger): AgedItem[] {
  const asOf = asOfDay(books, request);
  const byDue = agingByDueDate(books);
  const sign = ledger === 'payable' ? -1 : 1;
  // Days past due by due date: 25,000 items fall on a few hundred days.
  const ages = new Map<string, number>();
  const ageOf = (day: string): number => {
    let days = ages.get(day);
    if (days === undefined) ages.set(day, (days = daysBetween(day, asOf)));
    return days;
  };
  return openItemsAsOf(books, ledger, asOf)
    .filter((i) => !request.filter.entities || request.filter.entities.has(i.entity))
    .map((i) => Object.assign(i, { shown: i.cents * sign, days: ageOf(byDue ? i.dueDate : i.date) }));
}

/** Open items by party, parties in full-name order. */
function byParty(books: ReportBooks, items: readonly AgedItem[]): [string, AgedItem[]][] {
  const groups = new Map<string, AgedItem[]>();
  for (const item of items) pushTo(groups, item.entity, item);
  return inNameOrder(books, groups);
}

function itemCells(books: ReportBooks, item: AgedItem): Record<string, string | null> {
  return {
    transaction_type: item.type ? transactionTypeOf(item.type) : 'opening_balance',
    date: item.date,
    ref_number: item.refNumber,
    name: books.names.of(item.entity),
    due_date: item.dueDate,
    aging: item.days > 0 ? String(item.days) : null,
    open_balance: money(item.shown),
  };
}

const sum = (items: readonly AgedItem[]): number => items.reduce((s, i) => s + i.shown, 0);

/** Aging summary: one row per customer (or vendor), what it owes in each aging column, and the total. */
export function agingSummary(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, ledger: OpenLedger): void {
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: [null] });
  for (const b of BUCKETS) sheet.addColumn({ id: b.id, type: 'amount', dataType: 'amount', titles: [b.title] });
  sheet.addColumn({ id: 'total', type: 'total', dataType: 'amount', titles: ['TOTAL'] });
  // Summed in SQLite by party and bucket: 25,000 open items are 9,000 parties' sums.
  const sign = ledger === 'payable' ? -1 : 1;
  const parties = new Map<string, number[]>();
  const total = BUCKETS.map(() => 0);
  for (const [party, bucket, cents] of books.openSums(ledger, asOfDay(books, request), agingByDueDate(books) ? 'due' : 'date', EDGES)) {
    if (request.filter.entities && !request.filter.entities.has(party)) continue;
    let sums = parties.get(party);
    if (!sums) parties.set(party, (sums = BUCKETS.map(() => 0)));
    sums[bucket] = (sums[bucket] ?? 0) + cents * sign;
    total[bucket] = (total[bucket] ?? 0) + cents * sign;
  }
  const whole = (sums: readonly number[]): number => sums.reduce((s, c) => s + c, 0);
  const cells = (label: string, sums: readonly number[]): Record<string, string> => {
    const out: Record<string, string> = { label };
    for (let i = 0; i < BUCKETS.length; i++) out[(BUCKETS[i] as (typeof BUCKETS)[number]).id] = money(sums[i] ?? 0);
    out['total'] = money(whole(sums));
    return out;
  };
  for (const [party, sums] of inNameOrder(books, parties)) {
    if (request.rowsToReturn !== 'all' && whole(sums) === 0) continue;
    const name = books.names.of(party) ?? party;
    sheet.data({ type: ledger === 'payable' ? 'vendor' : 'customer', value: name }, cells(name, sums));
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, cells('TOTAL', total));
}

/** Aging detail: the open items in each aging column, oldest due first, with a subtotal per column. */
export function agingDetail(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, ledger: OpenLedger): void {
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: [null] });
  for (const c of ITEM_COLUMNS) sheet.addColumn(c);
  const items = agedItems(books, request, ledger);
  for (const [place, bucket] of BUCKETS.entries()) {
    const group = items.filter((i) => bucketOf(i.days) === place).sort((a, b) => b.days - a.days);
    if (group.length === 0) continue;
    sheet.text(bucket.title);
    for (const item of group) sheet.data({ type: 'transaction', value: item.txn }, itemCells(books, item));
    sheet.subtotal({ type: 'label', value: `Total ${bucket.title}` }, { label: `Total ${bucket.title}`, open_balance: money(sum(group)) });
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', open_balance: money(sum(items)) });
}

/**
 * Open items by customer (or vendor): a heading per party, its items, its total. `overdueOnly`
 * keeps what is past due (the collections report).
 */
export function openItemsByParty(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, ledger: OpenLedger, overdueOnly: boolean): void {
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: [null] });
  for (const c of ITEM_COLUMNS) sheet.addColumn(c);
  const items = agedItems(books, request, ledger).filter((i) => !overdueOnly || (i.days > 0 && i.shown > 0));
  for (const [party, group] of byParty(books, items)) {
    const name = books.names.of(party) ?? party;
    sheet.text(name);
    for (const item of group) sheet.data({ type: 'transaction', value: item.txn }, itemCells(books, item));
    sheet.subtotal({ type: ledger === 'payable' ? 'vendor' : 'customer', value: name }, { label: `Total ${name}`, open_balance: money(sum(group)) });
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', open_balance: money(sum(items)) });
}

/** What each customer (or vendor) owes on the day: its open items added up, one row each. */
export function balanceSummary(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, ledger: OpenLedger): void {
  const by = request.query['summarizeColumnsBy'];
  if (typeof by === 'string' && by !== 'total_only') {
    balancesByColumn(books, request, sheet, ledger, by);
    return;
  }
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: [null] });
  sheet.addColumn({ id: 'total', type: 'amount', dataType: 'amount', titles: ['Balance'] });
  const items = agedItems(books, request, ledger);
  for (const [party, group] of byParty(books, items)) {
    if (request.rowsToReturn !== 'all' && sum(group) === 0) continue;
    const name = books.names.of(party) ?? party;
    sheet.data({ type: ledger === 'payable' ? 'vendor' : 'customer', value: name }, { label: name, total: money(sum(group)) });
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', total: money(sum(items)) });
}

/**
 * Each party's balance at the end of each period (`summarizeColumnsBy` month, quarter...), or split
 * by a value of the postings on its side (class, terms, its transactions' representative...): what
 * its postings on the receivable (payable) side add up to by then. The open items add up to the
 * same on every day (`openItems.ts`), so the last column of periods, and the total column of
 * values, is the one-column report's.
 */
function balancesByColumn(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, ledger: OpenLedger, by: string): void {
  // Values are those of the postings on this side only: no column of what never owed anything.
  const layout = statementLayout(books, { ...request, filter: { ...request.filter, openLedger: ledger } }, by, true);
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: [null] });
  for (const c of layout.columns) sheet.addColumn({ id: c.id, type: c.id === 'total' && layout.columns.length > 1 ? 'total' : 'amount', dataType: 'amount', titles: [c.title] });
  const sign = ledger === 'payable' ? -1 : 1;
  const balances = new Map<string, number[]>();
  for (const p of books.ledger.postings({ ...request.filter, from: null, to: request.period.to, openLedger: ledger })) {
    if (p.entity === null) continue;
    const row = balances.get(p.entity) ?? layout.columns.map(() => 0);
    const value = columnValueOf(layout, p);
    layout.columns.forEach((c, i) => {
      if (p.date <= c.to && (c.value === undefined || c.value === value)) row[i] = (row[i] ?? 0) + p.cents * sign;
    });
    balances.set(p.entity, row);
  }
  let total = zeroFigures(layout.columns.length);
  for (const [party, figures] of inNameOrder(books, balances)) {
    total = addFigures(total, figures);
    if (request.rowsToReturn !== 'all' && isZero(figures)) continue;
    const name = books.names.of(party) ?? party;
    sheet.data({ type: ledger === 'payable' ? 'vendor' : 'customer', value: name }, figureCells(name, layout, figures));
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, figureCells('TOTAL', layout, total));
}

/**
 * Every transaction on a customer's (vendor's) receivable (payable) side in the period, with the
 * party's running balance from before it, a heading and a total per party.
 */
export function balanceDetail(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, ledger: OpenLedger): void {
  sheet.addColumns([
    'transaction_type',
    'date',
    'ref_number',
    'account',
    'amount',
    'running_balance',
  ]);
  const sign = ledger === 'payable' ? -1 : 1;
  const { from, to } = request.period;
  const onLedger = { ...request.filter, openLedger: ledger };
  // A line per posting: counted from the kept sums, a detail too long is refused before it is read.
  sheet.reserve(books.ledger.ledgerPostingCount({ ...onLedger, from, to }) ?? 0);
  const before = new Map<string, number>();
  if (from !== null) for (const [party, cents] of books.ledger.partyBalances({ ...onLedger, from: null, to: addDays(from, -1) })) before.set(party, cents * sign);
  const groups = new Map<string, ReturnType<ReportBooks['ledger']['postings']>>();
  for (const p of books.ledger.postings({ ...onLedger, from, to })) if (p.entity !== null) pushTo(groups, p.entity, p);
  for (const party of before.keys()) if (!groups.has(party) && before.get(party) !== 0) groups.set(party, []);
  let total = 0;
  const parties = inNameOrder(books, groups);
  for (const [party, postings] of parties) {
    const name = books.names.of(party) ?? party;
    sheet.text(name);
    let running = before.get(party) ?? 0;
    if (running !== 0) sheet.data({ type: 'label', value: 'Beginning Balance' }, { label: 'Beginning Balance', running_balance: money(running) });
    for (const p of postings) {
      running += p.cents * sign;
      sheet.data(
        { type: 'transaction', value: p.txn },
        { transaction_type: p.type ? transactionTypeOf(p.type) : 'opening_balance', date: p.date, ref_number: p.refNumber, account: books.names.of(p.account), amount: money(p.cents * sign), running_balance: money(running) },
      );
    }
    total += running;
    sheet.subtotal({ type: ledger === 'payable' ? 'vendor' : 'customer', value: name }, { label: `Total ${name}`, running_balance: money(running) });
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', running_balance: money(total) });
}
