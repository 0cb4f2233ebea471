import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { CompanyFileStore } from './CompanyFileStore.ts';
import { FILE_FORMAT } from './companyFileSchema.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-format-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the company file format', () => {
  it('marks a new file with its format and opens it again', () => {
    const file = path.join(dir, 'new.sqlite');
    new CompanyFileStore(file).close();
    const db = new Database(file);
    expect(db.pragma('user_version', { simple: true })).toBe(FILE_FORMAT);
    db.close();
    expect(() => new CompanyFileStore(file).close()).not.toThrow();
  });

  it('sums a format 9 file without account_days from its postings when it opens, and keeps it from then on', () => {
    const file = path.join(dir, 'before-account-days.sqlite');
    const store = new CompanyFileStore(file);
    store.db.prepare("INSERT INTO postings (txn_id, line, account_id, cents, posted_on, class_id) VALUES ('t1', 0, 'a', 500, '2024-01-02', NULL), ('t1', 1, 'b', -500, '2024-01-02', NULL), ('t2', 0, 'a', 250, '2024-01-02', NULL), ('t2', 1, 'a', 100, '2024-01-02', 'c1')").run();
    store.close();
    const db = new Database(file);
    for (const name of ['account_days_add', 'account_days_remove', 'account_days_change']) db.exec(`DROP TRIGGER ${name}`);
    db.exec('DROP TABLE account_days');
    db.close();
    const again = new CompanyFileStore(file);
    const days = (): unknown[] => again.db.prepare('SELECT posted_on, account_id, class_id, cents, postings FROM account_days ORDER BY account_id, class_id').raw().all();
    expect(days()).toEqual([['2024-01-02', 'a', '', 750, 2], ['2024-01-02', 'a', 'c1', 100, 1], ['2024-01-02', 'b', '', -500, 1]]);
    again.db.prepare("DELETE FROM postings WHERE txn_id = 't1'").run();
    expect(days()).toEqual([['2024-01-02', 'a', '', 250, 1], ['2024-01-02', 'a', 'c1', 100, 1]]);
    again.close();
  });

  it('gives a format 9 file without open_balances what is open of each transaction when it opens, and settles it on each write from then on', () => {
    const file = path.join(dir, 'before-open-balances.sqlite');
    const store = new CompanyFileStore(file);
    store.db.exec(`INSERT INTO postings (txn_id, line, account_id, entity_id, open_ledger, cents, posted_on) VALUES
      ('inv', 0, 'ar', 'cus', 'receivable', 1000, '2024-01-02'), ('inv', 1, 'sales', NULL, NULL, -1000, '2024-01-02'),
      ('pay', 0, 'ar', 'cus', 'receivable', -400, '2024-01-20'), ('pay', 1, 'bank', NULL, NULL, 400, '2024-01-20');
      INSERT INTO links (owner_id, from_type, from_id, to_id, cents) VALUES ('pay', 'ldg_receive_payment', 'pay', 'inv', 400);`);
    store.close();
    const db = new Database(file);
    for (const { name } of db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'open_dirty%'").all() as { name: string }[]) db.exec(`DROP TRIGGER ${name}`);
    db.exec('DROP TABLE open_balances; DROP TABLE open_dirty');
    db.close();
    const again = new CompanyFileStore(file);
    const open = (): unknown[] => again.db.prepare('SELECT txn_id, posted_on, settled_on, cents, original_cents FROM open_balances ORDER BY txn_id').raw().all();
    expect(open()).toEqual([['inv', '2024-01-02', '2024-01-20', 600, 1000], ['pay', '2024-01-20', '2024-01-20', 0, -400]]);
    again.transaction(() => again.db.prepare("DELETE FROM links WHERE owner_id = 'pay'").run());
    expect(open()).toEqual([['inv', '2024-01-02', '2024-01-02', 1000, 1000], ['pay', '2024-01-20', '2024-01-20', -400, -400]]);
    again.close();
  });

  it('gives a file made with the stock index without amounts the dated one when it opens, and reads stock on hand as of a past day from it alone', () => {
    const file = path.join(dir, 'before-stock-dated.sqlite');
    const store = new CompanyFileStore(file);
    store.db.exec(`INSERT INTO postings (txn_id, line, account_id, cents, posted_on, item_id, site_id, quantity) VALUES
      ('buy', 0, 'stock', 700, '2024-01-02', 'i1', NULL, 7), ('sell', 0, 'stock', -200, '2024-02-03', 'i1', NULL, -2)`);
    store.close();
    const db = new Database(file);
    db.exec('DROP INDEX postings_stock_dated; CREATE INDEX postings_stock_moves ON postings (posted_on, item_id, site_id, quantity) WHERE item_id IS NOT NULL');
    db.close();
    const again = new CompanyFileStore(file);
    const indexes = again.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'postings_stock%'").pluck().all();
    expect(indexes).toEqual(['postings_stock_dated']);
    expect(again.stockReads.stockOnHand('2024-01-31', false)).toEqual([{ item: 'i1', site: null, quantity: 7, cents: 700 }]);
    expect(again.stockReads.stockOnHand('2024-12-31', false)).toEqual([{ item: 'i1', site: null, quantity: 5, cents: 500 }]);
    const plan = again.db.prepare("EXPLAIN QUERY PLAN SELECT item_id, SUM(quantity), SUM(cents) FROM postings INDEXED BY postings_stock_dated WHERE item_id IS NOT NULL AND posted_on <= '2024-01-31' GROUP BY item_id").all() as { detail: string }[];
    expect(plan.map((row) => row.detail).join('\n')).toContain('COVERING INDEX postings_stock_dated');
    again.close();
  });

  it('notes the marked bodies of a format 9 file made with a partial index per mark when it opens, drops the index, and keeps the marks from then on', () => {
    const file = path.join(dir, 'before-body-marks.sqlite');
    const store = new CompanyFileStore(file);
    const columns = { name: null, ref_number: null, is_active: 1, updated_at: 0, txn_date: '2024-01-02', tag: null, is_paid: 0, balance_cents: 0 };
    const pending = store.insert('ldg_invoice', 'A-1', columns, '{"id":"A-1","isPending":true}', null);
    store.insert('ldg_invoice', 'B-1', columns, '{"id":"B-1","isPending":false}', null);
    store.close();
    const db = new Database(file);
    db.exec(`DROP TABLE body_marks; CREATE INDEX bodies_pending ON bodies (seq) WHERE instr(doc, CAST('"isPending":true' AS BLOB)) > 0;`);
    db.close();
    const again = new CompanyFileStore(file);
    const marked = (): unknown[] => again.db.prepare('SELECT mark, seq FROM body_marks ORDER BY seq').raw().all();
    expect(marked()).toEqual([['pending', pending]]);
    expect(again.db.prepare("SELECT name FROM sqlite_master WHERE name = 'bodies_pending'").all()).toEqual([]);
    const unmarked = again.update('ldg_invoice', 'A-1', columns, '{"id":"A-1","isPending":false}', null);
    expect([unmarked, marked()]).toEqual([pending, []]);
    const seqB = again.updateAmounts('ldg_invoice', 'B-1', columns, '{"id":"B-1","isPending":true}', null);
    expect(marked()).toEqual([['pending', seqB]]);
    again.remove('ldg_invoice', 'B-1');
    expect(marked()).toEqual([]);
    again.close();
  });

  it('refuses a file of the format before every list type, saying what to do, and leaves it as it was', () => {
    const file = path.join(dir, 'old.sqlite');
    const db = new Database(file);
    db.exec('CREATE TABLE objects (seq INTEGER PRIMARY KEY, type TEXT, id TEXT, entity_id TEXT, doc TEXT)');
    db.close();
    const before = fs.readFileSync(file);
    expect(() => new CompanyFileStore(file)).toThrow(/company file of format 1, written by an older ledger-sim; this one reads format 9\. Export it as a fixture/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('refuses a format 2 file (every list type, before list snapshots by write number)', () => {
    const file = path.join(dir, 'format2.sqlite');
    const db = new Database(file);
    db.exec('CREATE TABLE objects (seq INTEGER PRIMARY KEY, type TEXT, id TEXT, doc BLOB)');
    db.pragma('user_version = 2');
    db.close();
    expect(() => new CompanyFileStore(file)).toThrow(/company file of format 2, written by an older ledger-sim; this one reads format 9\./);
  });

  it.each([
    [3, 'before the books: postings, links, deletions'],
    [4, 'before links had owners'],
    [5, 'before deletions kept names and creation times'],
    [7, 'before opening balances were posted'],
    [8, 'before opening stock was posted'],
  ])('refuses a format %i file (%s)', (format) => {
    const file = path.join(dir, `format${format}.sqlite`);
    const db = new Database(file);
    db.exec('CREATE TABLE object_rows (seq INTEGER PRIMARY KEY); CREATE TABLE bodies (seq INTEGER PRIMARY KEY, doc BLOB, linked TEXT); CREATE VIEW objects AS SELECT r.seq, b.doc FROM object_rows r JOIN bodies b ON b.seq = r.seq');
    db.pragma(`user_version = ${format}`);
    db.close();
    expect(() => new CompanyFileStore(file)).toThrow(new RegExp(`company file of format ${format}, written by an older ledger-sim; this one reads format 9\\.`));
  });
});
