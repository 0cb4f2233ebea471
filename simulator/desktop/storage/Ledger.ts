import type Database from 'better-sqlite3';
import { PostingInserts, type PostingRow } from './PostingInserts.ts';
import { SaleTaxes } from './SaleTaxes.ts';
import { StockLedger } from './StockLedger.ts';
import { StockNumbers } from './StockNumbers.ts';
import { LinkBook } from './LinkBook.ts';
import { Deletions } from './Deletions.ts';

export type { Link, LinkInput, LineLink } from './LinkBook.ts';
export type { Deletion } from './Deletions.ts';

/** Which open-item ledger a posting belongs to: what customers owe, or what is owed to vendors. */
export type OpenLedger = 'receivable' | 'payable';

/** What a month's postings moved on an account, for one class and entity (null: none). */
export interface MonthlyMove {
  account: string;
  classId: string | null;
  entity: string | null;
  /** YYYY-MM */
  month: string;
  cents: number;
}

/** One debit (cents > 0) or credit (cents < 0) of a transaction to an account. */
export interface Posting {
  account: string;
  /** The customer, vendor or other name the line is for; null when none. */
  entity: string | null;
  /** Set on the receivable or payable side, so that an entity's balance is one indexed sum. */
  openLedger: OpenLedger | null;
  cents: number;
  /** Stock moved by the posting (an inventory line on the item's asset account): the item, where, how many. */
  stock?: StockMove;
  /** The line the posting is for: its item and its class, which reports sort by (none for a header). */
  line?: LineDetail;
}

/** What a posting's line names: its item (null for an expense line) and its class (the line's, else the document's). */
export interface LineDetail {
  item: string | null;
  class: string | null;
}

/** Quantities of an inventory item or assembly in or out; `site` is null for the item's first site. */
export interface StockMove {
  item: string;
  site: string | null;
  quantity: number;
}

/** The accounts and entities whose balances a change of postings moved. */
export interface Touched {
  accounts: Set<string>;
  entities: Set<string>;
  /** Inventory items and assemblies whose stock moved. */
  items: Set<string>;
}

export const nothingTouched = (): Touched => ({ accounts: new Set(), entities: new Set(), items: new Set() });

/** Postings as one text, equal exactly when the ledger would store the same rows (zero amounts that move no stock are left out). */
export function postingsText(postings: readonly Posting[]): string {
  return JSON.stringify(
    postings
      .filter((p) => p.cents !== 0 || p.stock?.quantity)
      .map((p) => [p.account, p.entity, p.openLedger, p.cents, p.stock?.item ?? null, p.stock?.site ?? null, p.stock?.quantity ?? 0, p.line?.item ?? null, p.line?.class ?? null]),
  );
}

/**
 * The books of one company file: every transaction's postings, the links between transactions
 * and what was deleted. Balances on accounts, customers and vendors are kept from these by the
 * transaction rules (`keepBooks.ts`); tests hold those fields to the sums here.
 */
export class Ledger {
  private readonly insertPostings: PostingInserts;
  private readonly postingsOfTxn: Database.Statement;
  /**
   * While a bulk load runs, what each transaction that moves stock posted, as postingsText, kept as
   * it is written: the costing walk at the load's end compares every such transaction's postings
   * with what it posted, and reading 650,000 postings back for it took 2.6 s of seeding 200,000
   * transactions (a query each; one query for them all took longer). Text, not the postings:
   * memory the collector need not walk.
   */
  private stockTexts: Map<string, string> | undefined;
  private readonly removePostings: Database.Statement;
  private readonly accountSum: Database.Statement;
  /** Prepared at the first roll-up: a read-only open of a file from before the kept sums has no such table. */
  private accountDaysSum: Database.Statement | undefined;
  private readonly entitySum: Database.Statement;
  private keptSumsHeld = false;

