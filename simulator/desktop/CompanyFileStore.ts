import Database from 'better-sqlite3';
import { PageRowCache } from './PageRowCache.ts';
import { compareRefNumbers } from './queryFilters.ts';

/**
 * The indexed columns every stored object feeds. Filters are written against these, never against
 * a type's own fields, so one query engine serves every object type.
 */
export interface IndexColumns {
  name: string | null;
  ref_number: string | null;
  is_active: number;
  updated_at: number;
  txn_date: string | null;
  entity_id: string | null;
  account_id: string | null;
  class_id: string | null;
  currency_id: string | null;
  parent_id: string | null;
  is_paid: number | null;
  balance_cents: number | null;
}

export interface StoredRow extends IndexColumns {
  seq: number;
  type: string;
  id: string;
  /** The object's JSON as UTF-8 bytes: pages are assembled from these without re-encoding. */
  doc: Buffer;
  linked: string | null;
}

/** What a list page needs of a row. */
export type PageRow = Pick<StoredRow, 'seq' | 'doc' | 'linked'>;

export function parseDoc<T>(doc: Buffer): T {
  return JSON.parse(doc.toString('utf8')) as T;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS objects (
  seq INTEGER PRIMARY KEY,
  type TEXT NOT NULL,
  id TEXT NOT NULL,
  name TEXT,
  name_lc TEXT,
  sort_key TEXT,
  ref_number TEXT,
  is_active INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  txn_date TEXT,
  entity_id TEXT,
  account_id TEXT,
  class_id TEXT,
  currency_id TEXT,
  parent_id TEXT,
  is_paid INTEGER,
  balance_cents INTEGER,
  doc BLOB NOT NULL,
  linked TEXT,
  UNIQUE (type, id)
);
CREATE INDEX IF NOT EXISTS objects_sort ON objects (type, sort_key);
CREATE INDEX IF NOT EXISTS objects_active_sort ON objects (type, is_active, sort_key);
CREATE INDEX IF NOT EXISTS objects_name ON objects (type, name_lc);
CREATE INDEX IF NOT EXISTS objects_ref ON objects (type, ref_number);
CREATE INDEX IF NOT EXISTS objects_entity ON objects (type, entity_id);
CREATE INDEX IF NOT EXISTS objects_parent ON objects (type, parent_id);
`;

/** Lower-cased name, and a sort key that keeps jobs right after their parent ("a:b" before "a b"). */
export function nameKeys(name: string | null): { name_lc: string | null; sort_key: string | null } {
  if (name === null) return { name_lc: null, sort_key: null };
  const lc = name.toLowerCase();
  return { name_lc: lc, sort_key: lc.replaceAll(':', '\u0001') };
}

/**
 * One company file: a single SQLite database. Writes use WAL with full sync so that whatever was
 * acknowledged survives the process being killed.
 */
export class CompanyFileStore {
  readonly db: Database.Database;
  private readonly insertStmt: Database.Statement;
  private readonly updateStmt: Database.Statement;
  private readonly getStmt: Database.Statement;
  private readonly getSeqStmt: Database.Statement;
  private readonly metaGet: Database.Statement;
  private readonly metaSet: Database.Statement;
  private readonly bySeqCount = new Map<number, Database.Statement>();
  private readonly statements = new Map<string, Database.Statement>();
  private readonly meta = new Map<string, string | undefined>();
  private readonly pageRows = new PageRowCache();

  constructor(filePath: string) {
    this.db = new Database(filePath);
    if (filePath !== ':memory:') {
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = FULL');
    }
    this.db.exec(SCHEMA);
    this.db.function('ref_compare', { deterministic: true }, (a: unknown, b: unknown) => compareRefNumbers(typeof a === 'string' ? a : null, String(b)));
    this.insertStmt = this.db.prepare(`INSERT INTO objects
      (type, id, name, name_lc, sort_key, ref_number, is_active, updated_at, txn_date, entity_id, account_id, class_id,
       currency_id, parent_id, is_paid, balance_cents, doc, linked)
      VALUES (@type, @id, @name, @name_lc, @sort_key, @ref_number, @is_active, @updated_at, @txn_date, @entity_id,
       @account_id, @class_id, @currency_id, @parent_id, @is_paid, @balance_cents, @doc, @linked)`);
    this.updateStmt = this.db.prepare(`UPDATE objects SET name=@name, name_lc=@name_lc, sort_key=@sort_key,
      ref_number=@ref_number, is_active=@is_active, updated_at=@updated_at, txn_date=@txn_date, entity_id=@entity_id,
      account_id=@account_id, class_id=@class_id, currency_id=@currency_id, parent_id=@parent_id, is_paid=@is_paid,
      balance_cents=@balance_cents, doc=@doc, linked=@linked WHERE type=@type AND id=@id RETURNING seq`);
    this.getStmt = this.db.prepare('SELECT * FROM objects WHERE type = ? AND id = ?');
    this.getSeqStmt = this.db.prepare('SELECT * FROM objects WHERE seq = ?');
    this.metaGet = this.db.prepare('SELECT value FROM meta WHERE key = ?');
    this.metaSet = this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
  }

  insert(type: string, id: string, columns: IndexColumns, doc: string, linked: string | null): void {
    this.insertStmt.run({ type, id, ...columns, ...nameKeys(columns.name), doc: Buffer.from(doc, 'utf8'), linked });
  }

  update(type: string, id: string, columns: IndexColumns, doc: string, linked: string | null): void {
    const changed = this.updateStmt.get({ type, id, ...columns, ...nameKeys(columns.name), doc: Buffer.from(doc, 'utf8'), linked }) as
      | { seq: number }
      | undefined;
    if (changed) this.pageRows.drop(changed.seq);
  }

  get(type: string, id: string): StoredRow | undefined {
    return this.getStmt.get(type, id) as StoredRow | undefined;
  }

  getBySeq(seq: number): StoredRow | undefined {
    return this.getSeqStmt.get(seq) as StoredRow | undefined;
  }

  /** Rows for the given sequence numbers, in the order given; only what a page needs is read. */
  getManyBySeq(seqs: readonly number[]): PageRow[] {
    const cached = seqs.map((seq) => this.pageRows.get(seq));
    if (cached.every((row) => row !== undefined)) return cached as PageRow[];
    const missing = seqs.filter((_seq, i) => cached[i] === undefined);
    let stmt = this.bySeqCount.get(missing.length);
    if (!stmt) {
      stmt = this.db.prepare(`SELECT seq, doc, linked FROM objects WHERE seq IN (${missing.map(() => '?').join(',')})`);
      this.bySeqCount.set(missing.length, stmt);
    }
    for (const row of stmt.all(...missing) as PageRow[]) this.pageRows.set(row);
    return seqs.flatMap((seq) => {
      const row = this.pageRows.get(seq);
      return row ? [row] : [];
    });
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

  /** Meta values are read on every add (counters, time zone): served from memory after first read. */
  getMeta(key: string): string | undefined {
    if (this.meta.has(key)) return this.meta.get(key);
    const value = (this.metaGet.get(key) as { value: string } | undefined)?.value;
    this.meta.set(key, value);
    return value;
  }

  setMeta(key: string, value: string): void {
    this.metaSet.run(key, value);
    this.meta.set(key, value);
  }

  nameOf(type: string, id: string): string | null | undefined {
    const row = this.statement('SELECT name FROM objects WHERE type = ? AND id = ?').get(type, id) as { name: string | null } | undefined;
    return row?.name;
  }

  /** Runs `fn` as one transaction: all of it is written, or none. */
  transaction<T>(fn: () => T): T {
    // Inside an open transaction (bulk seeding) a savepoint per object buys nothing.
    if (this.db.inTransaction) return fn();
    try {
      return this.db.transaction(fn)();
    } catch (error) {
      // The rollback undid meta writes too; forget what memory holds of them.
      this.meta.clear();
      this.pageRows.clear();
      throw error;
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
