import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCHEMA } from './companyFileSchema.ts';
import { PostingInserts, type PostingRow } from './PostingInserts.ts';

let db: Database.Database;
beforeEach(() => {
  db = new Database(':memory:');
  db.exec(SCHEMA);
});
afterEach(() => db.close());

const rowsOf = (txn: string, count: number): PostingRow[] =>
  Array.from({ length: count }, (_, line): PostingRow => [txn, line, `A${line % 3}`, line === 0 ? 'C1' : null, line === 0 ? 'receivable' : null, line === 0 ? (1 - count) * 100 : 100, '2025-06-01', null, null, 0, line === 0 ? null : 'I1', null]);

describe("PostingInserts (a transaction's postings in one statement)", () => {
  it.each([0, 1, 5, 16, 17, 41])('writes %i postings, in their order, as a statement per posting would', (count) => {
    new PostingInserts(db).insert(rowsOf('T1', count));
    const stored = db.prepare('SELECT txn_id, line, account_id, entity_id, open_ledger, cents, posted_on, item_id, site_id, quantity, line_item_id, class_id FROM postings ORDER BY line').raw().all();
    expect(stored).toEqual(rowsOf('T1', count));
    // The kept sums' triggers saw every row, as they see a row per statement.
    const days = db.prepare('SELECT COALESCE(SUM(postings), 0) AS n, COALESCE(SUM(cents), 0) AS cents FROM account_days').get();
    expect(days).toEqual({ n: count, cents: 0 });
  });
});
