import type Database from 'better-sqlite3';
import { indexName, LIST_INDEXES } from './companyFileSchema.ts';
import type { FirstLoad } from './firstLoad.ts';
import { KEPT_SUMS, triggerName } from './keptSums.ts';
import type { Ledger } from './Ledger.ts';
import type { MetaValues } from './MetaValues.ts';
import type { ReferenceGraph } from './ReferenceGraph.ts';
import { BULK_CACHE_SIZE, BULK_SORTER_THREADS, refreshStatistics } from './sqliteSettings.ts';

const KEPT_SUM_TRIGGERS = KEPT_SUMS.flatMap((k) => k.triggers);
const ON_POSTINGS = / ON postings /;

/** What bulk mode needs of the company file's store. */
export interface BulkStore {
  readonly db: Database.Database;
  readonly ledger: Ledger;
  readonly graph: ReferenceGraph;
  /** Runs `fn` as one write of the store. */
  transaction<T>(fn: () => T): T;
  /** On: parsed objects are kept while the load runs. Off: forgotten, with the load's numbering. */
  keepParsed(on: boolean): void;
}

/**
 * How a company file takes a bulk load (seeding, a fixture; decision 10): one transaction with
 * the list indexes and the kept sums' triggers dropped and made again once at its end, parsed
 * objects cached, meta read from memory, and on disk more pages kept in SQLite's cache.
 */
export class BulkMode {
  constructor(
    private readonly store: BulkStore,
    /** The store's meta values: read from memory alone while a load runs. */
    private readonly meta: MetaValues,
    private readonly firstLoad: FirstLoad,
    /** The page cache outside bulk mode, for a file on disk; undefined in memory. */
    private readonly normalCacheSize: number | undefined,
  ) {}

  /**
   * Bulk mode on or off: parsed objects are cached, meta is read from memory alone, the ledger
   * keeps what stock transactions posted (for the costing walk at the end), SQLite sorts with helper
   * threads (BULK_SORTER_THREADS), and on disk it keeps more pages while the load runs
   * (BULK_CACHE_SIZE says how many, and why). All go back to normal when the load ends.
   */
  set(on: boolean): void {
    const { db, ledger } = this.store;
    this.store.keepParsed(on);
    ledger.keepStockTexts(on);
    if (!db.open) return;
    this.meta.holdAll(on);
    // Statistics first: they read every index, which is still in the bulk load's cache.
    if (!on) refreshStatistics(db);
    if (this.normalCacheSize !== undefined) db.pragma(`cache_size = ${on ? BULK_CACHE_SIZE : this.normalCacheSize}`);
    db.pragma(`threads = ${on ? BULK_SORTER_THREADS : 0}`);
  }

  /**
   * Runs a bulk load as one transaction, with the list indexes dropped while it runs and built once
   * at its end (LIST_INDEXES says why), the sums the books keep (`keptSums.ts`) summed once instead
   * of by a trigger per posting (see keepSums), and the new objects' reference edges written in key
   * order (ReferenceGraph.holdDuring). Inside the transaction, so a load that fails leaves the file
   * as it was, indexes and triggers included. The first write of a file created by this open goes
   * straight into the file, without the write-ahead log (firstLoad.ts).
   */
  transaction<T>(fn: () => T): T {
    const { db, ledger, graph } = this.store;
    return this.firstLoad.run(db, () =>
      this.store.transaction(() => {
        for (const sql of LIST_INDEXES) db.exec(`DROP INDEX IF EXISTS ${indexName(sql)}`);
        for (const sql of KEPT_SUM_TRIGGERS) db.exec(`DROP TRIGGER IF EXISTS ${triggerName(sql)}`);
        ledger.holdSums(true);
        try {
          const result = graph.holdDuring(fn);
          this.keepSums();
          for (const sql of LIST_INDEXES) db.exec(sql);
          return result;
        } finally {
          ledger.holdSums(false);
        }
      }),
    );
  }

  /**
   * Inside a bulk load, once it has written its last posting (or at its end, if it never says):
   * the kept sums are made again from the postings once and their triggers put back, so that
   * whatever the load still writes is kept as any write is, and the sums can be read (the load's
   * balances read them instead of summing a million postings again). The objects' indexes come
   * first (the open balances look transactions up by id); the postings' after, at the load's end:
   * with the date index there SQLite walked it and looked each posting up (account_days and
   * open_amounts 1.67 s instead of 0.86 s for a million postings at 205,000 transactions).
   */
  keepSums(): void {
    const { db, ledger } = this.store;
    if (!ledger.sumsHeld) return;
    for (const sql of LIST_INDEXES) if (!ON_POSTINGS.test(sql)) db.exec(sql);
    for (const sum of KEPT_SUMS) db.exec(sum.fill);
    for (const sql of KEPT_SUM_TRIGGERS) db.exec(sql);
    ledger.holdSums(false);
  }
}