  /** Stock moves: what each item's postings moved, and in which order they are costed. */
  readonly stock: StockLedger;
  /** What each sale says of sales tax, kept beside its postings. */
  readonly saleTaxes: SaleTaxes;
  /** The lots and serial numbers each stock move names, kept beside its postings. */
  readonly stockNumbers: StockNumbers;
  /** What applies to what, and which order lines invoice lines were made from. */
  readonly links: LinkBook;
  /** What was deleted or made inactive. */
  readonly deletions: Deletions;

  constructor(private readonly db: Database.Database) {
    this.stock = new StockLedger(db);
    this.saleTaxes = new SaleTaxes(db);
    this.stockNumbers = new StockNumbers(db);
    this.links = new LinkBook(db);
    this.deletions = new Deletions(db);
    this.insertPostings = new PostingInserts(db);
    this.postingsOfTxn = db.prepare(
      'SELECT account_id AS account, entity_id AS entity, open_ledger AS openLedger, cents, item_id AS item, site_id AS site, quantity, line_item_id AS lineItem, class_id AS class FROM postings WHERE txn_id = ? ORDER BY line',
    );
    this.removePostings = db.prepare('DELETE FROM postings WHERE txn_id = ? RETURNING account_id AS account, entity_id AS entity, item_id AS item');
    this.accountSum = db.prepare('SELECT COALESCE(SUM(cents), 0) FROM postings WHERE account_id = ?').pluck();
    this.entitySum = db.prepare('SELECT COALESCE(SUM(cents), 0) FROM postings WHERE entity_id = ? AND open_ledger = ?').pluck();
  }

  /**
   * Replaces the postings of a transaction (a new one has none to replace); returns what the old
   * and the new ones touch. Zero amounts are not written: a voided transaction posts nothing.
   */
  post(txnId: string, postedOn: string, postings: readonly Posting[], isNew: boolean): Touched {
    const touched = nothingTouched();
    if (!isNew) this.unpost(txnId, touched);
    const rows: PostingRow[] = [];
    for (const p of postings) {
      // Stock that moves at no value (an item that cost nothing) is still a move.
      if (p.cents === 0 && !p.stock?.quantity) continue;
      rows.push([txnId, rows.length, p.account, p.entity, p.openLedger, p.cents, postedOn, p.stock?.item ?? null, p.stock?.site ?? null, p.stock?.quantity ?? 0, p.line?.item ?? null, p.line?.class ?? null]);
      touched.accounts.add(p.account);
      if (p.entity !== null) touched.entities.add(p.entity);
      if (p.stock) touched.items.add(p.stock.item);
    }
    this.insertPostings.insert(rows);
    if (this.stockTexts && touched.items.size > 0) this.stockTexts.set(txnId, postingsText(postings));
    return touched;
  }

  /** Removes a transaction's postings (a delete); returns what they touched. */
  unpost(txnId: string, touched: Touched = nothingTouched()): Touched {
    this.stockTexts?.delete(txnId);
    for (const row of this.removePostings.all(txnId) as { account: string; entity: string | null; item: string | null }[]) {
      touched.accounts.add(row.account);
      if (row.entity !== null) touched.entities.add(row.entity);
      if (row.item !== null) touched.items.add(row.item);
    }
    return touched;
  }

  /** The transactions with a stock posting. */
  transactionsMovingStock(): Set<string> {
    return new Set(this.db.prepare('SELECT DISTINCT txn_id FROM postings WHERE item_id IS NOT NULL').pluck().all() as string[]);
  }

  postingsOf(txnId: string): Posting[] {
    type Row = Omit<Posting, 'stock' | 'line'> & { item: string | null; site: string | null; quantity: number; lineItem: string | null; class: string | null };
    return (this.postingsOfTxn.all(txnId) as Row[]).map(({ item, site, quantity, lineItem, class: klass, ...p }) => ({
      ...p,
      ...(item === null ? {} : { stock: { item, site, quantity } }),
      ...(lineItem === null && klass === null ? {} : { line: { item: lineItem, class: klass } }),
    }));
  }

