import type { JsonObject } from '../values/json.ts';
import { divideCents } from '../values/money.ts';
import type { RulesContext } from '../table/TypeRules.ts';
import { nothingTouched, postingsText, type Posting, type Touched } from '../storage/Ledger.ts';
import type { StockMoveRow } from '../storage/StockLedger.ts';
import { POSTING_PROFILES } from './postingProfiles.ts';
import { isStocked, openingStockOf, roundQuantity, STOCKED_TYPES } from './stock.ts';

/**
 * An item's stock as the walk reaches a transaction, and the average it last had with some on
 * hand (undefined until asked: working it out replays the item's moves before the walk).
 */
interface Running {
  quantity: number;
  cents: number;
  lastAverage?: string | null;
}

interface StockTransaction {
  txn: string;
  type: string;
  postedOn: string;
  moves: StockMoveRow[];
}

/** The transactions that move stock, in costing order, each with its moves. */
function stockTransactions(moves: readonly StockMoveRow[]): StockTransaction[] {
  const out: StockTransaction[] = [];
  for (const move of moves) {
    const last = out.at(-1);
    if (last?.txn === move.txn) last.moves.push(move);
    else out.push({ txn: move.txn, type: move.type, postedOn: move.postedOn, moves: [move] });
  }
  return out;
}

function add(running: Running, move: { quantity: number; cents: number }): void {
  running.quantity = roundQuantity(running.quantity + move.quantity);
  running.cents += move.cents;
  if (running.quantity > 0) running.lastAverage = divideCents(running.cents, running.quantity);
}

/** The cost of an item that never had stock on hand: what it was made with (its purchase cost). */
const neverAveraged = (item: JsonObject): string | null => (typeof item['purchaseCost'] === 'string' ? item['purchaseCost'] : null);

/**
 * Average cost in date order, as the desktop keeps it: what a sale, a build or a return takes out
 * of stock is costed at the item's average on the transaction's date (everything dated before it,
 * and made before it on the same date), not at the average when it was entered. A write dated in
 * the past, a change or a delete therefore costs again the stock moves from its date on; the books
 * then depend on the transactions alone, not on the order they were written in (a fixture loads
 * them in another).
 *
 * `items`: the items whose history changed (undefined: every item, after a bulk load). Only
 * transactions that move one of them are costed again; one whose postings change brings its other
 * items in (a build's assembly, costed from its components). Returns what the new costs touched.
 */
export function recostStock(ctx: RulesContext, from: string, items?: ReadonlySet<string>): Touched {
  const touched = nothingTouched();
  const affected = items === undefined ? undefined : new Set(items);
  const transactions = stockTransactions(ctx.ledger.stock.movesInOrder(from));
  // What the walk will replay of each item: its moves from `from` on, as posted before it starts.
  const replayed = new Map<string, { quantity: number; cents: number }>();
  for (const move of transactions.flatMap((t) => t.moves)) {
    const sum = replayed.get(move.item) ?? { quantity: 0, cents: 0 };
    replayed.set(move.item, { quantity: sum.quantity + move.quantity, cents: sum.cents + move.cents });
  }
  const running = new Map<string, Running>();
  // Read before the walk posts anything of the item: every move of it, less those it replays.
  const runningOf = (item: string): Running => {
    let found = running.get(item);
    if (!found) {
      const opening = openingStockOf(ctx, item);
      const all = ctx.ledger.stock.of(item);
      const later = replayed.get(item) ?? { quantity: 0, cents: 0 };
      found = { quantity: roundQuantity(opening.quantity + all.quantity - later.quantity), cents: opening.cents + all.cents - later.cents };
      if (found.quantity > 0) found.lastAverage = divideCents(found.cents, found.quantity);
      running.set(item, found);
    }
    return found;
  };
  // With nothing on hand, and none since the walk started: the last average comes from the moves before it.
  const averageOf = (item: string): string | null => {
    const now = runningOf(item);
    if (now.quantity > 0) return divideCents(now.cents, now.quantity);
    if (now.lastAverage === undefined) {
      const opening = openingStockOf(ctx, item);
      const replay: Running = { ...opening, lastAverage: opening.quantity > 0 ? divideCents(opening.cents, opening.quantity) : null };
      for (const move of from === '' ? [] : ctx.ledger.stock.historyOf(item, from)) add(replay, move);
      now.lastAverage = replay.lastAverage ?? null;
    }
    return now.lastAverage;
  };
  // Documents do not change while the walk costs them (postings do): each is read once.
  const docs = new Map<string, JsonObject | undefined>();
  const memo = (key: string, read: () => JsonObject | undefined): JsonObject | undefined => {
    if (!docs.has(key)) docs.set(key, read());
    return docs.get(key);
  };
  // An item read while costing a transaction carries the average of that moment.
  const costedAt = (doc: JsonObject | undefined): JsonObject | undefined => (isStocked(doc) ? { ...doc, averageCost: averageOf(String(doc['id'])) ?? neverAveraged(doc) } : doc);
  const costing: RulesContext = {
    ...ctx,
    find: (type, id) => costedAt(memo(`${type}\u0000${id}`, () => ctx.find(type, id))),
    findAmong: (types, id) => costedAt(memo(`${types.join(',')}\u0000${id}`, () => ctx.findAmong(types, id))),
  };
  for (const txn of transactions) {
    let moves: { item: string; quantity: number; cents: number }[] = txn.moves;
    for (const move of moves) runningOf(move.item);
    if (affected === undefined || moves.some((m) => affected.has(m.item))) {
      const postings = recosted(ctx, costing, txn);
      if (postings) {
        const moved = ctx.ledger.post(txn.txn, txn.postedOn, postings, false);
        for (const key of ['accounts', 'entities', 'items'] as const) for (const id of moved[key]) touched[key].add(id);
        moves = postings.flatMap((p) => (p.stock ? [{ item: p.stock.item, quantity: p.stock.quantity, cents: p.cents }] : []));
        for (const move of moves) affected?.add(move.item);
      }
    }
    for (const move of moves) add(runningOf(move.item), move);
  }
  // An item with nothing left on hand shows the average it last had, in date order too.
  for (const [id, item] of running) if (item.quantity <= 0 && (affected === undefined || affected.has(id))) showAverage(ctx, id, averageOf(id));
  return touched;
}

/** A transaction's postings at the averages of its moment, when they differ from what it posted. */
function recosted(ctx: RulesContext, costing: RulesContext, txn: StockTransaction): Posting[] | undefined {
  const profile = ctx.profileOf(txn.type);
  const doc = profile ? costing.find(txn.type, txn.txn) : undefined;
  if (!profile || !doc) return undefined;
  const postings = POSTING_PROFILES[profile](costing, doc, ctx.shapeOf(txn.type));
  return postingsText(postings) === ctx.ledger.postedText(txn.txn) ? undefined : postings;
}

/** Rewrites a stocked item's average cost (its purchase cost when it never had any on hand). */
function showAverage(ctx: RulesContext, id: string, average: string | null): void {
  for (const type of Object.keys(STOCKED_TYPES)) {
    const doc = ctx.find(type, id);
    const shown = average ?? (doc ? neverAveraged(doc) : null);
    if (doc && doc['averageCost'] !== shown) ctx.rewriteAmounts(type, { ...doc, averageCost: shown });
  }
}
