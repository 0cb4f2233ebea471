import type Database from 'better-sqlite3';

/**
 * The company file's meta table (counters, time zone, opening balances, the write number), served
 * from memory after the first read: every add reads some. Inside a transaction, changed keys are
 * written once at its end; id counters change on every add, and a bulk load would otherwise write
 * them tens of thousands of times.
 */
export class MetaValues {
  private readonly values = new Map<string, string | undefined>();
  private dirty: Set<string> | undefined;
  /**
   * Every row of the table is in `values` (a bulk load read them all at its start): a key not there
   * is not in the table. Line account overrides and void marks are asked of every line and
   * transaction and almost never there: one query per miss was 1.7 s of seeding 200,000 transactions.
   */
  private complete = false;
  private readonly getStmt: Database.Statement;
  private readonly setStmt: Database.Statement;
  private readonly prefixStmt: Database.Statement;
  private readonly allStmt: Database.Statement;

  constructor(db: Database.Database) {
    this.getStmt = db.prepare('SELECT value FROM meta WHERE key = ?');
    this.setStmt = db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
    this.prefixStmt = db.prepare('SELECT key, value FROM meta WHERE key >= ? AND key < ?');
    this.allStmt = db.prepare('SELECT key, value FROM meta');
  }

  get(key: string): string | undefined {
    if (this.complete || this.values.has(key)) return this.values.get(key);
    const value = (this.getStmt.get(key) as { value: string } | undefined)?.value;
    this.values.set(key, value);
    return value;
  }

  set(key: string, value: string): void {
    this.values.set(key, value);
    if (this.dirty) this.dirty.add(key);
    else this.setStmt.run(key, value);
  }

  /** Every value whose key starts with `prefix`, by the rest of the key: committed ones with the running transaction's on top. */
  withPrefix(prefix: string): Map<string, string> {
    const rows = this.prefixStmt.all(prefix, `${prefix}\uffff`) as { key: string; value: string }[];
    const out = new Map(rows.map((r) => [r.key.slice(prefix.length), r.value]));
    for (const key of this.dirty ?? []) {
      const value = this.values.get(key);
      if (key.startsWith(prefix) && value !== undefined) out.set(key.slice(prefix.length), value);
    }
    return out;
  }

  /**
   * On: reads the whole table into memory and answers every read from there until off (bulk loads,
   * which write meta only through this object). Misses are then not remembered one by one.
   */
  holdAll(on: boolean): void {
    this.complete = false;
    if (!on) return;
    for (const row of this.allStmt.all() as { key: string; value: string }[]) this.values.set(row.key, row.value);
    this.complete = true;
  }

  /** A transaction starts: changes wait for `flush`. */
  hold(): void {
    this.dirty = new Set();
  }

  /** Writes what the running transaction changed (inside it, before commit). */
  flush(): void {
    for (const key of this.dirty ?? []) {
      const value = this.values.get(key);
      if (value !== undefined) this.setStmt.run(key, value);
    }
  }

  /** The transaction ended; after a rollback memory forgets what it held, since the table was undone too. */
  release(rolledBack: boolean): void {
    if (rolledBack) {
      this.values.clear();
      this.complete = false;
    }
    this.dirty = undefined;
  }
}
