import type Database from 'better-sqlite3';
import type { ReferenceEdge, StoredRow } from './storedRows.ts';
import { PendingEdges } from './PendingEdges.ts';

/** Up to this many edges per INSERT for one object: a customer has six, an invoice a dozen. */
const REF_BATCH = 32;
const FROM_INDEX = 'CREATE INDEX IF NOT EXISTS refs_from ON refs (from_seq)';

/**
 * The objects naming, in one field (first placeholder: its path), an object of some types (second:
 * a JSON array), as `seq` (the naming object's) and `id` (the one named): found from the named
 * objects (a few representatives or accounts), not from every object's references.
 */
export const NAMED_IN_FIELD = 'SELECT f.from_seq AS seq, f.to_id AS id FROM object_rows o CROSS JOIN refs f ON f.to_id = o.id AND f.path = ? WHERE o.type IN (SELECT value FROM json_each(?))';

/**
 * Objects of a type pointing at an id from a path. CROSS JOIN: the edges first, always; with full
 * statistics SQLite chose to walk every object of the type instead (3.3 ms per customer added to a
 * file of 20,000, when the whole add takes 0.3).
 */
export const REFERENCING_SQL =
  'SELECT o.doc FROM refs r CROSS JOIN objects o ON o.seq = r.from_seq WHERE r.to_id = ? AND r.path = ? AND o.type = ? ORDER BY o.seq';

/**
 * The reference graph of a company file (`refs`): which object points at which from which path.
 * Rename propagation, the checks before a deactivation, balances and reference filters read it.
 *
 * During a bulk load the edges of new objects are held back (PendingEdges) and the index by
 * holder (`refs_from`) is dropped; both come back, in key order, when the load ends or when
 * something needs the graph as it is (`settle`): a rewrite replacing an object's edges, a read.
 */
export class ReferenceGraph {
  private readonly insertByCount = new Map<number, Database.Statement>();
  private readonly deleteStmt: Database.Statement;
  private readonly insertHoldersStmt: Database.Statement;
  private readonly referencingStmt: Database.Statement;
  private readonly referrersStmt: Database.Statement;
  private pending: PendingEdges | undefined;
  private fromIndexDropped = false;

  constructor(private readonly db: Database.Database) {
    this.deleteStmt = db.prepare('DELETE FROM refs WHERE from_seq = ?');
    // Edges are a set (OR IGNORE): two lines naming the same item are one edge.
    this.insertHoldersStmt = db.prepare('INSERT OR IGNORE INTO refs (to_id, path, from_seq) SELECT ?, ?, value FROM json_each(?)');
    this.referencingStmt = db.prepare(REFERENCING_SQL).pluck();
    this.referrersStmt = db.prepare('SELECT o.* FROM objects o WHERE o.seq IN (SELECT from_seq FROM refs WHERE to_id = ?) ORDER BY o.seq');
  }

  /** Replaces the edges of one object; `fresh`: it was just inserted and has none yet. */
  setReferences(seq: number, edges: readonly ReferenceEdge[], fresh = false): void {
    if (fresh && this.pending) {
      this.pending.add(seq, edges);
      return;
    }
    // A row just inserted has no edges yet: the delete would only probe the index.
    if (!fresh) this.removeEdgesOf(seq);
    for (let start = 0; start < edges.length; start += REF_BATCH) {
      const count = Math.min(REF_BATCH, edges.length - start);
      const values: unknown[] = new Array<unknown>(count * 3);
      for (let i = 0; i < count; i += 1) {
        const edge = edges[start + i] as ReferenceEdge;
        values[i * 3] = seq;
        values[i * 3 + 1] = edge.path;
        values[i * 3 + 2] = edge.id;
      }
      this.insertStatement(count).run(values);
    }
  }

  removeEdgesOf(seq: number): void {
    this.settle();
    this.deleteStmt.run(seq);
  }

  /** Objects of `type` whose reference at `path` points at `id`, in creation order, as stored bytes. */
  referencing(type: string, path: string, id: string): Buffer[] {
    this.settle();
    return this.referencingStmt.all(id, path, type) as Buffer[];
  }

  /** Every object referring to `id` from anywhere, once each. */
  referrers(id: string): StoredRow[] {
    this.settle();
    return this.referrersStmt.all(id) as StoredRow[];
  }

  /** Writes what a bulk load holds back and puts the holder index back: call before reading `refs` with SQL of your own. */
  settle(): void {
    if (this.pending && this.pending.size > 0) this.pending.flush((id, path, seqsJson) => this.insertHoldersStmt.run(id, path, seqsJson));
    if (this.fromIndexDropped) {
      this.db.exec(FROM_INDEX);
      this.fromIndexDropped = false;
    }
  }

  /** Runs a bulk load's `fn` with new edges held back; inside the load's transaction, so a failure rolls the index back too. */
  holdDuring<T>(fn: () => T): T {
    this.db.exec('DROP INDEX IF EXISTS refs_from');
    this.fromIndexDropped = true;
    this.pending = new PendingEdges();
    try {
      const result = fn();
      this.settle();
      return result;
    } finally {
      this.pending = undefined;
      this.fromIndexDropped = false;
    }
  }

  private insertStatement(count: number): Database.Statement {
    let stmt = this.insertByCount.get(count);
    if (!stmt) {
      // Edges are a set: two lines naming the same item are one edge.
      stmt = this.db.prepare(`INSERT OR IGNORE INTO refs (from_seq, path, to_id) VALUES ${Array.from({ length: count }, () => '(?, ?, ?)').join(', ')}`);
      this.insertByCount.set(count, stmt);
    }
    return stmt;
  }
}
