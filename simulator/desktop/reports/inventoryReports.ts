import type { StockSum } from '../storage/StockLedger.ts';
import type { StockOnHand } from '../storage/StockReads.ts';
import { transactionTypeOf } from '../books/transactionTypes.ts';
import type { JsonObject } from '../values/json.ts';
import { addDays } from '../values/desktopTime.ts';
import { fromCents } from '../values/money.ts';
import type { ReportBooks } from './ReportBooks.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { ReportSheet } from './ReportSheet.ts';
import { inNameOrder, pushTo } from './grouping.ts';
import { notOffered } from './notComputed.ts';
import { SHARED_HEADINGS, type DataType } from './ReportSheet.ts';
import { MAX_COLUMNS, PERIODS, statementLayout, type AmountLayout } from './statementColumns.ts';
import { RequestInputError } from '../values/RequestInputError.ts';

const money = (cents: number): string => fromCents(cents, 'A report total');
const quantity = (q: number): string => String(Math.round(q * 100_000) / 100_000);

/**
 * What each stocked item had on hand and its value on the day, by item (and site): the opening
 * stock it was made with (from the day it was made, at its first site) and its stock moves.
 */
/** What a stock report calls a site: its name, or "No site" for stock that names none. */
export function siteNameOf(books: ReportBooks, site: string | null): string {
  const name = site === null ? null : books.find('ldg_inventory_site', site)?.['name'];
  return typeof name === 'string' ? name : 'No site';
}

export function stockAsOf(books: ReportBooks, asOf: string, bySite: boolean): StockOnHand[] {
  const rows = new Map(books.stockOnHand(asOf, bySite).map((r) => [`${r.item} ${r.site}`, { ...r, cents: Number(r.cents) }]));
  for (const [item, opening] of openingStock(books, asOf)) {
    const key = `${item} null`;
    const row = rows.get(key) ?? { item, site: null, quantity: 0, cents: 0 };
    rows.set(key, { ...row, quantity: row.quantity + opening.quantity, cents: row.cents + opening.cents });
  }
  return [...rows.values()];
}

/** The opening stock of each stocked item made on or before the day. */
function openingStock(books: ReportBooks, asOf: string): Map<string, StockSum> {
  const out = new Map<string, StockSum>();
  for (const type of ['ldg_inventory_item', 'ldg_inventory_assembly_item']) {
    for (const doc of books.all(type)) {
      const id = String(doc['id']);
      const opening = books.openingStockOf(id);
      if ((opening.quantity !== 0 || opening.cents !== 0) && String(doc['createdAt'] ?? '').slice(0, 10) <= asOf) out.set(id, opening);
    }
  }
  return out;
}

function itemDoc(books: ReportBooks, id: string): JsonObject | undefined {
  return books.findAmong(['ldg_inventory_item', 'ldg_inventory_assembly_item'], id);
}

/** What one unit sells for, wherever the item's kind keeps its price. */
function salesPriceOf(doc: JsonObject | undefined): number {
  const price = doc?.['salesPrice'];
  return typeof price === 'string' ? Math.round(Number(price) * 100) : 0;
}

/** Why inventory valuation takes columns by period only: stock on hand belongs to no name, class, terms or account of a transaction. */
const VALUATION_VALUES = 'stock on hand belongs to no name, class or field of a transaction: its columns are by period, each as of its last day';

/**
 * The days an inventory valuation is as of: the period's last day, or (`summarizeColumnsBy` by
 * period) each period's last day.
 */
export function valuationLayout(books: ReportBooks, request: ReportRequest): AmountLayout {
  const by = typeof request.query['summarizeColumnsBy'] === 'string' ? request.query['summarizeColumnsBy'] : 'total_only';
  if (by !== 'total_only' && !PERIODS.has(by)) throw notOffered(`inventory valuation columns by ${by} (summarizeColumnsBy)`, VALUATION_VALUES);
  return statementLayout(books, request, by, true);
}

const VALUATION_MEASURES = [['quantity_on_hand'], ['average_cost', 'Avg Cost', 'price'], ['value_on_hand'], ['percent_of_total', '% of Tot Asset', 'percent'], ['unit_price', 'Sales Price', 'price'], ['retail_value', 'Retail Value', 'amount']] as const;

/**
 * Inventory valuation as of the period's last day (or each period's, beside one another): each
 * stocked item's quantity on hand, average cost, asset value and share of the total, sales price
 * and retail value. The asset values add up to what the inventory asset accounts carry for stock.
 */
