import type Database from 'better-sqlite3';
import { BODY_MARKS_SCHEMA } from './bodyMarks.ts';
import { KEPT_SUMS } from './keptSums.ts';
import { LIST_CELLS_SCHEMA } from './ListCells.ts';
import { SALE_TAXES_SCHEMA } from './SaleTaxes.ts';
import { STOCK_NUMBERS_SCHEMA } from './StockNumbers.ts';

/**
 * The columns a stored object is listed, filtered and found by, shared by current rows
 * (`object_rows`) and the past versions open list sequences keep (`object_versions`).
 */
export const ROW_COLUMNS = `type TEXT NOT NULL,
  id TEXT NOT NULL,
  name TEXT,
  name_lc TEXT,
  sort_key TEXT NOT NULL,
  ref_number TEXT,
  is_active INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  txn_date TEXT,
  tag TEXT,
  is_paid INTEGER,
  balance_cents INTEGER`;

/**
 * The secondary indexes lists filter and page by. A bulk load drops them and builds them again at
 * its end: SQLite sorts 100,000 rows into an index in a fraction of the time that maintaining nine
 * indexes row by row costs. Nothing a bulk load asks needs them (it reads by type and id, and by
 * the reference graph), and a file opened without them gets them back from SCHEMA.
 */
/**
 * A reference number's value when it is all digits (null otherwise), as the `refNumberFrom` and
 * `refNumberTo` filters compare it: the one spelling of it, so that they use the index on it
 * (SQLite uses an index on an expression only for the same expression).
 */
export const REF_NUMBER_VALUE = "(CASE WHEN ref_number <> '' AND ref_number NOT GLOB '*[^0-9]*' THEN CAST(ref_number AS INTEGER) END)";

export const LIST_INDEXES: readonly string[] = [
  'CREATE INDEX IF NOT EXISTS objects_sort ON object_rows (type, sort_key, seq, born, name_lc)',
  'CREATE INDEX IF NOT EXISTS objects_active_sort ON object_rows (type, is_active, sort_key, seq, born, name_lc)',
  'CREATE INDEX IF NOT EXISTS objects_name ON object_rows (type, name_lc, is_active)',
  'CREATE INDEX IF NOT EXISTS objects_updated ON object_rows (type, updated_at, is_active)',
  'CREATE INDEX IF NOT EXISTS objects_txn_date ON object_rows (type, txn_date)',
  'CREATE INDEX IF NOT EXISTS objects_balance ON object_rows (type, balance_cents, is_active)',
  'CREATE INDEX IF NOT EXISTS objects_paid ON object_rows (type, is_paid)',
  'CREATE INDEX IF NOT EXISTS objects_ref ON object_rows (type, ref_number)',
  // A range of reference numbers is two ranges of this: the all-digit ones by value, then the others as text.
  `CREATE INDEX IF NOT EXISTS objects_ref_value ON object_rows (type, ${REF_NUMBER_VALUE}, ref_number)`,
  'CREATE INDEX IF NOT EXISTS objects_id ON object_rows (id)',
  // The books' sums by account and by customer or vendor (a bulk load sums by GROUP BY instead), and
  // a report's sums by account and name over any span, read in order from the index alone.
  'CREATE INDEX IF NOT EXISTS postings_account_entity ON postings (account_id, entity_id, posted_on, cents)',
  'CREATE INDEX IF NOT EXISTS postings_open_ledger ON postings (open_ledger, entity_id, cents) WHERE open_ledger IS NOT NULL',
  // A report's span of days: a month of a file of a million postings reads its month, not the file.
  'CREATE INDEX IF NOT EXISTS postings_date ON postings (posted_on)',
];

