import type { JsonObject } from '../json.ts';
import { divideCents } from '../money.ts';
import type { RulesContext } from '../types/TypeRules.ts';
import { nothingTouched, type Posting, type StockMoveRow, type Touched } from './Ledger.ts';
import { POSTING_PROFILES } from './postingProfiles.ts';
import { isStocked, openingStockOf, roundQuantity, STOCKED_TYPES } from './stock.ts';

/** An item's stock as the walk reaches a transaction, and the average it last had with some on hand. */
interface Running {
  quantity: number;
  cents: number;
  lastAverage: string | null;
}

/** The transactions that move stock, in costing order, each with its moves. */
function stockTransactions(moves: readonly StockMoveRow[]): { txn: string; type: string; postedOn: string; moves: StockMoveRow[] }[] {
  const out: { txn: string; type: string; postedOn: string; moves: StockMoveRow[] }[] = [];
  for (const move of moves) {
    const last = out.at(-1);
    if (last?.txn === move.txn) last.moves.push(move);
    else out.push({ txn: move.txn, type: move.type, postedOn: move.postedOn, moves: [move] });
  }
  return out;
}

const averageOf = (running: Running): string | null => (running.quantity > 0 ? divideCents(running.cents, running.quantity) : running.lastAverage);

/** What the ledger would store of postings: zero amounts that move no stock are left out. */
function stored(postings: readonly Posting[]): string {
  return JSON.stringify(
    postings.filter((p) => p.cents !== 0 || p.stock?.quantity).map((p) => [p.account, p.entity, p.openLedger, p.cents, p.stock?.item ?? null, p.stock?.site ?? null, p.stock?.quantity ?? 0]),
  );
}

/**
 * Average cost in date order, as the desktop keeps it: what a sale, a build or a return takes out
 * of stock is costed at the item's average on the transaction's date (everything dated before it,
 * and made before it on the same date), not at the average when it was entered. A write dated in
 * the past, a change or a delete therefore costs again every stock move from its date on; the
 * books then depend on the transactions alone, not on the order they were written in (a fixture
 * loads them in another). Returns what the new costs touched.
 */
export function recostStock(ctx: RulesContext, from: string): Touched {
  const touched = nothingTouched();
  const running = new Map<string, Running>();
  const runningOf = (item: string): Running => {
    let found = running.get(item);
    if (!found) {
      const opening = openingStockOf(ctx, item);
      found = { ...opening, lastAverage: null };
      found.lastAverage = averageOf(found);
      running.set(item, found);
    }
    return found;
  };
  // An item read while costing a transaction carries the average of that moment.
  const costedAt = (doc: JsonObject | undefined): JsonObject | undefined => (isStocked(doc) ? { ...doc, averageCost: averageOf(runningOf(String(doc['id']))) ?? neverAveraged(doc) } : doc);
  const costing: RulesContext = { ...ctx, find: (type, id) => costedAt(ctx.find(type, id)), findAmong: (types, id) => costedAt(ctx.findAmong(types, id)) };
  for (const txn of stockTransactions(ctx.ledger.stockMovesInOrder())) {
    let moves: { item: string; quantity: number; cents: number }[] = txn.moves;
    const profile = txn.postedOn >= from ? ctx.profileOf(txn.type) : undefined;
    const doc = profile ? ctx.find(txn.type, txn.txn) : undefined;
    if (profile && doc) {
      const postings = POSTING_PROFILES[profile](costing, doc);
      if (stored(postings) !== stored(ctx.ledger.postingsOf(txn.txn))) {
        const moved = ctx.ledger.post(txn.txn, txn.postedOn, postings, false);
        for (const key of ['accounts', 'entities', 'items'] as const) for (const id of moved[key]) touched[key].add(id);
        moves = postings.flatMap((p) => (p.stock ? [{ item: p.stock.item, quantity: p.stock.quantity, cents: p.cents }] : []));
      }
    }
    for (const move of moves) {
      const item = runningOf(move.item);
      item.quantity = roundQuantity(item.quantity + move.quantity);
      item.cents += move.cents;
      if (item.quantity > 0) item.lastAverage = divideCents(item.cents, item.quantity);
    }
  }
  keepAverageWhenNoneLeft(ctx, running);
  return touched;
}

/** The cost of an item that never had stock on hand: what it was made with (its purchase cost). */
const neverAveraged = (item: JsonObject): string | null => (typeof item['purchaseCost'] === 'string' ? item['purchaseCost'] : null);

/** An item with nothing left on hand shows the average it last had, in date order too. */
function keepAverageWhenNoneLeft(ctx: RulesContext, running: ReadonlyMap<string, Running>): void {
  for (const [id, item] of running) {
    if (item.quantity > 0) continue;
    for (const type of Object.keys(STOCKED_TYPES)) {
      const doc = ctx.find(type, id);
      const average = item.lastAverage ?? (doc ? neverAveraged(doc) : null);
      if (doc && doc['averageCost'] !== average) ctx.rewriteAmounts(type, { ...doc, averageCost: average });
    }
  }
}
