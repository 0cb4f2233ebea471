import type Database from 'better-sqlite3';

/** A deleted transaction or an inactive list object: `label` is its reference number or its full name. */
export interface Deletion {
  type: string;
  id: string;
  label: string | null;
  createdAt: string;
  deletedAt: number;
}

/** What was deleted, and which list objects were made inactive, for the deleted-objects lists. */
export class Deletions {
  private readonly insert: Database.Statement;
  private readonly remove: Database.Statement;

  constructor(private readonly db: Database.Database) {
    this.insert = db.prepare('INSERT OR REPLACE INTO deletions (type, id, label, created_at, deleted_at) VALUES (?, ?, ?, ?, ?)');
    this.remove = db.prepare('DELETE FROM deletions WHERE type = ? AND id = ?');
  }

  /** Remembers a deleted transaction, or a list object made inactive. */
  record(deleted: Omit<Deletion, 'deletedAt'>, deletedAt: number): void {
    this.insert.run(deleted.type, deleted.id, deleted.label, deleted.createdAt, deletedAt);
  }

  /** Forgets a list object made inactive once it is active again. */
  forget(type: string, id: string): void {
    this.remove.run(type, id);
  }

  /** What was deleted of these types at or after `since` (epoch seconds), oldest first. */
  since(types: readonly string[], since: number): Deletion[] {
    if (types.length === 0) return [];
    const sql = `SELECT type, id, label, created_at AS createdAt, deleted_at AS deletedAt FROM deletions WHERE type IN (${types.map(() => '?').join(',')}) AND deleted_at >= ? ORDER BY deleted_at, id`;
    return this.db.prepare(sql).all(...types, since) as Deletion[];
  }
}
