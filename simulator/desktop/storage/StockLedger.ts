import type Database from 'better-sqlite3';

/** What a change of stock adds up to for one item: how many, and their value in cents. */
export interface StockSum {
  quantity: number;
  cents: number;
}

/** One stock move as the books hold it, with the transaction that made it. */
export interface StockMoveRow extends StockSum {
  txn: string;
  type: string;
  postedOn: string;
  item: string;
}

/**
 * The stock side of the books: postings that carry an item (`item_id`), read by item, by site and
 * in the order the desktop costs them (`recost.ts`). Part of the ledger (`ledger.stock`).
 */
export class StockLedger {
  private readonly itemSum: Database.Statement;
  private readonly itemSiteSums: Database.Statement;
  private readonly stockDate: Database.Statement;
  private readonly stockHistory: Database.Statement;

  constructor(private readonly db: Database.Database) {
    this.itemSum = db.prepare('SELECT COALESCE(SUM(quantity), 0) AS quantity, COALESCE(SUM(cents), 0) AS cents FROM postings WHERE item_id = ?');
    this.itemSiteSums = db.prepare('SELECT site_id AS site, SUM(quantity) AS quantity FROM postings WHERE item_id = ? GROUP BY site_id');
    this.stockDate = db.prepare('SELECT MIN(posted_on) FROM postings WHERE txn_id = ? AND item_id IS NOT NULL').pluck();
    this.stockHistory = db.prepare(
      'SELECT p.quantity AS quantity, p.cents AS cents FROM postings p JOIN object_rows r ON r.id = p.txn_id WHERE p.item_id = ? AND p.posted_on < ? ORDER BY p.posted_on, r.seq, p.line',
    );
  }

  /** The stock an item's postings moved: quantities in and out, and their value. */
  of(itemId: string): StockSum {
    const row = this.itemSum.get(itemId) as StockSum;
    return { quantity: Number(row.quantity), cents: Number(row.cents) };
  }

  /** The quantities an item's postings moved, by site (null: the item's first site). */
  bySite(itemId: string): Map<string | null, number> {
    return new Map((this.itemSiteSums.all(itemId) as { site: string | null; quantity: number }[]).map((r) => [r.site, Number(r.quantity)]));
  }

  /** Stock moved by item, for every item with postings (bulk loads). */
  byItem(): Map<string, StockSum> {
    const rows = this.db.prepare('SELECT item_id AS id, SUM(quantity) AS quantity, SUM(cents) AS cents FROM postings WHERE item_id IS NOT NULL GROUP BY item_id').all() as ({ id: string } & StockSum)[];
    return new Map(rows.map((r) => [r.id, { quantity: Number(r.quantity), cents: Number(r.cents) }]));
  }

  /**
   * The stock moves posted on or after `from` (a date; '' for all) in the order the desktop costs
   * them: by transaction date, then in the order the transactions were made, each one's lines in
   * order.
   */
  movesInOrder(from: string): StockMoveRow[] {
    const rows = this.db.prepare('SELECT txn_id AS txn, posted_on AS postedOn, line, item_id AS item, quantity, cents FROM postings WHERE item_id IS NOT NULL AND posted_on >= ?').all(from) as (Omit<StockMoveRow, 'type'> & { line: number })[];
    // The order they were made in is the objects' seq, read in one query for them all: a join would
    // look each row up, and a bulk load has no index by id.
    const made = new Map(
      (this.db.prepare('SELECT id, type, seq FROM object_rows WHERE id IN (SELECT txn_id FROM postings WHERE item_id IS NOT NULL AND posted_on >= ?)').all(from) as { id: string; type: string; seq: number }[]).map((r) => [r.id, r]),
    );
    const seqOf = (txn: string): number => made.get(txn)?.seq ?? 0;
    rows.sort((a, b) => (a.postedOn < b.postedOn ? -1 : a.postedOn > b.postedOn ? 1 : seqOf(a.txn) - seqOf(b.txn) || a.line - b.line));
    return rows.map(({ line: _line, ...row }) => ({ ...row, type: made.get(row.txn)?.type ?? '' }));
  }

  /** One item's stock moves posted before `before`, in the same order (an item's are few enough to join). */
  historyOf(item: string, before: string): StockSum[] {
    return this.stockHistory.all(item, before) as StockSum[];
  }

  /** The date a transaction's stock moves were posted on, if it moves any. */
  postedOn(txnId: string): string | undefined {
    return (this.stockDate.get(txnId) as string | null) ?? undefined;
  }
}
