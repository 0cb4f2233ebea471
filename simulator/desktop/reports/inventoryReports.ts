import type { JsonObject } from '../json.ts';
import { fromCents } from '../money.ts';
import type { ReportBooks } from './ReportBooks.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { ReportSheet } from './ReportSheet.ts';

const money = (cents: number): string => fromCents(cents, 'A report total');
const quantity = (q: number): string => String(Math.round(q * 100_000) / 100_000);

interface StockRow {
  item: string;
  site: string | null;
  quantity: number;
  cents: number;
}

/** What each stocked item had on hand and its value on the day, by item (and site), from its stock moves. */
function stockAsOf(books: ReportBooks, asOf: string, bySite: boolean): StockRow[] {
  const site = bySite ? 'site_id' : 'NULL';
  return books.file.store.db
    .prepare(`SELECT item_id AS item, ${site} AS site, SUM(quantity) AS quantity, SUM(cents) AS cents FROM postings WHERE item_id IS NOT NULL AND posted_on <= ? GROUP BY item_id, ${site}`)
    .all(asOf) as StockRow[];
}

function itemDoc(books: ReportBooks, id: string): JsonObject | undefined {
  return books.file.store.findDocAmong<JsonObject>(['ldg_inventory_item', 'ldg_inventory_assembly_item'], id);
}

/** What one unit sells for, wherever the item's kind keeps its price. */
function salesPriceOf(doc: JsonObject | undefined): number {
  const price = doc?.['salesPrice'];
  return typeof price === 'string' ? Math.round(Number(price) * 100) : 0;
}

/**
 * Inventory valuation as of the period's last day: each stocked item's quantity on hand, average
 * cost, asset value and share of the total, sales price and retail value. The asset values add up
 * to what the inventory asset accounts carry for stock.
 */
export function inventoryValuation(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, bySite: boolean): void {
  sheet.addColumn({ id: 'label', type: 'label', dataType: 'string', titles: [null] });
  sheet.addColumns([
    ['quantity_on_hand', 'On Hand', 'quantity'],
    ['average_cost', 'Avg Cost', 'price'],
    ['value_on_hand', 'Asset Value', 'amount'],
    ['percent_of_total', '% of Tot Asset', 'percent'],
    ['unit_price', 'Sales Price', 'price'],
    ['retail_value', 'Retail Value', 'amount'],
  ]);
  const rows = stockAsOf(books, request.period.to, bySite).filter((r) => !request.filter.items || request.filter.items.has(r.item));
  const totalValue = rows.reduce((s, r) => s + Number(r.cents), 0);
  const label = (r: StockRow): string => books.nameOf(r.item) ?? r.item;
  const cells = (name: string, group: readonly StockRow[]): Record<string, string | null> => {
    const qty = group.reduce((s, r) => s + r.quantity, 0);
    const value = group.reduce((s, r) => s + Number(r.cents), 0);
    const retail = group.reduce((s, r) => s + Math.round(r.quantity * salesPriceOf(itemDoc(books, r.item))), 0);
    const single = group.length === 1 ? group[0] : undefined;
    return {
      label: name,
      quantity_on_hand: quantity(qty),
      average_cost: single && qty !== 0 ? (value / qty / 100).toFixed(2) : null,
      value_on_hand: money(value),
      percent_of_total: totalValue !== 0 ? `${((value / totalValue) * 100).toFixed(1)}%` : null,
      unit_price: single ? money(salesPriceOf(itemDoc(books, single.item))) : null,
      retail_value: money(retail),
    };
  };
  const byName = (a: StockRow, b: StockRow): number => label(a).toLowerCase().localeCompare(label(b).toLowerCase());
  const shown = (r: StockRow): boolean => request.rowsToReturn === 'all' || r.quantity !== 0 || Number(r.cents) !== 0;
  if (bySite) {
    const sites = [...new Set(rows.map((r) => r.site))].sort((a, b) => (books.nameOf(a) ?? '').localeCompare(books.nameOf(b) ?? ''));
    for (const site of sites) {
      const name = site === null ? 'No site' : books.file.store.findDoc<JsonObject>('ldg_inventory_site', site)?.['name'];
      const siteName = typeof name === 'string' ? name : 'No site';
      const group = rows.filter((r) => r.site === site).sort(byName);
      sheet.text(siteName);
      for (const r of group.filter(shown)) sheet.data({ type: 'item', value: label(r) }, cells(label(r), [r]));
      sheet.subtotal({ type: 'inventory_site', value: siteName }, cells(`Total ${siteName}`, group));
    }
  } else {
    for (const r of [...rows].sort(byName).filter(shown)) sheet.data({ type: 'item', value: label(r) }, cells(label(r), [r]));
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, cells('TOTAL', rows));
}
