/** A table the books keep beside the postings, up to date on every write (`keptSums.ts`, `openBalances.ts`). */
export interface KeptTable {
  table: string;
  /** Its table and indexes. */
  create: string;
  /** What keeps it (or marks what it must settle) as postings and links are written. */
  triggers: readonly string[];
  /** The table made again from the postings: after a bulk load (its triggers dropped), and for a file that predates it. */
  fill: string;
}
