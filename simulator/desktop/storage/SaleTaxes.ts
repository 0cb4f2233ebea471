import type Database from 'better-sqlite3';

/**
 * What each sale says of sales tax, kept as it is posted: its sales tax item, subtotal and tax,
 * and its lines' amounts by sales tax code, each signed as the sale counts (a credit memo takes
 * away). The sales tax reports add these up by SQL instead of parsing every sale of the period
 * (100,000 invoices: 4-9 s). Which codes are taxable is read when a report asks: a code changed
 * later changes the reports, as the desktop's do.
 */
export const SALE_TAXES_SCHEMA = `CREATE TABLE IF NOT EXISTS sale_taxes (
  txn_id TEXT PRIMARY KEY,
  sold_on TEXT NOT NULL,
  tax_item_id TEXT NOT NULL,
  subtotal_cents INTEGER NOT NULL,
  tax_cents INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS sale_taxes_sold ON sale_taxes (sold_on);
CREATE TABLE IF NOT EXISTS sale_tax_codes (
  txn_id TEXT NOT NULL,
  tax_code_id TEXT NOT NULL,
  cents INTEGER NOT NULL,
  PRIMARY KEY (txn_id, tax_code_id)
) WITHOUT ROWID;`;

/** A sale's sales tax facts, signed as it counts; '' stands for no sales tax item or code. */
export interface SaleTaxFacts {
  taxItem: string;
  subtotalCents: number;
  taxCents: number;
  /** Its lines' amounts by sales tax code. */
  byCode: ReadonlyMap<string, number>;
}

/** The period's sums by sales tax item: all sales, the taxable part (lines with a taxable code), the tax. */
export interface TaxItemSums {
  item: string;
  total: number;
  taxable: number;
  collected: number;
}

export class SaleTaxes {
  private readonly insertSale: Database.Statement;
  private readonly insertCode: Database.Statement;
  private readonly removeSale: Database.Statement;
  private readonly removeCodes: Database.Statement;

  constructor(db: Database.Database) {
    this.insertSale = db.prepare('INSERT OR REPLACE INTO sale_taxes (txn_id, sold_on, tax_item_id, subtotal_cents, tax_cents) VALUES (?, ?, ?, ?, ?)');
    this.insertCode = db.prepare('INSERT INTO sale_tax_codes (txn_id, tax_code_id, cents) VALUES (?, ?, ?)');
    this.removeSale = db.prepare('DELETE FROM sale_taxes WHERE txn_id = ?');
    this.removeCodes = db.prepare('DELETE FROM sale_tax_codes WHERE txn_id = ?');
  }

  /** Keeps what a sale says, replacing what it said before (`isNew`: it said nothing before). */
  keep(txnId: string, soldOn: string, facts: SaleTaxFacts, isNew = false): void {
    if (!isNew) this.remove(txnId);
    this.insertSale.run(txnId, soldOn, facts.taxItem, facts.subtotalCents, facts.taxCents);
    for (const [code, cents] of facts.byCode) if (cents !== 0) this.insertCode.run(txnId, code, cents);
  }

  /** Forgets a sale (deleted). */
  remove(txnId: string): void {
    this.removeSale.run(txnId);
    this.removeCodes.run(txnId);
  }
}

/**
 * The sums by sales tax item of the sales dated in a period (`from` null: since the start); the
 * taxable part counts the lines whose code is among `taxableCodes`.
 */
export function taxItemSums(prepare: (sql: string) => Database.Statement, from: string | null, to: string, taxableCodes: readonly string[]): TaxItemSums[] {
  const span = from === null ? 's.sold_on <= @to' : 's.sold_on <= @to AND s.sold_on >= @from';
  return prepare(
    `SELECT s.tax_item_id AS item, SUM(s.subtotal_cents) AS total, SUM(s.tax_cents) AS collected,
       COALESCE(SUM((SELECT SUM(c.cents) FROM sale_tax_codes c WHERE c.txn_id = s.txn_id AND c.tax_code_id IN (SELECT value FROM json_each(@codes)))), 0) AS taxable
     FROM sale_taxes s WHERE ${span} GROUP BY s.tax_item_id`,
  ).all({ to, codes: JSON.stringify(taxableCodes), ...(from === null ? {} : { from }) }) as TaxItemSums[];
}

/** One sale dated in a period with its sales tax sums and its object type: what a report split by a field of the sale reads. */
export interface SaleTaxRow extends TaxItemSums {
  txn: string;
  type: string;
  date: string;
}

/** Each sale of these types dated in a period, with its sums as `taxItemSums` adds them up (the sales tax reports by a value of the sale). */
export function saleTaxRows(prepare: (sql: string) => Database.Statement, from: string | null, to: string, taxableCodes: readonly string[], saleTypes: readonly string[]): SaleTaxRow[] {
  const span = from === null ? 's.sold_on <= @to' : 's.sold_on <= @to AND s.sold_on >= @from';
  return prepare(
    `SELECT s.txn_id AS txn, r.type AS type, s.sold_on AS date, s.tax_item_id AS item, s.subtotal_cents AS total, s.tax_cents AS collected,
       COALESCE((SELECT SUM(c.cents) FROM sale_tax_codes c WHERE c.txn_id = s.txn_id AND c.tax_code_id IN (SELECT value FROM json_each(@codes))), 0) AS taxable
     FROM sale_taxes s JOIN object_rows r ON r.type IN (SELECT value FROM json_each(@types)) AND r.id = s.txn_id WHERE ${span}`,
  ).all({ to, codes: JSON.stringify(taxableCodes), types: JSON.stringify(saleTypes), ...(from === null ? {} : { from }) }) as SaleTaxRow[];
}
