import fs from 'node:fs';
import Database from 'better-sqlite3';
import { FILE_FORMAT, hasIndex, hasTable, nameKeys, refuseOlderFormat, SCHEMA } from './companyFileSchema.ts';
import { KEPT_SUMS } from './keptSums.ts';
import { BulkMode } from './BulkMode.ts';
import { settleOpenBalances } from './openBalances.ts';
import { encodeDoc } from './docBytes.ts';
import { FirstLoad } from './firstLoad.ts';
import { ObjectDocs } from './ObjectDocs.ts';
import { MetaValues } from './MetaValues.ts';
import { PageBodies } from './PageBodies.ts';
import { ReferenceGraph } from './ReferenceGraph.ts';
import { RowHistory } from './RowHistory.ts';
import { Ledger } from './Ledger.ts';
import { BODY_MARKS_FILL, BodyMarkKeeper, MARKS_BEFORE_INDEX } from './bodyMarks.ts';
import { LedgerReads } from './LedgerReads.ts';
import { StockReads } from './StockReads.ts';
import { ListCells } from './ListCells.ts';
import { RowReads } from './RowReads.ts';
import { applyOpenSettings, refreshStatisticsAtOpen } from './sqliteSettings.ts';
import type { IndexColumns } from './storedRows.ts';

export type { IndexColumns, PageRow, ReferenceEdge, StoredRow } from './storedRows.ts';

const WRITE_NUMBER_KEY = 'store.writeNumber';

export { parseDoc } from './ObjectDocs.ts';

/**
 * One company file: a single SQLite database. Writes use WAL with full sync so that whatever was
 * acknowledged survives the process being killed.
 */
export class CompanyFileStore {
  readonly db: Database.Database;
  readonly history: RowHistory;
  readonly graph: ReferenceGraph;
  /** Postings, links between transactions, deletions. */
  readonly ledger: Ledger;
  /** What list pages read: the stored bytes of objects, by sequence number. */
  readonly pages: PageBodies;
  /** The books read whole, as reports list them. */
  readonly ledgerReads: LedgerReads;
  /** The stock moves read whole, for reports. */
  readonly stockReads: StockReads;
  /** The objects' indexed rows read by column, across types. */
  readonly rowReads: RowReads;
  /** The objects read back by type and id, parsed, kept parsed while a bulk load runs. */
  readonly docs: ObjectDocs;
  /** What the transaction lists show of each transaction, kept as its document is written. */
  readonly listCells: ListCells;
  /**
   * The newest snapshot among the open list sequences of `type` (the query engine says), or
   * undefined when none is open: then rows are rewritten in place. A replaced version is kept only
   * if it was born by that snapshot, since no sequence could see it otherwise.
   */
  newestSnapshotOf: (type: string) => number | undefined = () => undefined;
  /** The last committed write: every transaction is one write, numbered, and stamps what it writes. */
  private committedWrite: number;
  private runningWrite: number | undefined;
  /** The write number that last changed each type, in memory: list counts are cached against it. */
  private readonly typeWrites = new Map<string, number>();
  private readonly insertStmt: Database.Statement;
  private insertAtStmt: Database.Statement | undefined;
  /**
   * While set (by a bulk load that writes out of time order, seeding: numberByTime.ts), the
   * sequence number each new object gets, by its type and id; the bulk load's end unsets it.
   * SQLite numbers objects one after another otherwise.
   */
  numbering: ((type: string, id: string) => number) | undefined;
  private readonly updateStmt: Database.Statement;
  private readonly removeStmt: Database.Statement;
  private readonly seqStmt: Database.Statement;
  private readonly insertBodyStmt: Database.Statement;
  private readonly updateBodyStmt: Database.Statement;
  private readonly removeBodyStmt: Database.Statement;
  private readonly statements = new Map<string, Database.Statement>();
  private readonly meta: MetaValues;
  private readonly updateAmountsStmt: Database.Statement;
  /** Made at the first write: a read-only open of a file has nothing to note. */
  private marksKept: BodyMarkKeeper | undefined;
  /** How this file takes a bulk load (seeding, a fixture). */
  readonly bulk: BulkMode;
  /** Opened a file made before the books kept what reports read of documents (`books/keptFacts.ts`): they keep it once the types are known. */
  readonly predatesKeptFacts: boolean = false;
  /** Opened a file made before the transaction lists' cells were kept: the desktop keeps every transaction's once. */
  readonly predatesListCells: boolean = false;