export function inventoryValuation(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, bySite: boolean, layout: AmountLayout): void {
  const one = layout.columns.length === 1;
  if (layout.columns.length * VALUATION_MEASURES.length > MAX_COLUMNS) throw new RequestInputError('summarizeColumnsBy', `${layout.columns.length} columns of ${VALUATION_MEASURES.length} figures each would be more than ${MAX_COLUMNS} columns; ask for a shorter period or longer columns`);
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: one ? [null] : [null, null] });
  const spans = layout.columns.map((c) => {
    const rows = stockAsOf(books, c.to, bySite).filter((r) => !request.filter.items || request.filter.items.has(r.item));
    return { prefix: one ? '' : `${c.id}_`, rows: new Map(rows.map((r) => [`${r.item} ${r.site}`, r])), totalValue: rows.reduce((s, r) => s + Number(r.cents), 0) };
  });
  layout.columns.forEach((c, i) => {
    for (const [id, title, dataType] of VALUATION_MEASURES.map((m) => (m.length === 1 ? [m[0], ...SHARED_HEADINGS[m[0]]] : m) as readonly [string, string, DataType])) {
      sheet.addColumn({ id: `${spans[i]?.prefix ?? ''}${id}`, type: id, dataType, titles: one ? [title] : [c.title, title] });
    }
  });
  const label = (r: StockOnHand): string => books.names.of(r.item) ?? r.item;
  /** Each span's figures of some rows (item and site keys). */
  const cells = (name: string, keys: readonly string[]): Record<string, string | null> => {
    const out: Record<string, string | null> = { label: name };
    for (const span of spans) {
      const group = keys.map((k) => span.rows.get(k)).filter((r): r is StockOnHand => r !== undefined);
      const qty = group.reduce((s, r) => s + r.quantity, 0);
      const value = group.reduce((s, r) => s + Number(r.cents), 0);
      const retail = group.reduce((s, r) => s + Math.round(r.quantity * salesPriceOf(itemDoc(books, r.item))), 0);
      const single = keys.length === 1 ? keys[0]?.split(' ')[0] : undefined;
      out[`${span.prefix}quantity_on_hand`] = quantity(qty);
      out[`${span.prefix}average_cost`] = single && qty !== 0 ? (value / qty / 100).toFixed(2) : null;
      out[`${span.prefix}value_on_hand`] = money(value);
      out[`${span.prefix}percent_of_total`] = span.totalValue !== 0 ? `${((value / span.totalValue) * 100).toFixed(1)}%` : null;
      out[`${span.prefix}unit_price`] = single ? money(salesPriceOf(itemDoc(books, single))) : null;
      out[`${span.prefix}retail_value`] = money(retail);
    }
    return out;
  };
  const all = new Map<string, StockOnHand>();
  for (const span of spans) for (const [k, r] of span.rows) if (!all.has(k)) all.set(k, r);
  const rows = [...all];
  const byName = ([, a]: [string, StockOnHand], [, b]: [string, StockOnHand]): number => label(a).toLowerCase().localeCompare(label(b).toLowerCase());
  const shown = ([k]: [string, StockOnHand]): boolean => request.rowsToReturn === 'all' || spans.some((s) => s.rows.get(k)?.quantity || Number(s.rows.get(k)?.cents ?? 0) !== 0);
  if (bySite) {
    const sites = [...new Set(rows.map(([, r]) => r.site))].sort((a, b) => (books.names.of(a) ?? '').localeCompare(books.names.of(b) ?? ''));
    for (const site of sites) {
      const siteName = siteNameOf(books, site);
      const group = rows.filter(([, r]) => r.site === site).sort(byName);
      sheet.text(siteName);
      for (const [k, r] of group.filter(shown)) sheet.data({ type: 'item', value: label(r) }, cells(label(r), [k]));
      sheet.subtotal({ type: 'inventory_site', value: siteName }, cells(`Total ${siteName}`, group.map(([k]) => k)));
    }
  } else {
    for (const [k, r] of [...rows].sort(byName).filter(shown)) sheet.data({ type: 'item', value: label(r) }, cells(label(r), [k]));
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, cells('TOTAL', rows.map(([k]) => k)));
}

/** Quantities still to come in on purchase orders, or to go out on sales orders, by item. */
function onOrder(books: ReportBooks, type: 'ldg_purchase_order' | 'ldg_sales_order'): Map<string, number> {
  const done = type === 'ldg_purchase_order' ? 'receivedQuantity' : 'quantityInvoiced';
  const out = new Map<string, number>();
  for (const doc of books.all(type)) {
    if (doc['isManuallyClosed'] === true) continue;
    for (const line of Array.isArray(doc['lines']) ? (doc['lines'] as JsonObject[]) : []) {
      const item = (line['item'] as JsonObject | null | undefined)?.['id'];
      if (typeof item !== 'string' || line['isManuallyClosed'] === true) continue;
      const open = (typeof line['quantity'] === 'number' ? line['quantity'] : 0) - (typeof line[done] === 'number' ? line[done] : 0);
      if (open > 0) out.set(item, (out.get(item) ?? 0) + open);
    }
  }
  return out;
}

/**
 * Stock status: each stocked item's quantity on hand, its reorder point, what is on purchase and
 * sales orders and what is left available; by item, or under a heading per preferred vendor.
 * `worksheet` is the physical inventory worksheet: on hand beside a blank column to count into.
 */
