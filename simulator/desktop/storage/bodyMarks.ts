import type Database from 'better-sqlite3';

/**
 * Flags a report lists the few documents of, by the bytes that set them in a stored document: the
 * store notes each body that has them in `body_marks` as it writes it, so a report finds them
 * without reading every document of its types (pending sales: 1.1 s on 205,000 transactions for
 * none pending, to under a millisecond). Stored JSON is written compactly, so a set flag is always
 * these bytes; a report still checks each document it reads.
 *
 * A table the store keeps rather than a partial index per mark: SQLite tested the index's
 * condition with `instr` on every body written, old and new, which a bulk load paid on each of
 * its hundreds of thousands of writes (seeding half the bench's sizes, the bodies' inserts 1.3-1.4 s
 * -> 0.85 s and the invoices' rewrites 0.7-0.9 s -> 0.4 s without it). Every body is written by the
 * store (`CompanyFileStore`), so every write passes here.
 */
export const BODY_MARKS = {
  pending: '"isPending":true',
} as const;

export type BodyMark = keyof typeof BODY_MARKS;

const MARKS = Object.entries(BODY_MARKS) as [BodyMark, string][];

/** The SQL test of a body for a mark, for filling the table from the bodies of a file made before it. */
function markedTest(mark: BodyMark): string {
  return `instr(doc, CAST('${BODY_MARKS[mark].replaceAll("'", "''")}' AS BLOB)) > 0`;
}

export const BODY_MARKS_SCHEMA = 'CREATE TABLE IF NOT EXISTS body_marks (mark TEXT NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (mark, seq)) WITHOUT ROWID;';

/** The partial index a file made before the table has: its presence says the table is still to be filled. */
export const MARKS_BEFORE_INDEX = 'bodies_pending';

/** A file made before the table (it had a partial index per mark instead): its marks from its bodies, once, and the indexes gone (in one transaction, so an interrupted fill is done again). */
export const BODY_MARKS_FILL = [
  'DELETE FROM body_marks;',
  ...MARKS.map(([mark]) => `INSERT INTO body_marks (mark, seq) SELECT '${mark}', seq FROM bodies WHERE ${markedTest(mark)};`),
  ...MARKS.map(([mark]) => `DROP INDEX IF EXISTS bodies_${mark};`),
].join('\n');

/** The seqs of the bodies that have a mark, as SQL of one column `seq` (a report's source of the few). */
export function markedSeqs(mark: BodyMark): string {
  return `SELECT seq FROM body_marks WHERE mark = '${mark}'`;
}

/** Notes the marks of each body as the store writes it. */
export class BodyMarkKeeper {
  private readonly add: Database.Statement;
  private readonly drop: Database.Statement;

  constructor(db: Database.Database) {
    this.add = db.prepare('INSERT OR IGNORE INTO body_marks (mark, seq) VALUES (?, ?)');
    this.drop = db.prepare('DELETE FROM body_marks WHERE mark = ? AND seq = ?');
  }

  /** A body written as `doc`; `fresh`: its seq had no body before, so it has no mark to lose. */
  written(seq: number, doc: string, fresh: boolean): void {
    for (const [mark, text] of MARKS) {
      if (doc.includes(text)) this.add.run(mark, seq);
      else if (!fresh) this.drop.run(mark, seq);
    }
  }

  removed(seq: number): void {
    for (const [mark] of MARKS) this.drop.run(mark, seq);
  }
}
