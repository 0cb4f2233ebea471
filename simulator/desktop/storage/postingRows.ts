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
 * One string for each text a read repeats: the driver makes a new one per column and row, and a
 * report keeps its postings until it has laid out every row, so each copy is carried through the
 * young generation and into the old one.
 */
function oneOfEach(): <T extends string | null>(text: T) => T {
  const kept = new Map<string, string>();
  return (text) => {
    if (text === null) return text;
    const same = kept.get(text);
    if (same !== undefined) return same as typeof text;
    kept.set(text, text);
    return text;
  };
}

/**
 * The postings a statement selects in TransactionPosting's column order, read as arrays and made
 * into objects here: better-sqlite3's own objects cost a third more (50,000 postings of a month,
 * 0.72 s against 0.42 s) and left more to collect. The texts a read repeats (a transaction's id
 * on each of its lines, accounts, parties, days, types) are kept once (`oneOfEach`): through the
 * report thread on 200,000 transactions, alternating runs, a month's general ledger 508-698 ->
 * 460-608 ms, a history's deposit detail 743-936 -> 691-904 ms.
 */
export function readPostings(statement: Database.Statement, params: readonly unknown[]): TransactionPosting[] {
  const rows = statement.raw(true).all(...params) as PostingRow[];
  const out = new Array<TransactionPosting>(rows.length);
  const one = oneOfEach();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as PostingRow;
    const p: TransactionPosting = {
      txn: one(r[0]),
      line: r[1],
      account: one(r[2]),
      entity: one(r[3]),
      openLedger: one(r[4]),
      cents: r[5],
      date: one(r[6]),
      item: one(r[7]),
      class: one(r[8]),
      type: one(r[9]),
      refNumber: one(r[10]),
      updatedAt: r[11],
      seq: r[12],
    };
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
