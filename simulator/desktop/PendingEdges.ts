import type { ReferenceEdge } from './CompanyFileStore.ts';

/** Edges per INSERT when written out: 256 x 3 bound values. */
const FLUSH_BATCH = 256;

/**
 * The reference edges of new objects during a bulk load, held back and written in the graph's key
 * order (target, path, object) when the load ends or something reads the graph. Written as
 * objects came, each edge went to one of a few dozen places of the graph's b-tree among the
 * pages of 100,000 bodies; in key order each lands next to the one before (a third of what the
 * graph cost at 100,000 customers).
 */
export class PendingEdges {
  /** Target id -> path -> sequence numbers of the objects pointing there, ascending as added. */
  private readonly byTarget = new Map<string, Map<string, number[]>>();
  private held = 0;

  get size(): number {
    return this.held;
  }

  add(seq: number, edges: readonly ReferenceEdge[]): void {
    for (const edge of edges) {
      let byPath = this.byTarget.get(edge.id);
      if (!byPath) {
        byPath = new Map();
        this.byTarget.set(edge.id, byPath);
      }
      const seqs = byPath.get(edge.path);
      if (seqs) seqs.push(seq);
      else byPath.set(edge.path, [seq]);
    }
    this.held += edges.length;
  }

  /** Hands every held edge to `write` in key order, `FLUSH_BATCH` at most per call as (from_seq, path, to_id) triples, and forgets them. */
  flush(write: (values: unknown[]) => void): void {
    if (this.held === 0) return;
    let values: unknown[] = [];
    for (const id of [...this.byTarget.keys()].sort()) {
      const byPath = this.byTarget.get(id) as Map<string, number[]>;
      for (const path of [...byPath.keys()].sort()) {
        for (const seq of byPath.get(path) as number[]) {
          values.push(seq, path, id);
          if (values.length === FLUSH_BATCH * 3) {
            write(values);
            values = [];
          }
        }
      }
    }
    if (values.length > 0) write(values);
    this.clear();
  }

  clear(): void {
    this.byTarget.clear();
    this.held = 0;
  }
}
