import type { ReferenceEdge } from './storedRows.ts';

/** Holders per INSERT when written out: one bucket's sequence numbers, as one JSON array at most this long. */
const FLUSH_BATCH = 10_000;

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

  /**
   * Hands every held edge to `write` in key order, a target and path at a time with the holders'
   * sequence numbers as a JSON array (`FLUSH_BATCH` at most per call), and forgets them. One array
   * bound per call instead of three values per edge: SQLite reads the array itself (json_each),
   * a third less time than binding 600,000 edges of 100,000 customers value by value.
   */
  flush(write: (id: string, path: string, seqsJson: string) => void): void {
    if (this.held === 0) return;
    for (const id of [...this.byTarget.keys()].sort()) {
      const byPath = this.byTarget.get(id) as Map<string, number[]>;
      for (const path of [...byPath.keys()].sort()) {
        const seqs = byPath.get(path) as number[];
        for (let start = 0; start < seqs.length; start += FLUSH_BATCH) write(id, path, JSON.stringify(seqs.slice(start, start + FLUSH_BATCH)));
      }
    }
    this.clear();
  }

  clear(): void {
    this.byTarget.clear();
    this.held = 0;
  }
}