  /**
   * `template`: the bytes of a company file to start from (a kept seeded demo) when the file is new.
   * `readOnly`: a second connection to a file on disk that another one keeps (a report thread's,
   * reportThread/): it writes nothing, not even at open (no schema, settings, statistics, clean-up
   * of past versions or of an interrupted first load), and any write through it fails.
   */
  constructor(filePath: string, template?: Buffer, readOnly = false) {
    const onDisk = filePath !== ':memory:';
    const firstLoad = new FirstLoad(onDisk && !readOnly ? filePath : undefined);
    if (template && onDisk && !readOnly && !fs.existsSync(filePath)) fs.writeFileSync(filePath, template);
    this.db = readOnly ? new Database(filePath, { readonly: true, fileMustExist: true }) : template && !onDisk ? new Database(template) : new Database(filePath);
    refuseOlderFormat(this.db, filePath);
    const normalCacheSize = Number(this.db.pragma('cache_size', { simple: true }));
    if (!readOnly) {
      applyOpenSettings(this.db, onDisk);
      const predating = hasTable(this.db, 'postings') ? KEPT_SUMS.filter((k) => !hasTable(this.db, k.table)) : [];
      this.predatesKeptFacts = hasTable(this.db, 'postings') && !(hasTable(this.db, 'sale_taxes') && hasTable(this.db, 'stock_numbers'));
      this.predatesListCells = hasTable(this.db, 'postings') && !hasTable(this.db, 'list_cells');
      this.db.exec(SCHEMA);
      for (const sum of predating) this.db.exec(sum.fill);
      if (hasIndex(this.db, MARKS_BEFORE_INDEX)) this.db.transaction(() => this.db.exec(BODY_MARKS_FILL))();
      this.db.pragma(`user_version = ${FILE_FORMAT}`);
    }
    this.history = new RowHistory(this.db, readOnly);
    this.graph = new ReferenceGraph(this.db);
    this.ledger = new Ledger(this.db);
    this.pages = new PageBodies(this.db);
    this.listCells = new ListCells(this.db);
    this.ledgerReads = new LedgerReads((sql) => this.statement(sql));
    this.stockReads = new StockReads((sql) => this.statement(sql));
    this.rowReads = new RowReads((sql) => this.statement(sql));
    this.docs = new ObjectDocs(this.db, (sql) => this.statement(sql), this.rowReads);
    this.insertStmt = this.db.prepare(`INSERT INTO object_rows
      (type, id, name, name_lc, sort_key, ref_number, is_active, updated_at, txn_date, tag, is_paid, balance_cents, born)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    // Found first, then written by seq: a RETURNING clause cost SQLite 25-50 µs more per write than both.
    this.seqStmt = this.db.prepare('SELECT seq FROM object_rows WHERE type = ? AND id = ?').pluck();
    this.updateStmt = this.db.prepare(`UPDATE object_rows SET name = ?, name_lc = ?, sort_key = ?, ref_number = ?, is_active = ?,
      updated_at = ?, txn_date = ?, tag = ?, is_paid = ?, balance_cents = ?, born = ? WHERE seq = ?`);
    this.insertBodyStmt = this.db.prepare('INSERT INTO bodies (seq, doc, linked) VALUES (?, ?, ?)');
    this.updateBodyStmt = this.db.prepare('UPDATE bodies SET doc = ?, linked = ? WHERE seq = ?');
    this.removeBodyStmt = this.db.prepare('DELETE FROM bodies WHERE seq = ?');
    this.updateAmountsStmt = this.db.prepare('UPDATE object_rows SET is_paid = ?, balance_cents = ?, born = ? WHERE seq = ?');
    this.meta = new MetaValues(this.db);
    this.removeStmt = this.db.prepare('DELETE FROM object_rows WHERE seq = ?');
    this.committedWrite = Number(this.getMeta(WRITE_NUMBER_KEY) ?? '0');
    if (!readOnly) refreshStatisticsAtOpen(this.db);
    const keepParsed = (on: boolean): void => {
      this.docs.keepParsed(on);
      if (!on) this.numbering = undefined;
    };
    this.bulk = new BulkMode({ db: this.db, ledger: this.ledger, graph: this.graph, transaction: (fn) => this.transaction(fn), keepParsed }, this.meta, firstLoad, onDisk ? normalCacheSize : undefined);
    firstLoad.ready(this.db);
  }

  private get marks(): BodyMarkKeeper {
    return (this.marksKept ??= new BodyMarkKeeper(this.db));
  }

  /** The number of the last committed write: a list sequence opened now sees exactly what it wrote. */
  get writeNumber(): number {
    return this.committedWrite;
  }

  /** The write number that last changed objects of `type` since this store opened (0: none). */
  lastWriteOf(type: string): number {
    return this.typeWrites.get(type) ?? 0;
  }

  /** The number of the running write, for what it stores; a write outside a transaction is one of its own. */
  private writing(type: string): number {
    let write = this.runningWrite;
    if (write === undefined) {
      write = this.committedWrite + 1;
      this.committedWrite = write;
      this.setMeta(WRITE_NUMBER_KEY, String(write));
    }
    this.typeWrites.set(type, write);
    return write;
  }

  /** Before `type`/`id` is replaced or removed: keep its version if an open sequence may see it. */
  private beforeReplace(type: string, id: string, write: number): void {
    const newest = this.newestSnapshotOf(type);
    if (newest === undefined) return;
    // The kept version takes its edges from the graph: it must be whole.
    this.graph.settle();
    this.history.keep(type, id, write, newest);
  }

  /** Removes an object (transactions can be deleted); an open sequence still sees it. */
  remove(type: string, id: string): boolean {
    const write = this.writing(type);
    this.beforeReplace(type, id, write);
    this.docs.forget(type, id);
    const seq = this.seqOf(type, id);
    if (seq === undefined) return false;
    this.removeStmt.run(seq);
    this.removeBodyStmt.run(seq);
    this.marks.removed(seq);
    this.listCells.remove(seq);
    this.graph.removeEdgesOf(seq);
    this.pages.drop(seq);
    return true;
  }

  /**
   * Adds an object; returns its sequence number (its place in creation order). `parsed` is the
   * object `doc` was written from: during a bulk load it is kept, so the jobs, lines and payments
   * that read it next need not parse it back (its caller must not change it afterwards).
   */
  insert(type: string, id: string, columns: IndexColumns, doc: string, linked: string | null, parsed?: unknown): number {
    // A new id has nothing cached (remove forgets what it removes): only a write without `parsed` must clear.
    if (parsed === undefined) this.docs.forget(type, id);
    const born = this.writing(type);
    const { name_lc, sort_key } = nameKeys(columns.name);
    // Positional: a bulk load inserts a row per object, and binding by name cost a lookup per column.
    const c = columns;
    let seq: number;
    if (this.numbering) {
      seq = this.numbering(type, id);
      this.insertAtStmt ??= this.db.prepare(`INSERT INTO object_rows
        (seq, type, id, name, name_lc, sort_key, ref_number, is_active, updated_at, txn_date, tag, is_paid, balance_cents, born)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      this.insertAtStmt.run(seq, type, id, c.name, name_lc, sort_key, c.ref_number, c.is_active, c.updated_at, c.txn_date, c.tag, c.is_paid, c.balance_cents, born);
    } else seq = Number(this.insertStmt.run(type, id, c.name, name_lc, sort_key, c.ref_number, c.is_active, c.updated_at, c.txn_date, c.tag, c.is_paid, c.balance_cents, born).lastInsertRowid);
    this.insertBodyStmt.run(seq, encodeDoc(doc), linked);
    this.marks.written(seq, doc, true);
    if (parsed !== undefined) this.docs.keep(type, id, parsed);
    return seq;
  }

