import type { Tracking } from '../storage/StockNumbers.ts';
import { siteNameOf, stockAsOf } from './inventoryReports.ts';
import type { ReportBooks } from './ReportBooks.ts';
import type { ReportRequest } from './ReportRequest.ts';
import type { ReportSheet } from './ReportSheet.ts';

export type { Tracking };

const quantityText = (q: number): string => String(Math.round(q * 100_000) / 100_000);

/**
 * What is on hand of each lot (or serial number) by item and site as of `asOf`. Stock comes from
 * the postings; a move's lot comes from the line that names it, in the direction the transaction's
 * stock moved, up to what it moved (and, leaving, up to what the lot has). What leaves naming no
 * lot takes the oldest lots first (what arrived first leaves first), then stock without one; what
 * arrives naming none has none.
 */
export function stockByNumber(books: ReportBooks, asOf: string, tracking: Tracking): Map<string, Map<string, number>> {
  const moves = books.stockByTransaction(asOf);
  // What each move's transaction names, kept as it posted: no document read.
  const named = books.namedStock(tracking);
  // By "item site": the numbers on hand, in the order they arrived.
  const onHand = new Map<string, NumbersOnHand>();
  for (const move of moves) {
    if (move.quantity === 0) continue;
    const key = `${move.item} ${move.site}`;
    const numbers = onHand.get(key) ?? new NumbersOnHand();
    onHand.set(key, numbers);
    const sign = move.quantity > 0 ? 1 : -1;
    let left = Math.abs(move.quantity);
    for (const entry of named.get(move.txn) ?? []) {
      if (entry.item !== move.item || (entry.site !== null && entry.site !== move.site) || (entry.direction !== null && entry.direction !== sign)) continue;
      const each = tracking === 'serial' ? 1 : entry.quantity;
      for (const number of entry.numbers) {
        // A move out takes what the number has, never more: the rest leaves as if it named none.
        const taken = Math.min(each, left, sign > 0 ? Infinity : Math.max(0, numbers.count(number)));
        if (left <= 0) break;
        if (taken <= 0) continue;
        numbers.add(number, sign * taken);
        left -= taken;
      }
    }
    // What left naming no number: the oldest numbers first.
    if (sign < 0) numbers.takeOldest(left);
  }
  return new Map([...onHand].map(([key, numbers]) => [key, numbers.counts]));
}

/**
 * The numbers on hand of one item at one site, in the order they first arrived. Taking the oldest
 * starts past the run of numbers at the front that have nothing left (each sale walked every lot
 * ever received before: a quarter of a second over a large file's history), and goes back to a
 * number there when it has stock again, so it takes exactly what a walk from the first would.
 */
export class NumbersOnHand {
  readonly counts = new Map<string, number>();
  private readonly order: string[] = [];
  private readonly place = new Map<string, number>();
  private first = 0;

  count(number: string): number {
    return this.counts.get(number) ?? 0;
  }

  add(number: string, quantity: number): void {
    const before = this.counts.get(number);
    if (before === undefined) {
      this.place.set(number, this.order.length);
      this.order.push(number);
    }
    this.counts.set(number, (before ?? 0) + quantity);
    const at = this.place.get(number) ?? 0;
    if (this.count(number) > 0 && at < this.first) this.first = at;
  }

  takeOldest(quantity: number): void {
    let left = quantity;
    while (this.first < this.order.length && this.count(this.order[this.first] as string) <= 0) this.first += 1;
    for (let i = this.first; i < this.order.length && left > 0; i++) {
      const number = this.order[i] as string;
      const count = this.count(number);
      if (count <= 0) continue;
      const taken = Math.min(count, left);
      this.counts.set(number, count - taken);
      left -= taken;
    }
  }
}

/**
 * Lots (or serial numbers) in stock by site: under each site, each stocked item with what is on
 * hand of each number, and of stock with none; the item's total is its quantity on hand there.
 */
export function numbersInStock(books: ReportBooks, request: ReportRequest, sheet: ReportSheet, tracking: Tracking): void {
  const noNumber = tracking === 'lot' ? 'No lot number' : 'No serial number';
  sheet.addColumns([[`${tracking}_number`, tracking === 'lot' ? 'Lot Number' : 'Serial Number', 'string'], 'quantity_on_hand']);
  const asOf = request.period.to;
  const byNumber = stockByNumber(books, asOf, tracking);
  const items = request.filter.items;
  const rows = stockAsOf(books, asOf, true).filter((r) => (!items || items.has(r.item)) && (r.quantity !== 0 || [...(byNumber.get(`${r.item} ${r.site}`)?.values() ?? [])].some((q) => q !== 0)));
  const siteName = (site: string | null): string => siteNameOf(books, site);
  const byName = (a: string, b: string): number => a.toLowerCase().localeCompare(b.toLowerCase());
  let total = 0;
  for (const site of [...new Set(rows.map((r) => r.site))].sort((a, b) => byName(siteName(a), siteName(b)))) {
    const name = siteName(site);
    sheet.text(name);
    let siteTotal = 0;
    for (const row of rows.filter((r) => r.site === site).sort((a, b) => byName(books.names.of(a.item) ?? '', books.names.of(b.item) ?? ''))) {
      const item = books.names.of(row.item) ?? row.item;
      sheet.text(item);
      const numbers = [...(byNumber.get(`${row.item} ${row.site}`) ?? new Map<string, number>())].filter(([, q]) => q !== 0);
      for (const [number, q] of numbers) sheet.data({ type: 'item', value: item }, { label: number, [`${tracking}_number`]: number, quantity_on_hand: quantityText(q) });
      const rest = row.quantity - numbers.reduce((s, [, q]) => s + q, 0);
      if (Math.abs(rest) > 1e-9) sheet.data({ type: 'item', value: item }, { label: noNumber, [`${tracking}_number`]: null, quantity_on_hand: quantityText(rest) });
      sheet.subtotal({ type: 'item', value: item }, { label: `Total ${item}`, quantity_on_hand: quantityText(row.quantity) });
      siteTotal += row.quantity;
    }
    sheet.subtotal({ type: 'inventory_site', value: name }, { label: `Total ${name}`, quantity_on_hand: quantityText(siteTotal) });
    total += siteTotal;
  }
  sheet.total({ type: 'label', value: 'TOTAL' }, { label: 'TOTAL', quantity_on_hand: quantityText(total) });
}
