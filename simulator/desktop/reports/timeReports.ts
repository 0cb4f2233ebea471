import { isJsonObject, type JsonObject } from '../values/json.ts';
import type { ReportBooks } from './ReportBooks.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { ReportSheet } from './ReportSheet.ts';
import { pushTo } from './grouping.ts';

/** `PT2H15M` -> 135 minutes; what cannot be read counts as none. */
export function minutesOf(duration: unknown): number {
  const m = typeof duration === 'string' ? /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(duration) : null;
  return m ? Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0) + Math.round(Number(m[3] ?? 0) / 60) : 0;
}

/** Hours as the time reports show them: `2:15`. */
const hours = (minutes: number): string => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

const refOf = (value: unknown): { id: string; name: string } | null =>
  isJsonObject(value) && typeof value['id'] === 'string' ? { id: value['id'], name: typeof value['fullName'] === 'string' ? value['fullName'] : value['id'] } : null;

/** The time entries of the period that the request's name, item and class filters keep. */
function entries(books: ReportBooks, request: ReportRequest): JsonObject[] {
  const { from, to } = request.period;
  const { entities, items, classes } = request.filter;
  return books
    .documentsDated(['ldg_time_tracking_activity'], from, to)
    .map((r) => r.doc)
    .filter((e) => !entities || entities.has(refOf(e['entity'])?.id ?? '') || entities.has(refOf(e['customer'])?.id ?? ''))
    .filter((e) => !items || items.has(refOf(e['serviceItem'])?.id ?? ''))
    .filter((e) => !classes || classes.has(refOf(e['class'])?.id ?? ''));
}

const NONE: Record<string, string> = { entity: 'No name', customer: 'No customer', serviceItem: 'No service item' };

/**
 * Hours by one field of the time entries (who worked, for which customer, on which service item),
 * each group broken down by a second field, with subtotals and a total.
 */
export function timeSummary(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, by: 'entity' | 'customer' | 'serviceItem', then: 'entity' | 'customer' | 'serviceItem'): void {
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: [null] });
  sheet.addColumn({ id: 'hours', type: 'hours', dataType: 'quantity', titles: ['Hours'] });
  const groups = new Map<string, Map<string, number>>();
  let total = 0;
  for (const e of entries(books, request)) {
    const minutes = minutesOf(e['duration']);
    const key = refOf(e[by])?.name ?? NONE[by] ?? '';
    const sub = refOf(e[then])?.name ?? NONE[then] ?? '';
    const group = groups.get(key) ?? new Map<string, number>();
    group.set(sub, (group.get(sub) ?? 0) + minutes);
    groups.set(key, group);
    total += minutes;
  }
  for (const [key, group] of [...groups].sort(([a], [b]) => a.toLowerCase().localeCompare(b.toLowerCase()))) {
    sheet.text(key);
    let sum = 0;
    for (const [sub, minutes] of [...group].sort(([a], [b]) => a.toLowerCase().localeCompare(b.toLowerCase()))) {
      sum += minutes;
      sheet.data({ type: then === 'serviceItem' ? 'item' : then, value: sub }, { label: sub, hours: hours(minutes) });
    }
    sheet.subtotal({ type: by === 'serviceItem' ? 'item' : by, value: key }, { label: `Total ${key}`, hours: hours(sum) });
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', hours: hours(total) });
}

/** Every time entry of the period under its customer: date, who, service item, billing status, hours. */
export function timeByJobDetail(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void {
  sheet.addColumns([
    'date',
    'name',
    ['item', 'Service Item', 'string'],
    ['billing_status', 'Billing Status', 'string'],
    ['hours', 'Duration', 'quantity'],
  ]);
  const groups = new Map<string, JsonObject[]>();
  for (const e of entries(books, request)) {
    const customer = refOf(e['customer'])?.name ?? NONE['customer'] ?? '';
    pushTo(groups, customer, e);
  }
  let total = 0;
  for (const [customer, list] of [...groups].sort(([a], [b]) => a.toLowerCase().localeCompare(b.toLowerCase()))) {
    sheet.text(customer);
    let sum = 0;
    for (const e of list) {
      const minutes = minutesOf(e['duration']);
      sum += minutes;
      sheet.data(
        { type: 'transaction', value: String(e['id']) },
        { date: String(e['transactionDate']), name: refOf(e['entity'])?.name ?? null, item: refOf(e['serviceItem'])?.name ?? null, billing_status: typeof e['billingStatus'] === 'string' ? e['billingStatus'] : null, hours: hours(minutes) },
      );
    }
    total += sum;
    sheet.subtotal({ type: 'customer', value: customer }, { label: `Total ${customer}`, hours: hours(sum) });
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', hours: hours(total) });
}