  /** Rewrites an object; returns its sequence number, or undefined when there is no such object. */
  update(type: string, id: string, columns: IndexColumns, doc: string, linked: string | null): number | undefined {
    this.docs.forget(type, id);
    const born = this.writing(type);
    this.beforeReplace(type, id, born);
    const seq = this.seqOf(type, id);
    if (seq === undefined) return undefined;
    const c = columns;
    const { name_lc, sort_key } = nameKeys(c.name);
    this.updateStmt.run(c.name, name_lc, sort_key, c.ref_number, c.is_active, c.updated_at, c.txn_date, c.tag, c.is_paid, c.balance_cents, born, seq);
    this.updateBodyStmt.run(encodeDoc(doc), linked, seq);
    this.marks.written(seq, doc, false);
    this.pages.drop(seq);
    return seq;
  }

  private seqOf(type: string, id: string): number | undefined {
    return this.seqStmt.get(type, id) as number | undefined;
  }

  /**
   * Rewrites an object whose amounts changed but whose name, place and dates did not; returns its
   * sequence number, or undefined when there is no such object. `parsed`, the
   * object `doc` was written from, stays cached during a bulk load (its caller must not change it).
   */
  updateAmounts(type: string, id: string, columns: Pick<IndexColumns, 'is_paid' | 'balance_cents'>, doc: string, linked: string | null, parsed?: unknown): number | undefined {
    if (parsed === undefined) this.docs.forget(type, id);
    else this.docs.keep(type, id, parsed);
    const born = this.writing(type);
    this.beforeReplace(type, id, born);
    const seq = this.seqOf(type, id);
    if (seq === undefined) return undefined;
    this.updateAmountsStmt.run(columns.is_paid, columns.balance_cents, born, seq);
    this.updateBodyStmt.run(encodeDoc(doc), linked, seq);
    this.marks.written(seq, doc, false);
    this.pages.drop(seq);
    return seq;
  }