  /**
   * postingsText of what a transaction posted: from memory when this bulk load posted it (see
   * keepStockTexts), else read back.
   */
  postedText(txnId: string): string {
    return this.stockTexts?.get(txnId) ?? postingsText(this.postingsOf(txnId));
  }

  /** On while a bulk load runs: see `stockTexts`. */
  keepStockTexts(on: boolean): void {
    this.stockTexts = on ? new Map() : undefined;
  }

  /**
   * Debits less credits posted to an account: from its kept sums by day, a few hundred rows instead
   * of up to 160,000 postings (each write's roll-up of the accounts it touched: 10-17 ms against
   * 0.6 ms an account at 200,000 transactions); from the postings while a bulk load holds the sums.
   */
  sumOfAccount(accountId: string): number {
    if (this.keptSumsHeld) return Number(this.accountSum.get(accountId));
    this.accountDaysSum ??= this.db.prepare('SELECT COALESCE(SUM(cents), 0) FROM account_days WHERE account_id = ?').pluck();
    return Number(this.accountDaysSum.get(accountId));
  }

  /** Debits less credits posted on an entity's receivable or payable side. */
  sumOfEntity(entityId: string, ledger: OpenLedger): number {
    return Number(this.entitySum.get(entityId, ledger));
  }

  /**
   * Whether the kept sums are out of date: a bulk load dropped their triggers and has not summed
   * them again yet (BulkMode.keepSums). Their readers below refuse meanwhile.
   */
  get sumsHeld(): boolean {
    return this.keptSumsHeld;
  }

  holdSums(held: boolean): void {
    this.keptSumsHeld = held;
  }

  private keptSums(): void {
    if (this.keptSumsHeld) throw new Error('the kept sums are read before the bulk load summed them (BulkMode.keepSums)');
  }

  /** Debits less credits by account, for every account with postings (bulk loads), from the kept sums by day. */
  sumsByAccount(): Map<string, number> {
    this.keptSums();
    const rows = this.db.prepare('SELECT account_id AS id, SUM(cents) AS cents FROM account_days GROUP BY account_id').all() as { id: string; cents: number }[];
    return new Map(rows.map((r) => [r.id, Number(r.cents)]));
  }

  /** Debits less credits by entity on one open-item ledger (bulk loads), from the kept sums by transaction ('' there: no entity). */
  sumsByEntity(ledger: OpenLedger): Map<string, number> {
    this.keptSums();
    const rows = this.db.prepare("SELECT entity_id AS id, SUM(cents) AS cents FROM open_amounts WHERE open_ledger = ? AND entity_id <> '' GROUP BY entity_id").all(ledger) as { id: string; cents: number }[];
    return new Map(rows.map((r) => [r.id, Number(r.cents)]));
  }

  /** Debits less credits posted to one account, by day, earliest first: one read for a walk through its history. */
  dailySumsOf(accountId: string): { date: string; cents: number }[] {
    const rows = this.db.prepare('SELECT posted_on AS date, SUM(cents) AS cents FROM postings WHERE account_id = ? GROUP BY posted_on ORDER BY posted_on').all(accountId) as { date: string; cents: number }[];
    return rows.map((r) => ({ date: r.date, cents: Number(r.cents) }));
  }

  /**
   * Debits less credits by account, class, entity and month over a period, read from the postings
   * themselves (a bulk load reads them before its kept sums are summed): a year's actuals, as a
   * budget made from them reads them.
   */
  monthlyMoves(from: string, to: string): MonthlyMove[] {
    const sql = 'SELECT account_id AS account, class_id AS classId, entity_id AS entity, substr(posted_on, 1, 7) AS month, SUM(cents) AS cents FROM postings WHERE posted_on BETWEEN ? AND ? GROUP BY account_id, class_id, entity_id, month';
    return (this.db.prepare(sql).all(from, to) as MonthlyMove[]).map((r) => ({ ...r, cents: Number(r.cents) }));
  }
}
