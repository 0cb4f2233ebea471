import type Database from 'better-sqlite3';

/**
 * Bytes per page of a new company file. A customer's JSON is about 2 KB: with SQLite's default
 * 4 KB the commit of a bulk load of 100,000 customers writes 90,000 pages (about 1.25 s); at 8 KB
 * it takes about half that, and a single add still costs what it did (0.3 ms on a file of 20,000
 * customers; at 16 KB it was 0.5, each commit writing bigger pages to the log).
 */
const PAGE_SIZE = 8192;

/**
 * SQLite's cache_size in KiB (negative) while a bulk load runs. Past it, SQLite writes the oldest
 * changed pages into the file (or its log) before the commit and uses their memory again; a load
 * appends to every b-tree it grows (the list indexes are built at its end), so a written page is
 * rarely read back. Against 512 MB, whole `fixtures load` processes, paired: 100,000 customers
 * 0.99 of the time and 915 against 1,000 MiB at peak; 25,000 customers + 75,000 invoices 0.97.
 * With the 2 MB default a load spent half its time re-reading index pages (when it still kept nine
 * list indexes up to date).
 */
export const BULK_CACHE_SIZE = -128 * 1024;

/**
 * SQLite's helper threads for its sorter while a bulk load runs: the load's end builds indexes and
 * sums a million postings by sorting them, and with helpers SQLite sorts its runs on the other
 * core. 200,000 transactions, each statement 6 times alternating on a copy in memory, medians: the
 * postings' account index 1.25 -> 1.02 s, name_item_sums 1.76 -> 1.59 s, account_days 0.77 ->
 * 0.68 s; in a seeding (one run each way, same hour) 1.28 -> 0.76 s and 1.43 -> 0.77 s. None
 * outside a load: a report's sort would take the core the main thread answers on.
 */
export const BULK_SORTER_THREADS = 2;

/**
 * Settings of a company file as it is opened, before its tables: the page size (only a new file
 * takes it; an existing one keeps its own) and, on disk, WAL with full sync so that whatever was
 * acknowledged survives the process being killed.
 */
export function applyOpenSettings(db: Database.Database, onDisk: boolean): void {
  db.pragma(`page_size = ${PAGE_SIZE}`);
  if (!onDisk) return;
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
}

/**
 * Table statistics for SQLite's planner, after a bulk load and at open. Without them it walks a
 * whole list in name order to find the five ids an `ids` filter names (100 ms at 100,000
 * customers instead of 0.3). Sampled (about 1,000 rows per index): counted in full they took
 * 0.2 s at 100,000 customers, and every filter's first page stays as fast (`npm run bench`).
 * SQLite's `optimize` picks the tables whose statistics are missing or stale.
 */
export function refreshStatistics(db: Database.Database): void {
  if (db.inTransaction) return;
  db.pragma('analysis_limit = 1000');
  db.pragma('optimize=0x10002');
}

/**
 * The same at open, but for `bodies`: `optimize` picked it at every open however fresh its
 * statistics (when it had partial indexes of marked documents, mostly empty; a file made before
 * `body_marks` has them until it opens), and analyzing it held the thread that opens the file for
 * 0.1 s at 100,000 customers and more on larger files. A bulk load analyzes it at its end
 * (refreshStatistics); its only reads are by seq. Returns the statements it ran.
 */
export function refreshStatisticsAtOpen(db: Database.Database): string[] {
  if (db.inTransaction) return [];
  db.pragma('analysis_limit = 1000');
  // 0x10003: the same choice as refreshStatistics, listed (ANALYZE statements SQLite wrote) instead of run.
  const chosen = (db.pragma('optimize=0x10003') as { optimize: string }[]).map((row) => row.optimize).filter((sql) => !/^ANALYZE "main"\."bodies"$/.test(sql));
  for (const sql of chosen) db.exec(sql);
  return chosen;
}