  /** A prepared statement, prepared once per SQL text: preparing costs more than most queries here. */
  statement(sql: string): Database.Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  getMeta(key: string): string | undefined {
    return this.meta.get(key);
  }

  setMeta(key: string, value: string): void {
    this.meta.set(key, value);
  }

  /** Meta values under `prefix`, by the rest of the key, the running transaction's changes included. */
  metaWithPrefix(prefix: string): Map<string, string> {
    return this.meta.withPrefix(prefix);
  }

  /** Runs `fn` as one transaction: all of it is written, or none. */
  transaction<T>(fn: () => T): T {
    // Inside an open transaction (bulk seeding) a savepoint per object buys nothing.
    if (this.db.inTransaction) return fn();
    const write = this.committedWrite + 1;
    let rolledBack = false;
    try {
      this.meta.hold();
      this.runningWrite = write;
      const result = this.db.transaction(() => {
        const value = fn();
        settleOpenBalances((sql) => this.statement(sql));
        this.meta.set(WRITE_NUMBER_KEY, String(write));
        this.meta.flush();
        return value;
      })();
      this.committedWrite = write;
      return result;
    } catch (error) {
      rolledBack = true;
      this.pages.clear();
      this.docs.forgetAll();
      this.history.recount();
      throw error;
    } finally {
      this.meta.release(rolledBack);
      this.runningWrite = undefined;
    }
  }

  /** The company file's size in bytes, as SQLite lays it out (pages in use and free). */
  sizeBytes(): number {
    return Number(this.db.pragma('page_count', { simple: true })) * Number(this.db.pragma('page_size', { simple: true }));
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
