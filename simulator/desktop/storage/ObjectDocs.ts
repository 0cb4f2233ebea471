import type Database from 'better-sqlite3';
import { ParsedDocCache } from './ParsedDocCache.ts';
import type { Prepare } from './postingReads.ts';
import type { RowReads } from './RowReads.ts';
import type { StoredRow } from './storedRows.ts';

export function parseDoc<T>(doc: Buffer): T {
  return JSON.parse(doc.toString('utf8')) as T;
}

/**
 * The objects read back by type and id: stored rows and parsed documents. While a bulk load runs
 * the parsed ones are kept (`ParsedDocCache`), and the store's writes keep that cache true: they
 * hand over what they wrote (`keep`) or drop what they changed (`forget`).
 */
export class ObjectDocs {
  private readonly rowStmt: Database.Statement;
  private readonly docStmt: Database.Statement;
  private readonly linkedStmt: Database.Statement;
  /** On only while a bulk load runs. */
  private cache: ParsedDocCache | undefined;

  /** `statement`: the store's shared prepared statements, for the reads whose SQL varies. */
  constructor(
    db: Database.Database,
    private readonly statement: Prepare,
    private readonly rowReads: RowReads,
  ) {
    this.rowStmt = db.prepare('SELECT * FROM objects WHERE type = ? AND id = ?');
    this.docStmt = db.prepare('SELECT doc FROM objects WHERE type = ? AND id = ?').pluck();
    this.linkedStmt = db.prepare('SELECT linked FROM objects WHERE type = ? AND id = ?').pluck();
  }

  /** Keeps parsed documents from now on (a bulk load starts), or no longer (it ended). */
  keepParsed(on: boolean): void {
    this.cache = on ? new ParsedDocCache() : undefined;
  }

  /** The object `doc` was written from, while documents are kept: its caller must not change it afterwards. */
  keep(type: string, id: string, parsed: unknown): void {
    this.cache?.set(type, id, parsed);
  }

  /** The object changed or went: the next read parses it again. */
  forget(type: string, id: string): void {
    this.cache?.forget(type, id);
  }

  /** After a rollback: what the cache kept may never have been written. */
  forgetAll(): void {
    this.cache?.clear();
  }

  row(type: string, id: string): StoredRow | undefined {
    return this.rowStmt.get(type, id) as StoredRow | undefined;
  }

  /**
   * The parsed object, or undefined. While documents are kept (bulk loads) the same object may be
   * handed out again: callers must not change it.
   */
  find<T>(type: string, id: string): T | undefined {
    const hit = this.cache?.get(type, id);
    if (hit !== undefined) return hit as T;
    const doc = this.docStmt.get(type, id) as Buffer | undefined;
    if (!doc) return undefined;
    const parsed = parseDoc<T>(doc);
    this.cache?.set(type, id, parsed);
    return parsed;
  }

  /** The object with this id among several types (an item of any kind): cache first, then one query rather than one per type. */
  findAmong<T>(types: readonly string[], id: string): T | undefined {
    for (const type of types) {
      const hit = this.cache?.get(type, id);
      if (hit !== undefined) return hit as T;
    }
    const row = this.statement(`SELECT type, doc FROM objects WHERE id = ? AND type IN (${types.map(() => '?').join(',')}) LIMIT 1`).get(id, ...types) as
      | { type: string; doc: Buffer }
      | undefined;
    if (!row) return undefined;
    const parsed = parseDoc<T>(row.doc);
    this.cache?.set(row.type, id, parsed);
    return parsed;
  }

  /** The linked transactions column alone: cheaper than the whole row when that is all a rule needs. */
  linkedOf(type: string, id: string): string | null | undefined {
    return this.linkedStmt.get(type, id) as string | null | undefined;
  }

  /**
   * Every object of a type, parsed, in creation order. During a bulk load through the cache, so
   * the same objects may be handed out again (callers must not change them): a fixture's undeposited
   * funds account is found by name among all accounts for each payment deposited, and parsing every
   * account each time was 14 s of loading 75,000 invoices with their payments.
   */
  all<T>(type: string): T[] {
    if (!this.cache) return this.rowReads.allOf(type).map((doc) => parseDoc<T>(doc));
    const ids = this.statement('SELECT id FROM object_rows WHERE type = ? ORDER BY seq').pluck().all(type) as string[];
    return ids.flatMap((id) => {
      const doc = this.find<T>(type, id);
      return doc === undefined ? [] : [doc];
    });
  }
}