export function stockStatus(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, layout: 'item' | 'vendor' | 'worksheet'): void {
  sheet.addColumns(
    layout === 'worksheet'
      ? [
          'description',
          'quantity_on_hand',
          ['physical_count', 'Physical Count', 'quantity'],
        ]
      : [
          'quantity_on_hand',
          ['reorder_point', 'Order Point', 'quantity'],
          ['on_purchase_order', 'On PO', 'quantity'],
          ['quantity_on_sales_order', 'On Sales Order', 'quantity'],
          ['quantity_available', 'Available', 'quantity'],
        ],
  );
  const stock = new Map(stockAsOf(books, request.period.to, false).map((r) => [r.item, r.quantity]));
  const purchases = onOrder(books, 'ldg_purchase_order');
  const sales = onOrder(books, 'ldg_sales_order');
  const items = ['ldg_inventory_item', 'ldg_inventory_assembly_item']
    .flatMap((t) => books.all(t))
    .filter((i) => (request.rowsToReturn === 'all' || i['isActive'] !== false) && (!request.filter.items || request.filter.items.has(String(i['id']))))
    .sort((a, b) => String(a['fullName']).toLowerCase().localeCompare(String(b['fullName']).toLowerCase()));
  const row = (item: JsonObject): void => {
    const id = String(item['id']);
    const onHand = stock.get(id) ?? 0;
    const onSales = sales.get(id) ?? 0;
    const name = String(item['fullName']);
    const reorder = item['reorderPoint'];
    sheet.data(
      { type: 'item', value: name },
      layout === 'worksheet'
        ? { label: name, description: typeof item['salesDescription'] === 'string' ? item['salesDescription'] : typeof item['description'] === 'string' ? item['description'] : null, quantity_on_hand: quantity(onHand), physical_count: null }
        : { label: name, quantity_on_hand: quantity(onHand), reorder_point: typeof reorder === 'number' ? quantity(reorder) : null, on_purchase_order: quantity(purchases.get(id) ?? 0), quantity_on_sales_order: quantity(onSales), quantity_available: quantity(onHand - onSales) },
    );
  };
  if (layout !== 'vendor') {
    for (const item of items) row(item);
  } else {
    const vendorOf = (i: JsonObject): string => String((i['preferredVendor'] as JsonObject | null | undefined)?.['fullName'] ?? 'No preferred vendor');
    for (const vendor of [...new Set(items.map(vendorOf))].sort()) {
      sheet.text(vendor);
      for (const item of items.filter((i) => vendorOf(i) === vendor)) row(item);
      sheet.subtotal({ type: 'vendor', value: vendor }, { label: `Total ${vendor}` });
    }
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL' });
}

/**
 * Inventory valuation detail: each stocked item's moves in the period (date order), with the
 * quantity and value on hand after each, from what it had before.
 */
export function inventoryValuationDetail(books: ReportBooks, request: ReportRequest, sheet: ReportSheet): void {
  sheet.addColumns([
    'transaction_type',
    'date',
    'ref_number',
    'name',
    ['quantity', 'Qty', 'quantity'],
    ['amount', 'Cost', 'amount'],
    'quantity_on_hand',
    'value_on_hand',
  ]);
  const { from, to } = request.period;
  // Each move of the period is a row: too many are refused before one is read.
  sheet.reserve(books.stockMoveCount(from, to, request.filter.items));
  // The period's moves one by one; what came before, summed by SQLite into each item's beginning balance.
  const moves = books.stockMoves(from, to);
  const before = new Map(from === null ? [] : books.stockOnHand(addDays(from, -1), false).map((s) => [s.item, s]));
  const openings = openingStock(books, to);
  const byItem = new Map<string, typeof moves>();
  const kept = (item: string): boolean => !request.filter.items || request.filter.items.has(item);
  for (const item of [...openings.keys(), ...before.keys()]) if (kept(item)) byItem.set(item, []);
  for (const m of moves) if (kept(m.item)) pushTo(byItem, m.item, m);
  let totalValue = 0;
  for (const [item, inPeriod] of inNameOrder(books, byItem)) {
    const name = books.names.of(item) ?? item;
    const opening = openings.get(item) ?? { quantity: 0, cents: 0 };
    const earlier = before.get(item) ?? { quantity: 0, cents: 0 };
    let qty = opening.quantity + earlier.quantity;
    let value = opening.cents + earlier.cents;
    if (inPeriod.length === 0 && qty === 0 && value === 0) continue;
    sheet.text(name);
    if (qty !== 0 || value !== 0) sheet.data({ type: 'label', value: 'Beginning Balance' }, { label: 'Beginning Balance', quantity_on_hand: quantity(qty), value_on_hand: money(value) });
    for (const m of inPeriod) {
      qty += m.quantity;
      value += m.cents;
      sheet.data(
        { type: 'transaction', value: m.txn },
        { transaction_type: m.type ? transactionTypeOf(m.type) : 'opening_balance', date: m.date, ref_number: m.refNumber, name: books.names.of(m.entity), quantity: quantity(m.quantity), amount: money(m.cents), quantity_on_hand: quantity(qty), value_on_hand: money(value) },
      );
    }
    totalValue += value;
    sheet.subtotal({ type: 'item', value: name }, { label: `Total ${name}`, quantity_on_hand: quantity(qty), value_on_hand: money(value) });
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', value_on_hand: money(totalValue) });
}
