import type Database from 'better-sqlite3';

/**
 * One application: the transaction `from` (a payment, a credit memo, a deposit) applies `cents` to
 * the transaction `to` (an invoice, a payment deposited). `owner` is the transaction whose write
 * made the link and whose next write replaces it: the payment itself, or the payment or invoice
 * that applied a credit memo.
 */
export interface Link {
  owner: string;
  fromType: string;
  from: string;
  to: string;
  cents: number;
  discountCents: number;
}

/** A link as a write sends it: its owner is the transaction written. */
export type LinkInput = Omit<Link, 'owner'>;

/** An invoice line made from a line of an estimate or sales order (`source`), for `quantity` of it. */
export interface LineLink {
  lineId: string;
  sourceId: string;
  sourceLineId: string;
  quantity: number;
}

/**
 * The links between transactions (`links`: what applies to what) and between their lines
 * (`line_links`: which order line an invoice line was made from). Each is replaced whole by the
 * write of the transaction that owns it, which gets back what it replaced.
 */
export class LinkBook {
  private readonly insertLink: Database.Statement;
  private readonly fromStmt: Database.Statement;
  private readonly toStmt: Database.Statement;
  private readonly ownedByStmt: Database.Statement;
  private readonly removeOwned: Database.Statement;
  private readonly removeOwnedOf: Database.Statement;
  /** Link types known to exist (or not) in the file, by `from_type`; a link written sets its type. */
  private readonly typesSeen = new Map<string, boolean>();
  private readonly insertLineLink: Database.Statement;
  private readonly removeLineLinks: Database.Statement;
  private readonly lineLinksStmt: Database.Statement;
  private readonly takenStmt: Database.Statement;

  constructor(private readonly db: Database.Database) {
    const columns = 'owner_id AS owner, from_type AS fromType, from_id AS "from", to_id AS "to", cents, discount_cents AS discountCents';
    this.insertLink = db.prepare('INSERT INTO links (owner_id, from_type, from_id, to_id, cents, discount_cents) VALUES (?, ?, ?, ?, ?, ?)');
    this.fromStmt = db.prepare(`SELECT ${columns} FROM links WHERE from_id = ? ORDER BY rowid`);
    this.toStmt = db.prepare(`SELECT ${columns} FROM links WHERE to_id = ? ORDER BY rowid`);
    this.ownedByStmt = db.prepare(`SELECT ${columns} FROM links WHERE owner_id = ? ORDER BY rowid`);
    this.removeOwned = db.prepare(`DELETE FROM links WHERE owner_id = ? RETURNING ${columns}`);
    this.removeOwnedOf = db.prepare(`DELETE FROM links WHERE owner_id = ? AND from_type IN (SELECT value FROM json_each(?)) RETURNING ${columns}`);
    const lineColumns = 'line_id AS lineId, source_id AS sourceId, source_line_id AS sourceLineId, quantity';
    this.insertLineLink = db.prepare('INSERT INTO line_links (owner_id, line_id, source_id, source_line_id, quantity) VALUES (?, ?, ?, ?, ?)');
    this.removeLineLinks = db.prepare(`DELETE FROM line_links WHERE owner_id = ? RETURNING ${lineColumns}`);
    this.lineLinksStmt = db.prepare(`SELECT ${lineColumns} FROM line_links WHERE owner_id = ? ORDER BY line_id`);
    this.takenStmt = db.prepare('SELECT source_line_id AS line, SUM(quantity) AS quantity FROM line_links WHERE source_id = ? GROUP BY source_line_id');
  }

  /** Whether any link from a transaction of this type exists: most company files have no invoice made from an order, and pages need not ask. */
  hasFrom(fromType: string): boolean {
    let known = this.typesSeen.get(fromType);
    if (known === undefined) {
      known = this.db.prepare('SELECT 1 FROM links WHERE from_type = ? LIMIT 1').get(fromType) !== undefined;
      this.typesSeen.set(fromType, known);
    }
    return known;
  }

  /**
   * Replaces the links a transaction's write made (a new one made none yet); returns the links it
   * had made before, so that what they touched can be brought up to date.
   */
  setOwnedBy(ownerId: string, links: readonly LinkInput[], isNew: boolean, fromTypes?: readonly string[]): Link[] {
    // A transaction may own links of two kinds, each written by its own rule (a check: the orders it
    // received from, the credits it refunds): `fromTypes` replaces one kind and keeps the other.
    const before = isNew ? [] : fromTypes ? (this.removeOwnedOf.all(ownerId, JSON.stringify(fromTypes)) as Link[]) : (this.removeOwned.all(ownerId) as Link[]);
    for (const link of links) {
      this.insertLink.run(ownerId, link.fromType, link.from, link.to, link.cents, link.discountCents);
      this.typesSeen.set(link.fromType, true);
    }
    return before;
  }

  /** The links a transaction's write made. */
  ownedBy(ownerId: string): Link[] {
    return this.ownedByStmt.all(ownerId) as Link[];
  }

  /** What a transaction applies itself to (a payment to invoices, a credit memo wherever it was applied), in the order given. */
  from(fromId: string): Link[] {
    return this.fromStmt.all(fromId) as Link[];
  }

  /** What is applied to a transaction, oldest first. */
  to(toId: string): Link[] {
    return this.toStmt.all(toId) as Link[];
  }

  /** Every transaction some link names: applied, applied to, given back or made from (what an export must be able to name). */
  linkedIds(): Set<string> {
    const rows = this.db.prepare('SELECT from_id AS id FROM links UNION SELECT to_id FROM links UNION SELECT source_id FROM line_links').all() as { id: string }[];
    return new Set(rows.map((r) => r.id));
  }

  /** Replaces which source lines a transaction's lines were made from; returns what they were. */
  setLineLinks(ownerId: string, links: readonly LineLink[], isNew: boolean): LineLink[] {
    const before = isNew ? [] : (this.removeLineLinks.all(ownerId) as LineLink[]);
    for (const link of links) this.insertLineLink.run(ownerId, link.lineId, link.sourceId, link.sourceLineId, link.quantity);
    return before;
  }

  lineLinksOf(ownerId: string): LineLink[] {
    return this.lineLinksStmt.all(ownerId) as LineLink[];
  }

  /** How much of each line of an estimate or sales order invoices have taken. */
  takenFrom(sourceId: string): Map<string, number> {
    return new Map((this.takenStmt.all(sourceId) as { line: string; quantity: number }[]).map((r) => [r.line, r.quantity]));
  }
}
