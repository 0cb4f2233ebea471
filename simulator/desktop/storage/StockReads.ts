import type { Prepare } from './postingReads.ts';
import { namedStockByTransaction, type NamedStock, type Tracking } from './StockNumbers.ts';

/** Stock moved up to a day by item (and site, when asked; null otherwise), quantities and value. */
export interface StockOnHand {
  item: string;
  site: string | null;
  quantity: number;
  cents: number;
}

/** One stock move with its transaction: what a valuation detail lists. */
export interface StockMoveLine {
  txn: string;
  item: string;
  quantity: number;
  cents: number;
  date: string;
  entity: string | null;
  type: string | null;
  refNumber: string | null;
}

/** What one transaction moved of an item at a site, in all. */
export interface TransactionStock {
  txn: string;
  item: string;
  site: string | null;
  quantity: number;
  date: string;
  seq: number | null;
}

/**
 * The stock moves read whole, as the inventory and lot reports list them: on hand up to a day,
 * every move of a span, what each transaction moved, the lots and serial numbers named. One
 * statement each over the span asked; the writes' own reads go by item (`StockLedger`).
 */
export class StockReads {
  constructor(private readonly statement: Prepare) {}

  /** The stock moved up to a day, by item, and by site too when `bySite` (else every site is null). */
  stockOnHand(asOf: string, bySite: boolean): StockOnHand[] {
    const site = bySite ? 'site_id' : 'NULL';
    // As of the last stock move or later (a report as of today), every move counts: the stock index
    // alone answers, without looking each posting up for its day (131,000 moves: 0.5 s).
    const last = this.statement('SELECT MAX(posted_on) FROM postings WHERE item_id IS NOT NULL').pluck().get() as string | null;
    const span = last !== null && last <= asOf ? '' : 'AND posted_on <= ?';
    // As of a day before it, the dated index alone: SQLite chose the index by item for the grouping
    // and looked every move up for its day (0.5 s as of a month ago, against 0.03 s).
    const source = span === '' ? 'postings' : 'postings INDEXED BY postings_stock_dated';
    return this.statement(`SELECT item_id AS item, ${site} AS site, SUM(quantity) AS quantity, SUM(cents) AS cents FROM ${source} WHERE item_id IS NOT NULL ${span} GROUP BY item_id, ${site}`).all(
      ...(span === '' ? [] : [asOf]),
    ) as StockOnHand[];
  }

  /** Every stock move of a span of days (`from` null: since the start), by date, then the order transactions were made, then line. */
  stockMoves(from: string | null, to: string): StockMoveLine[] {
    return this.statement(
      `SELECT p.txn_id AS txn, p.item_id AS item, p.quantity AS quantity, p.cents AS cents, p.posted_on AS date, p.entity_id AS entity, r.type AS type, r.ref_number AS refNumber
       FROM postings p LEFT JOIN object_rows r ON r.id = p.txn_id WHERE p.item_id IS NOT NULL AND p.posted_on <= ? ${from === null ? '' : 'AND p.posted_on >= ?'}
       ORDER BY p.posted_on, COALESCE(r.seq, 0), p.txn_id, p.line`,
    ).all(to, ...(from === null ? [] : [from])) as StockMoveLine[];
  }

  /** How many stock moves a span of days holds, of these items when given (`postings_stock_dated` alone). */
  stockMoveCount(from: string | null, to: string, items?: readonly string[]): number {
    const span = from === null ? '' : 'AND posted_on >= ?';
    const among = items === undefined ? '' : 'AND item_id IN (SELECT value FROM json_each(?))';
    const sql = `SELECT COUNT(*) FROM postings WHERE item_id IS NOT NULL AND posted_on <= ? ${span} ${among}`;
    return Number(this.statement(sql).pluck().get(to, ...(from === null ? [] : [from]), ...(items === undefined ? [] : [JSON.stringify(items)])));
  }

  /**
   * What each transaction moved of each item at each site up to a day, in the order they were made.
   * Its place alone is read of its row, which the index by id holds (its type too cost a lookup of
   * the row for each of 131,000 moves: about 0.1 s of 0.7).
   */
  stockByTransaction(asOf: string): TransactionStock[] {
    return this.statement(
      `SELECT p.txn_id AS txn, p.item_id AS item, p.site_id AS site, SUM(p.quantity) AS quantity, MIN(p.posted_on) AS date, MIN(r.seq) AS seq
       FROM postings p LEFT JOIN object_rows r ON r.id = p.txn_id
       WHERE p.item_id IS NOT NULL AND p.posted_on <= ? GROUP BY p.txn_id, p.item_id, p.site_id ORDER BY date, COALESCE(seq, 0), p.txn_id`,
    ).all(asOf) as TransactionStock[];
  }

  /** The lots or serial numbers each transaction names (`StockNumbers.ts`). */
  namedStock(tracking: Tracking): Map<string, NamedStock[]> {
    return namedStockByTransaction(this.statement, tracking);
  }
}
