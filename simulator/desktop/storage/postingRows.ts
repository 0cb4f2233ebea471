import type Database from 'better-sqlite3';
import type { OpenLedger } from './Ledger.ts';

/** One posting with what a report shows of its transaction (the transaction's indexed row). */
export interface TransactionPosting {
  txn: string;
  line: number;
  account: string;
  entity: string | null;
  /** Set on the receivable or payable side of a transaction. */
  openLedger: OpenLedger | null;
  cents: number;
  date: string;
  /** The line's item, else the item whose stock the posting moved. */
  item: string | null;
  class: string | null;
  /** The transaction's object type; null for an opening balance (it has no document). */
  type: string | null;
  refNumber: string | null;
  /** The transaction's last change, epoch seconds; null for an opening balance. */
  updatedAt: number | null;
  /** The transaction's place in the order it was made, for ties on a date (0 for an opening balance). */
  seq: number;
  /** Of a sum by a referenced id (`PostingSumKeys.reference`): that id, null for transactions naming none. */
  referenced?: string | null;
  /** Of a sum by a referenced id, the field's path; with `PostingSumKeys.also`, the second field's id and path. */
  referencedPath?: string;
  alsoReferenced?: string | null;
  alsoPath?: string;
}

type PostingRow = [string, number, string, string | null, OpenLedger | null, number, string, string | null, string | null, string | null, string | null, number | null, number, ...unknown[]];

/**
 * The postings a statement selects in TransactionPosting's column order, read as arrays and made
 * into objects here: better-sqlite3's own objects cost a third more (50,000 postings of a month,
 * 0.72 s against 0.42 s) and left more to collect.
 */
export function readPostings(statement: Database.Statement, params: readonly unknown[]): TransactionPosting[] {
  const rows = statement.raw(true).all(...params) as PostingRow[];
  const out = new Array<TransactionPosting>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as PostingRow;
    const p: TransactionPosting = { txn: r[0], line: r[1], account: r[2], entity: r[3], openLedger: r[4], cents: r[5], date: r[6], item: r[7], class: r[8], type: r[9], refNumber: r[10], updatedAt: r[11], seq: r[12] };
    if (r.length > 13) {
      p.referenced = r[13] as string | null;
      p.referencedPath = r[14] as string;
      if (r.length > 15) {
        p.alsoReferenced = r[15] as string | null;
        p.alsoPath = r[16] as string;
      }
    }
    out[i] = p;
  }
  return out;
}
