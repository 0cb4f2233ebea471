import type Database from 'better-sqlite3';

/** What is tracked of stock by number: lots, or serial numbers. */
export type Tracking = 'lot' | 'serial';

/** A line (or a build's header) that names a lot or serial numbers for an item: how many, and which way when it says. */
export interface NamedStock {
  item: string;
  site: string | null;
  numbers: string[];
  quantity: number;
  /** An adjustment says its direction itself; other lines move stock the way their transaction's stock postings do. */
  direction: 1 | -1 | null;
}

/**
 * The lots and serial numbers each stock-moving transaction names, in its document's order, kept
 * as it posts: the reports of numbers in stock read these instead of every stock move's document
 * (100,000 moves: 5-8 s).
 */
export const STOCK_NUMBERS_SCHEMA = `CREATE TABLE IF NOT EXISTS stock_numbers (
  txn_id TEXT NOT NULL,
  tracking TEXT NOT NULL,
  place INTEGER NOT NULL,
  item_id TEXT NOT NULL,
  site_id TEXT,
  numbers TEXT NOT NULL,
  quantity REAL NOT NULL,
  direction INTEGER,
  PRIMARY KEY (txn_id, tracking, place)
) WITHOUT ROWID;`;

export class StockNumbers {
  private readonly insert: Database.Statement;
  private readonly removeOf: Database.Statement;

  constructor(db: Database.Database) {
    this.insert = db.prepare('INSERT INTO stock_numbers (txn_id, tracking, place, item_id, site_id, numbers, quantity, direction) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    this.removeOf = db.prepare('DELETE FROM stock_numbers WHERE txn_id = ?');
  }

  /** Keeps what a transaction names of one kind; `remove` first forgets what it named before. */
  keep(txnId: string, tracking: Tracking, named: readonly NamedStock[]): void {
    named.forEach((n, place) => this.insert.run(txnId, tracking, place, n.item, n.site, JSON.stringify(n.numbers), n.quantity, n.direction));
  }

  remove(txnId: string): void {
    this.removeOf.run(txnId);
  }
}

/** Every transaction's named stock of one kind, by transaction, in its document's order. */
export function namedStockByTransaction(prepare: (sql: string) => Database.Statement, tracking: Tracking): Map<string, NamedStock[]> {
  const rows = prepare('SELECT txn_id, item_id, site_id, numbers, quantity, direction FROM stock_numbers WHERE tracking = ? ORDER BY txn_id, place').raw().all(tracking) as [string, string, string | null, string, number, 1 | -1 | null][];
  const out = new Map<string, NamedStock[]>();
  for (const [txn, item, site, numbers, quantity, direction] of rows) {
    const list = out.get(txn) ?? [];
    list.push({ item, site, numbers: JSON.parse(numbers) as string[], quantity, direction });
    out.set(txn, list);
  }
  return out;
}
