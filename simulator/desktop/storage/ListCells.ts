import type Database from 'better-sqlite3';
import { fromCents } from '../values/money.ts';

/**
 * What a row of the transaction lists shows of a transaction, as its document says: its date,
 * number, the first party and header account it names (their full names), memo and total. The
 * amount is null for a type that keeps no total (a journal entry): its debits say, read from its
 * postings when it is listed, so a posting changed later (stock costs again) is listed as it is.
 */
export interface ListedCells {
  date: string | null;
  refNumber: string | null;
  name: string | null;
  memo: string | null;
  account: string | null;
  amount: string | null;
}

/** A listed transaction: its place, type, last change, and cells whose amount is known. */
export interface ListedTransaction {
  seq: number;
  id: string;
  type: string;
  updatedAt: number;
  cells: ListedCells & { amount: string };
}

/**
 * Kept by the desktop each time it writes a transaction's document (add, change, rename of what it
 * names, payments applied), dropped with its row: the transaction lists read these instead of
 * parsing every document they list (a whole history's list by vendor parsed 35,000 bills and
 * checks). By `seq`, the row's place, which a rewrite keeps.
 */
export const LIST_CELLS_SCHEMA = `CREATE TABLE IF NOT EXISTS list_cells (
  seq INTEGER PRIMARY KEY,
  txn_date TEXT,
  ref_number TEXT,
  name TEXT,
  memo TEXT,
  account TEXT,
  amount TEXT
);`;

/** A row of `LISTED_COLUMNS`, as SQLite hands it over. */
export type CellsRow = [seq: number, id: string, type: string, updatedAt: number, date: string | null, refNumber: string | null, name: string | null, memo: string | null, account: string | null, amount: string | null, debits: number | null];

/** What a listed transaction is read as, from its row (`r`) and its cells (`c`): a type that keeps no total lists its debits, as the transactions list does. */
export const LISTED_COLUMNS = `r.seq, r.id, r.type, r.updated_at, c.txn_date, c.ref_number, c.name, c.memo, c.account, c.amount,
  CASE WHEN c.amount IS NULL THEN (SELECT TOTAL(MAX(p.cents, 0)) FROM postings p WHERE p.txn_id = r.id) END`;

export const listed = ([seq, id, type, updatedAt, date, refNumber, name, memo, account, amount, debits]: CellsRow): ListedTransaction => ({
  seq,
  id,
  type,
  updatedAt,
  cells: { date, refNumber, name, memo, account, amount: amount ?? fromCents(debits ?? 0) },
});

export class ListCells {
  private readonly keepStmt: Database.Statement;
  private readonly removeStmt: Database.Statement;

  constructor(private readonly db: Database.Database) {
    this.keepStmt = db.prepare('INSERT OR REPLACE INTO list_cells (seq, txn_date, ref_number, name, memo, account, amount) VALUES (?, ?, ?, ?, ?, ?, ?)');
    this.removeStmt = db.prepare('DELETE FROM list_cells WHERE seq = ?');
  }

  keep(seq: number, cells: ListedCells): void {
    this.keepStmt.run(seq, cells.date, cells.refNumber, cells.name, cells.memo, cells.account, cells.amount);
  }

  remove(seq: number): void {
    this.removeStmt.run(seq);
  }

  /** The transactions of these types dated in a period (`from` null: since the start), by date, then the order they were made. */
  dated(types: readonly string[], from: string | null, to: string): ListedTransaction[] {
    if (types.length === 0) return [];
    const sql = `SELECT ${LISTED_COLUMNS} FROM object_rows r CROSS JOIN list_cells c ON c.seq = r.seq
      WHERE r.type IN (SELECT value FROM json_each(?)) AND r.txn_date <= ? ${from === null ? '' : 'AND r.txn_date >= ?'} ORDER BY r.txn_date, r.seq`;
    const rows = this.db.prepare(sql).raw().all(JSON.stringify(types), to, ...(from === null ? [] : [from])) as CellsRow[];
    return rows.map(listed);
  }
}