/** The name an index of LIST_INDEXES is created under. */
export function indexName(sql: string): string {
  const name = /INDEX IF NOT EXISTS (\w+)/.exec(sql)?.[1];
  if (!name) throw new Error(`not an index definition: ${sql}`);
  return name;
}

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS object_rows (
  seq INTEGER PRIMARY KEY,
  ${ROW_COLUMNS},
  born INTEGER NOT NULL,
  UNIQUE (type, id)
);
CREATE TABLE IF NOT EXISTS bodies (seq INTEGER PRIMARY KEY, doc BLOB NOT NULL, linked TEXT);
CREATE VIEW IF NOT EXISTS objects AS
  SELECT r.seq, r.type, r.id, r.name, r.name_lc, r.sort_key, r.ref_number, r.is_active, r.updated_at, r.txn_date, r.tag,
         r.is_paid, r.balance_cents, b.doc, b.linked, r.born
  FROM object_rows r JOIN bodies b ON b.seq = r.seq;
CREATE TABLE IF NOT EXISTS refs (
  to_id TEXT NOT NULL,
  path TEXT NOT NULL,
  from_seq INTEGER NOT NULL,
  PRIMARY KEY (to_id, path, from_seq)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS refs_from ON refs (from_seq);
CREATE TABLE IF NOT EXISTS postings (
  txn_id TEXT NOT NULL,
  line INTEGER NOT NULL,
  account_id TEXT NOT NULL,
  entity_id TEXT,
  open_ledger TEXT,
  cents INTEGER NOT NULL,
  posted_on TEXT NOT NULL,
  item_id TEXT,
  site_id TEXT,
  quantity REAL NOT NULL DEFAULT 0,
  line_item_id TEXT,
  class_id TEXT,
  PRIMARY KEY (txn_id, line)
) WITHOUT ROWID;
-- Stock moves by item. Kept through bulk loads, unlike LIST_INDEXES: rules read an item's stock
-- while a load runs (a build's components, a count), and only stock postings are in it.
CREATE INDEX IF NOT EXISTS postings_item ON postings (item_id, site_id, quantity, cents) WHERE item_id IS NOT NULL;
-- Stock moves by date: a write dated in the past costs again the moves from its date on (recost.ts).
-- With site, quantity and amount, what each transaction moved where up to a day (the lots in stock)
-- and the stock on hand as of a past day are read from the index alone (131,000 moves: 0.42 s
-- instead of 0.71 s; on hand as of a month ago 0.03 s instead of 0.5 s). Files made before it drop
-- the narrower ones.
DROP INDEX IF EXISTS postings_stock_date;
DROP INDEX IF EXISTS postings_stock_moves;
CREATE INDEX IF NOT EXISTS postings_stock_dated ON postings (posted_on, item_id, site_id, quantity, cents) WHERE item_id IS NOT NULL;
CREATE TABLE IF NOT EXISTS links (
  owner_id TEXT NOT NULL,
  from_type TEXT NOT NULL,
  from_id TEXT NOT NULL,
  to_id TEXT NOT NULL,
  cents INTEGER NOT NULL,
  discount_cents INTEGER NOT NULL DEFAULT 0,
  UNIQUE (owner_id, from_id, to_id)
);
CREATE INDEX IF NOT EXISTS links_to ON links (to_id);
CREATE INDEX IF NOT EXISTS links_from ON links (from_id);
CREATE TABLE IF NOT EXISTS deletions (
  type TEXT NOT NULL,
  id TEXT NOT NULL,
  label TEXT,
  created_at TEXT NOT NULL,
  deleted_at INTEGER NOT NULL,
  PRIMARY KEY (type, id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS deletions_at ON deletions (deleted_at);
CREATE TABLE IF NOT EXISTS line_links (
  owner_id TEXT NOT NULL,
  line_id TEXT NOT NULL,
  source_id TEXT NOT NULL,
  source_line_id TEXT NOT NULL,
  quantity REAL NOT NULL,
  PRIMARY KEY (owner_id, line_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS line_links_source ON line_links (source_id);
-- Replaced by postings_account_entity, which holds all it did.
DROP INDEX IF EXISTS postings_account;
-- Replaced by postings_open_ledger: the same entries led by the ledger, so a party's sum on it is
-- still one lookup and one ledger's postings are one range.
DROP INDEX IF EXISTS postings_open;
${LIST_INDEXES.map((sql) => `${sql};`).join('\n')}
${KEPT_SUMS.map((k) => [k.create, ...k.triggers].join('\n')).join('\n')}
${SALE_TAXES_SCHEMA}
${STOCK_NUMBERS_SCHEMA}
${LIST_CELLS_SCHEMA}
${BODY_MARKS_SCHEMA}
`;

/**
 * Lower-cased name, and a sort key that keeps jobs right after their parent ("a:b" before "a b").
 * Unnamed objects sort by creation alone: their key is empty, never null, so that a page can
 * resume after (sort key, seq) with one comparison.
 */
export function nameKeys(name: string | null): { name_lc: string | null; sort_key: string } {
  if (name === null) return { name_lc: null, sort_key: '' };
  const lc = name.toLowerCase();
  return { name_lc: lc, sort_key: lc.replaceAll(':', '\u0001') };
}

/**
 * The layout of a company file, in SQLite's user_version. Format 2 brought every list type, the
 * reference graph and the tag column; format 3 write numbers (`born`), past versions for open
 * list sequences, and objects split in two tables: `object_rows` (the indexed columns lists filter,
 * count and page on: a scan of 100,000 is a few MB) and `bodies` (their JSON). The view `objects`
 * joins them back for everything that reads whole objects. Format 4 keeps the books: `postings`
 * (the debits and credits of every transaction), `links` (what each payment applies to what) and
 * `deletions` (deleted transactions, read by the deleted-transactions list). Format 5 gives each
 * link the transaction that made it (`owner_id`): a payment applies a credit memo to an invoice.
 * Format 6 keeps in `deletions` what the deleted-objects lists show: the object's name or reference
 * number (`label`) and when it was created; list objects made inactive are there too. Later in
 * format 6, `line_links` (which line of an estimate or sales order each invoice line was made from)
 * came as a new table: a format 6 file without it had no such lines, and opening creates it empty.
 * Format 7 moves stock in the books: a posting on an inventory item's asset account carries the
 * item, its site and the quantity (`item_id`, `site_id`, `quantity`).
 * Format 8 posts opening balances (an account's, a customer's, a vendor's) as postings of their own
 * (`opening:<id>`), costs stock in date order, and gives each posting of a line the line's item and
 * class (`line_item_id`, `class_id`), which reports sort by: a format 7 file has openings in meta
 * only, so its balances would lose them.
 * Format 9 posts the value of the stock an item is made with (`opening:<id>`, its asset account
 * against Opening Balance Equity), and keeps budgets, paychecks and payroll liability checks (the
 * latter two post): a format 8 file's inventory asset accounts lack their items' opening stock.
 * Later in format 9, the sums the books keep as postings are written (`keptSums.ts`: each account's
 * per day and class, each transaction's on the receivable and payable ledgers) came as new tables:
 * opening a format 9 file without one sums it from the postings once. So came what is open of each
 * transaction on those ledgers (`openBalances.ts`), made from the postings and links at open the same way.
 * And what each sale says of sales tax (`SaleTaxes.ts`), which the books keep as sales post: a file
 * without it gets every sale's when it opens (`keepEverySaleTax`). And what the transaction lists
 * show of each transaction (`ListCells.ts`), kept as documents are written: a file without it gets
 * every transaction's when it opens (`keepEveryListing`). And which bodies have a mark
 * (`bodyMarks.ts`), in a table where a partial index per mark was: a file with the index gets the
 * table filled from its bodies when it opens, and the index dropped.
 * Older files are refused with what to do, rather than misread.
 */
export const FILE_FORMAT = 9;

export function hasTable(db: Database.Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

export function hasIndex(db: Database.Database, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?").get(name) !== undefined;
}

export function refuseOlderFormat(db: Database.Database, filePath: string): void {
  const hasObjects = db.prepare("SELECT 1 FROM sqlite_master WHERE type IN ('table', 'view') AND name = 'objects'").get() !== undefined;
  const version = Number(db.pragma('user_version', { simple: true }));
  if (!hasObjects || version === FILE_FORMAT) return;
  db.close();
  throw new Error(
    `${filePath} is a company file of format ${Math.max(version, 1)}, written by ${version < FILE_FORMAT ? 'an older' : 'a newer'} ledger-sim; this one reads format ${FILE_FORMAT}. ` +
      'Export it as a fixture with the ledger-sim that wrote it and load that here, or start from a new data dir.',
  );
}
