import type { PageRow } from './storedRows.ts';

/**
 * Up to 256 MB of serialized objects per company file: a 100,000-customer file fits whole, so that
 * walking a long list costs a map lookup per object rather than a blob read (0.4 ms of a 150-object
 * page at 100,000). Small files use only what they hold.
 */
const DEFAULT_BUDGET_BYTES = 256 * 1024 * 1024;

/**
 * Served objects, as stored bytes, by sequence number. Reading a page from SQLite costs more than
 * sending it; from here it costs a map lookup. The oldest entries go first once the byte budget is
 * spent (no reordering on reads: a page is 150 lookups). The store drops a row whenever it changes,
 * so nothing stale is served.
 */
export class PageRowCache {
  private readonly rows = new Map<number, PageRow>();
  private bytes = 0;

  constructor(private readonly budget = DEFAULT_BUDGET_BYTES) {}

  get(seq: number): PageRow | undefined {
    return this.rows.get(seq);
  }

  set(row: PageRow): void {
    this.drop(row.seq);
    this.rows.set(row.seq, row);
    this.bytes += row.doc.length;
    for (const [seq] of this.rows) {
      if (this.bytes <= this.budget) break;
      this.drop(seq);
    }
  }

  drop(seq: number): void {
    const old = this.rows.get(seq);
    if (!old) return;
    this.rows.delete(seq);
    this.bytes -= old.doc.length;
  }

  clear(): void {
    this.rows.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.rows.size;
  }
}
