import type Database from 'better-sqlite3';
import { ROW_COLUMNS } from './companyFileSchema.ts';

/** Columns a past version keeps: everything a list filter or a page reads. */
const VERSION_COLUMNS =
  'seq, type, id, name, name_lc, sort_key, ref_number, is_active, updated_at, txn_date, tag, is_paid, balance_cents, doc, linked, born';

export const HISTORY_SCHEMA = `
CREATE TABLE IF NOT EXISTS object_versions (
  ver INTEGER PRIMARY KEY,
  seq INTEGER NOT NULL,
  ${ROW_COLUMNS},
  doc BLOB NOT NULL,
  linked TEXT,
  born INTEGER NOT NULL,
  died INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS object_versions_sort ON object_versions (type, sort_key, seq);
CREATE INDEX IF NOT EXISTS object_versions_died ON object_versions (type, died);
CREATE TABLE IF NOT EXISTS version_refs (ver INTEGER NOT NULL, path TEXT NOT NULL, to_id TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS version_refs_ver ON version_refs (ver);
CREATE INDEX IF NOT EXISTS version_refs_to ON version_refs (to_id, path);
`;

/**
 * Past versions of objects that an open list sequence may still see. A write that replaces or
 * removes an object while a sequence of its type is open keeps the version it replaces here, with
 * the write number that ended it; a sequence opened at write number S sees the versions born at or
 * before S that died after S. Versions go as soon as no open sequence can see them, and all of them
 * at open: sequences do not survive a restart.
 */
export class RowHistory {
  private readonly keepStmt: Database.Statement;
  private readonly keepRefsStmt: Database.Statement;
  private readonly forgetRefsStmt: Database.Statement;
  private readonly forgetStmt: Database.Statement;
  /** Versions held per type, so that a page of a type with none costs no clean-up. */
  private readonly held = new Map<string, number>();

  /** `readOnly`: another connection's file (a report thread's): its versions belong to that connection, and are left alone. */
  constructor(
    private readonly db: Database.Database,
    readOnly = false,
  ) {
    if (!readOnly) {
      db.exec(HISTORY_SCHEMA);
      db.exec('DELETE FROM object_versions; DELETE FROM version_refs;');
    }
    this.keepStmt = db.prepare(
      `INSERT INTO object_versions (${VERSION_COLUMNS}, died) SELECT ${VERSION_COLUMNS}, ? FROM objects WHERE type = ? AND id = ? AND born <= ? RETURNING ver, seq`,
    );
    this.keepRefsStmt = db.prepare('INSERT INTO version_refs (ver, path, to_id) SELECT ?, path, to_id FROM refs WHERE from_seq = ?');
    this.forgetRefsStmt = db.prepare('DELETE FROM version_refs WHERE ver IN (SELECT ver FROM object_versions WHERE type = ? AND died <= ?)');
    this.forgetStmt = db.prepare('DELETE FROM object_versions WHERE type = ? AND died <= ?');
  }

  /**
   * Keeps the stored version of an object about to be replaced by write `write`, if a sequence
   * opened at `newestSnapshot` or before can see it: one born after (by an earlier write since, or
   * by this very write touching the object twice) is seen by none.
   */
  keep(type: string, id: string, write: number, newestSnapshot: number): void {
    const kept = this.keepStmt.get(write, type, id, newestSnapshot) as { ver: number; seq: number } | undefined;
    if (!kept) return;
    this.keepRefsStmt.run(kept.ver, kept.seq);
    this.held.set(type, (this.held.get(type) ?? 0) + 1);
  }

  /** The stored bytes of past versions, by version number. */
  docs(vers: readonly number[]): Map<number, { doc: Buffer; linked: string | null }> {
    const rows = this.db.prepare(`SELECT ver, doc, linked FROM object_versions WHERE ver IN (${vers.map(() => '?').join(',')})`).all(...vers) as {
      ver: number;
      doc: Buffer;
      linked: string | null;
    }[];
    return new Map(rows.map((row) => [row.ver, row]));
  }

  /** After a rollback: the versions it kept are gone again. */
  recount(): void {
    this.held.clear();
    for (const row of this.db.prepare('SELECT type, COUNT(*) AS n FROM object_versions GROUP BY type').all() as { type: string; n: number }[]) {
      this.held.set(row.type, row.n);
    }
  }

  holds(type: string): boolean {
    return (this.held.get(type) ?? 0) > 0;
  }

  /** Drops the versions of `type` that died at or before `upTo`: no open sequence can see them. */
  forget(type: string, upTo: number): void {
    if (!this.holds(type)) return;
    this.forgetRefsStmt.run(type, upTo);
    const { changes } = this.forgetStmt.run(type, upTo);
    const left = (this.held.get(type) ?? 0) - changes;
    if (left > 0) this.held.set(type, left);
    else this.held.delete(type);
  }

  get size(): number {
    let total = 0;
    for (const n of this.held.values()) total += n;
    return total;
  }
}
