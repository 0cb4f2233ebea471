import type Database from 'better-sqlite3';
import type { PageRow } from './storedRows.ts';
import { PageRowCache } from './PageRowCache.ts';

/**
 * The stored bytes of the objects a list page sends, by sequence number: from the page cache, the
 * rest from `bodies` in one query. The store drops a row here whenever it rewrites or removes it.
 */
export class PageBodies {
  private readonly cache = new PageRowCache();
  private readonly bySeqCount = new Map<number, Database.Statement>();

  constructor(private readonly db: Database.Database) {}

  /** Rows for the given sequence numbers, in the order given (missing ones left out); only what a page needs is read. */
  read(seqs: readonly number[]): PageRow[] {
    const rows = seqs.map((seq) => this.cache.get(seq));
    const missing = seqs.filter((_seq, i) => rows[i] === undefined);
    if (missing.length === 0) return rows as PageRow[];
    let stmt = this.bySeqCount.get(missing.length);
    if (!stmt) {
      stmt = this.db.prepare(`SELECT seq, doc, linked FROM bodies WHERE seq IN (${missing.map(() => '?').join(',')})`);
      this.bySeqCount.set(missing.length, stmt);
    }
    const read = new Map<number, PageRow>();
    for (const row of stmt.all(...missing) as PageRow[]) {
      read.set(row.seq, row);
      this.cache.set(row);
    }
    return seqs.flatMap((seq, i) => {
      const row = rows[i] ?? read.get(seq);
      return row ? [row] : [];
    });
  }

  drop(seq: number): void {
    this.cache.drop(seq);
  }

  clear(): void {
    this.cache.clear();
  }
}
