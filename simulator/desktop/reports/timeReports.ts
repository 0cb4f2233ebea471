import { isJsonObject, type JsonObject } from '../values/json.ts';
import type { ReportBooks } from './ReportBooks.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { Cells, ReportSheet } from './ReportSheet.ts';
import { pushTo } from './grouping.ts';
import { notOffered } from './notComputed.ts';
import { factRow, type AxisRow } from './reportAxes.ts';
import { factLayout, inColumn, type AmountLayout } from './statementColumns.ts';

/** `PT2H15M` -> 135 minutes; what cannot be read counts as none. */
export function minutesOf(duration: unknown): number {
  const m = typeof duration === 'string' ? /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(duration) : null;
  return m ? Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0) + Math.round(Number(m[3] ?? 0) / 60) : 0;
}

/** Hours as the time reports show them: `2:15`. */
const hours = (minutes: number): string => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

const refOf = (value: unknown): { id: string; name: string } | null =>
  isJsonObject(value) && typeof value['id'] === 'string' ? { id: value['id'], name: typeof value['fullName'] === 'string' ? value['fullName'] : value['id'] } : null;

/** A time entry and its hours as the axes read them (`reportAxes.factRow`). */
interface Entry {
  doc: JsonObject;
  fact: AxisRow;
}

/**
 * A time entry's minutes as a posting's amount: who worked is its name, the customer a name it
 * carries beside (a column by customer finds it), its service item, class and wage item its own.
 */
function entryFact(e: JsonObject): AxisRow {
  const id = (field: string): string | null => refOf(e[field])?.id ?? null;
  return factRow({ txn: String(e['id']), type: 'ldg_time_tracking_activity', date: String(e['transactionDate']), cents: minutesOf(e['duration']), entity: id('entity'), names: [id('customer')], item: id('serviceItem'), class: id('class'), payrollItem: id('payrollWageItem') });
}

/** The time entries of the period that the request's name, item and class filters keep. */
function entries(books: ReportBooks, request: ReportRequest): Entry[] {
  const { from, to } = request.period;
  const { entities, items, classes } = request.filter;
  return books
    .documentsDated(['ldg_time_tracking_activity'], from, to)
    .map((r) => r.doc)
    .filter((e) => !entities || entities.has(refOf(e['entity'])?.id ?? '') || entities.has(refOf(e['customer'])?.id ?? ''))
    .filter((e) => !items || items.has(refOf(e['serviceItem'])?.id ?? ''))
    .filter((e) => !classes || classes.has(refOf(e['class'])?.id ?? ''))
    .map((doc) => ({ doc, fact: entryFact(doc) }));
}

/** A time entry posts to no account: columns by one would all be the column of none. */
const NO_ACCOUNT = new Set(['account', 'income_statement', 'balance_sheet']);

/**
 * The hours columns: one (`id`, headed `title`) by default, else by `summarizeColumnsBy` through
 * the axes every report's columns go by (`statementColumns.factLayout`), each beside the total.
 */
function hourColumns(books: ReportBooks, request: ReportRequest, list: readonly Entry[], id: string, title: string): AmountLayout {
  const by = typeof request.query['summarizeColumnsBy'] === 'string' ? request.query['summarizeColumnsBy'] : 'total_only';
  if (NO_ACCOUNT.has(by)) throw notOffered(`time report columns by ${by} (summarizeColumnsBy)`, 'a time entry posts to no account');
  if (by === 'total_only') return { columns: [{ id, title, from: request.period.from, to: request.period.to }], derived: [] };
  return factLayout(books, request, by, list.map((e) => e.fact));
}

function addHourColumns(sheet: ReportSheet, layout: AmountLayout): void {
  for (const c of layout.columns) sheet.addColumn({ id: c.id, type: c.id === 'total' && layout.columns.length > 1 ? 'total' : 'hours', dataType: 'quantity', titles: [c.title] });
}

/** The hours of some entries under each column. */
function hourFigures(layout: AmountLayout, list: readonly Entry[]): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const c of layout.columns) cells[c.id] = hours(list.reduce((s, e) => s + (inColumn(layout, c, e.fact) ? e.fact.cents : 0), 0));
  return cells;
}

const hourCells = (layout: AmountLayout, list: readonly Entry[], label: string): Cells => ({ label, ...hourFigures(layout, list) });


const NONE: Record<string, string> = { entity: 'No name', customer: 'No customer', serviceItem: 'No service item' };

/**
 * Hours by one field of the time entries (who worked, for which customer, on which service item),
 * each group broken down by a second field, with subtotals and a total; columns by
 * `summarizeColumnsBy`, each beside the total.
 */
export function timeSummary(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, by: 'entity' | 'customer' | 'serviceItem', then: 'entity' | 'customer' | 'serviceItem'): void {
  const list = entries(books, request);
  const layout = hourColumns(books, request, list, 'hours', 'Hours');
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: [null] });
  addHourColumns(sheet, layout);
  const groups = new Map<string, Map<string, Entry[]>>();
  for (const e of list) {
    const key = refOf(e.doc[by])?.name ?? NONE[by] ?? '';
    const sub = refOf(e.doc[then])?.name ?? NONE[then] ?? '';
    const group = groups.get(key) ?? new Map<string, Entry[]>();
    pushTo(group, sub, e);
    groups.set(key, group);
  }
  for (const [key, group] of [...groups].sort(([a], [b]) => a.toLowerCase().localeCompare(b.toLowerCase()))) {
    sheet.text(key);
    for (const [sub, subList] of [...group].sort(([a], [b]) => a.toLowerCase().localeCompare(b.toLowerCase()))) {
      sheet.data({ type: then === 'serviceItem' ? 'item' : then, value: sub }, hourCells(layout, subList, sub));
    }
    sheet.subtotal({ type: by === 'serviceItem' ? 'item' : by, value: key }, hourCells(layout, [...group.values()].flat(), `Total ${key}`));
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, hourCells(layout, list, 'TOTAL'));
}

/** Every time entry of the period under its customer: date, who, service item, billing status, hours (by `summarizeColumnsBy`, beside the total). */
export function timeByJobDetail(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void {
  const list = entries(books, request);
  const layout = hourColumns(books, request, list, 'hours', 'Duration');
  sheet.addColumns(['date', 'name', ['item', 'Service Item', 'string'], ['billing_status', 'Billing Status', 'string']]);
  addHourColumns(sheet, layout);
  const groups = new Map<string, Entry[]>();
  for (const e of list) pushTo(groups, refOf(e.doc['customer'])?.name ?? NONE['customer'] ?? '', e);
  for (const [customer, group] of [...groups].sort(([a], [b]) => a.toLowerCase().localeCompare(b.toLowerCase()))) {
    sheet.text(customer);
    for (const e of group) {
      sheet.data(
        { type: 'transaction', value: String(e.doc['id']) },
        { date: String(e.doc['transactionDate']), name: refOf(e.doc['entity'])?.name ?? null, item: refOf(e.doc['serviceItem'])?.name ?? null, billing_status: typeof e.doc['billingStatus'] === 'string' ? e.doc['billingStatus'] : null, ...hourFigures(layout, [e]) },
      );
    }
    sheet.subtotal({ type: 'customer', value: customer }, hourCells(layout, group, `Total ${customer}`));
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, hourCells(layout, list, 'TOTAL'));
}
