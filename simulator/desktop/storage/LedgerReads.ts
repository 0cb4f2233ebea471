import type { Link, OpenLedger } from './Ledger.ts';
import { historyKeyCount, historySums, namePairCount } from './historySums.ts';
import { readPostings, type TransactionPosting } from './postingRows.ts';
import { openItemsAsOf, openSumsAsOf, type OpenItemRow } from './openBalances.ts';
import { NAMED_IN_FIELD } from './ReferenceGraph.ts';
import { saleTaxRows, taxItemSums, type SaleTaxRow, type TaxItemSums } from './SaleTaxes.ts';
import type { PostingNarrowing, PostingSumKeys, Prepare, ReferenceKey } from './postingReads.ts';

export type { OpenItemRow, TransactionPosting };
export type { FirstReference, PostingNarrowing, PostingSumKeys, Prepare, ReferenceKey } from './postingReads.ts';

/**
 * What a read joins for a sum or count by a referenced id: `k`, each transaction row's (`r.seq`)
 * id in the field, from the reference graph, found from the objects of those types (the few
 * representatives, not every transaction's references).
 */
function referenceJoin(...refs: (ReferenceKey | undefined)[]): { with: string; join: string; params: unknown[] } {
  const named = refs.filter((r): r is ReferenceKey => r !== undefined);
  if (named.length === 0) return { with: '', join: '', params: [] };
  const name = (i: number): string => (i === 0 ? 'k' : `k${i}`);
  return {
    with: `WITH ${named.map((_, i) => `${name(i)} AS MATERIALIZED (${NAMED_IN_FIELD})`).join(', ')}`,
    join: named.map((_, i) => `LEFT JOIN ${name(i)} ON ${name(i)}.seq = r.seq`).join(' '),
    params: named.flatMap((ref) => [ref.path, JSON.stringify(ref.among)]),
  };
}

/**
 * The FROM and WHERE of a read of postings (`p`, with its transaction's row `r`) over a span of
 * days, narrowed. The plan is chosen here, not left to SQLite's guess: accounts and names never
 * drive the read (`+`: their indexes would fetch every posting of an account across the whole
 * history, one lookup each: 4.8 s instead of 0.12 s for a month of sales on 205,000 transactions),
 * a span of days goes by the date index, and a whole history of a few transaction types starts
 * from those transactions (postings are stored by transaction: 1.0 s instead of 1.7 s).
 */
function narrowing(from: string | null, to: string, narrow: PostingNarrowing): { source: string; where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const among = (column: string, values: readonly string[] | undefined): void => {
    if (values === undefined) return;
    where.push(`${column} IN (SELECT value FROM json_each(?))`);
    params.push(JSON.stringify(values));
  };
  const byTypes = from === null && narrow.types !== undefined;
  // Placeholders are bound in the order they appear: the types first when they drive the read.
  among('r.type', narrow.types);
  where.push(from === null ? '+p.posted_on <= ?' : 'p.posted_on <= ? AND p.posted_on >= ?');
  params.push(to, ...(from === null ? [] : [from]));
  // A whole history of one kind of party's postings on some accounts (a vendor's costs): the index by
  // account and name finds them, a range per pair (40 vendors: 0.2 s instead of a scan's 0.84 s).
  const byParty = from === null && !byTypes && narrow.entityTypes !== undefined && narrow.accounts !== undefined && narrow.entities === undefined;
  among(byParty ? 'p.account_id' : '+p.account_id', narrow.accounts);
  among('+p.entity_id', narrow.entities);
  if (narrow.entityTypes !== undefined) {
    where.push(`${byParty ? '' : '+'}p.entity_id IN (SELECT id FROM object_rows WHERE type IN (SELECT value FROM json_each(?)))`);
    params.push(JSON.stringify(narrow.entityTypes));
  }
  among('COALESCE(p.line_item_id, p.item_id)', narrow.items);
  among("COALESCE(p.class_id, '')", narrow.classes);
  if (narrow.openLedger !== undefined) {
    // A whole history of one open-item ledger, nothing narrower to start from: the index led by the
    // ledger finds its postings (24,000 payable of 1.03 M: 0.13 s instead of 0.37 s).
    const byLedger = from === null && !byTypes && !byParty;
    where.push(`${byLedger ? '' : '+'}p.open_ledger = ?`);
    params.push(narrow.openLedger);
  }
  const source = byTypes ? 'object_rows r CROSS JOIN postings p ON p.txn_id = r.id' : 'postings p LEFT JOIN object_rows r ON r.id = p.txn_id';
  return { source, where, params };
}

/** A read's FROM with a join of its transactions' rows (`r`) added. */
const withRows = (source: string, join: string): string => (join === '' ? source : `${source} ${join}`);

/** One account's debits less credits on one day, and how many postings made them. */
export interface AccountDay {
  account: string;
  date: string;
  cents: number;
  postings: number;
}

/** One account's sums on one day for one value of a posting's class or name (null: postings with none). */
export interface KeyedDay extends AccountDay {
  key: string | null;
}

/** A link's amounts without its kind: what was applied, from what, to what, by whose write. */
export type LinkAmounts = Omit<Link, 'fromType'>;

/** A line made from a line of another transaction (an invoice line from an estimate's), by the transactions. */
export interface LineSource {
  /** The transaction holding the line. */
  owner: string;
  line: string;
  /** The transaction it was made from. */
  source: string;
}

/**
 * The books read whole, in the order a report lists them: postings with their transaction's row,
 * open amounts and every link (stock moves: `StockReads`). Each read is one statement over the
 * whole span asked, since a report walks all of it; the ledger's own reads (`Ledger`,
 * `StockLedger`) go by one transaction, account or item for the writes.
 */
export class LedgerReads {
  constructor(private readonly statement: Prepare) {}

  /**
   * The postings of a span of days (`from` null: since the start) in the order a ledger lists
   * them: date, then the order transactions were made, then line. `narrow` keeps only postings on
   * these accounts, of these parties, items, classes ('' for none) or transaction types, or on one
   * open-item ledger: SQLite leaves the rest unread.
   */
  postings(from: string | null, to: string, narrow: PostingNarrowing = {}): TransactionPosting[] {
    const { source, where, params } = narrowing(from, to, narrow);
    const sql = `SELECT p.txn_id AS txn, p.line AS line, p.account_id AS account, p.entity_id AS entity, p.open_ledger AS openLedger, p.cents AS cents, p.posted_on AS date,
        COALESCE(p.line_item_id, p.item_id) AS item, p.class_id AS class, r.type AS type, r.ref_number AS refNumber, r.updated_at AS updatedAt, COALESCE(r.seq, 0) AS seq
      FROM ${source}
      WHERE ${where.join(' AND ')}
      ORDER BY p.posted_on, seq, p.txn_id, p.line`;
    return readPostings(this.statement(sql), params);
  }

  /**
   * How many postings a read keeps that name a party (`entity`) or an item, of these object types
   * when `among` is given (`key` null: every one): counted by SQLite, for a detail report to know it
   * is too long before it reads a posting. `distinct`: how many different ones they name instead.
   */
  postingCount(from: string | null, to: string, narrow: PostingNarrowing, key: 'entity' | 'item' | ReferenceKey | null, among?: readonly string[], distinct = false): number {
    const kept = key === 'entity' || key === 'item' ? historyKeyCount(this.statement, from, to, narrow, key, among, distinct) : undefined;
    if (kept !== undefined) return kept;
    const { source, where, params } = narrowing(from, to, narrow);
    const ref = referenceJoin(typeof key === 'object' && key !== null ? key : undefined);
    const column = key === 'entity' ? 'p.entity_id' : key === 'item' ? 'COALESCE(p.line_item_id, p.item_id)' : 'k.id';
    if (key !== null) where.push(`${column} IS NOT NULL`);
    if (key !== null && among) {
      where.push(`+${column} IN (SELECT id FROM object_rows WHERE type IN (SELECT value FROM json_each(?)))`);
      params.push(JSON.stringify(among));
    }
    const sql = `${ref.with} SELECT COUNT(${distinct && key !== null ? `DISTINCT ${column}` : '*'}) FROM ${withRows(source, ref.join)} WHERE ${where.join(' AND ')}`;
    return Number(this.statement(sql).pluck().get(...ref.params, ...params));
  }

  /**
   * The sums of the postings a read keeps, by account, and by transaction type, party and item
   * when asked: what a summary by customer or item adds up, summed by SQLite instead of read
   * posting by posting. Each row stands for its group; it has no transaction or line of its own.
   */
  postingSums(from: string | null, to: string, narrow: PostingNarrowing, by: PostingSumKeys): TransactionPosting[] {
    const fromHistory = historySums(this.statement, from, to, narrow, by) ?? this.typedHistorySums(from, to, narrow, by);
    if (fromHistory) return fromHistory;
    const { source, where, params } = narrowing(from, to, narrow);
    const keys = {
      type: by.type ? 'r.type' : undefined,
      entity: by.entity ? 'p.entity_id' : undefined,
      item: by.item ? 'COALESCE(p.line_item_id, p.item_id)' : undefined,
      class: by.class ? 'p.class_id' : undefined,
      date: by.date ? 'p.posted_on' : undefined,
    };
    const also = by.reference ? by.also : undefined;
    const ref = referenceJoin(by.reference, also);
    // Without types asked or summed by, no transaction row is joined: a million lookups fewer over a whole history.
    const joined = by.type || narrow.types !== undefined || by.reference !== undefined;
    // By account and name (and day) the index by account and name holds all a sum reads. Summed by
    // anything else, SQLite walked that index for its order and fetched every posting from it one by
    // one: `+` sorts a scan instead (464,000 postings by account and item: 0.9 s instead of 4.4 s).
    const account = keys.item || keys.class || joined ? '+p.account_id' : 'p.account_id';
    const key = by.reference ? 'k.id' : undefined;
    const alsoKey = also ? 'k1.id' : undefined;
    // The paths are literals of the statement (a path is a field name of the type table), so each row says which field its ids are of.
    const quoted = (path: string): string => `'${path.replaceAll("'", "''")}'`;
    const refColumns = `${key && by.reference ? `, ${key} AS referenced, ${quoted(by.reference.path)} AS referencedPath` : ''}${alsoKey && also ? `, ${alsoKey} AS alsoReferenced, ${quoted(also.path)} AS alsoPath` : ''}`;
    const sql = `${ref.with} SELECT '' AS txn, 0 AS line, p.account_id AS account, ${keys.entity ?? 'NULL'} AS entity, NULL AS openLedger, SUM(p.cents) AS cents, ${keys.date ?? '?'} AS date,
        ${keys.item ?? 'NULL'} AS item, ${keys.class ?? 'NULL'} AS class, ${keys.type ?? 'NULL'} AS type, NULL AS refNumber, NULL AS updatedAt, 0 AS seq${refColumns}
      FROM ${joined ? withRows(source, ref.join) : 'postings p'}
      WHERE ${where.join(' AND ')}
      GROUP BY ${[account, ...Object.values(keys), key, alsoKey].filter((k) => k !== undefined).join(', ')}`;
    return readPostings(this.statement(sql), [...ref.params, ...(by.date ? [] : [to]), ...params]);
  }

  /**
   * `postingSums` by account (and name) alone of a whole history of some transaction types on some
   * accounts, nothing else narrowed; undefined for any other read. The index by account and name
   * holds all the sum reads, in the order it groups by, and each posting's transaction is looked for
   * among those types' ids (a list SQLite makes once) instead of starting from every transaction of
   * the types and sorting their postings (300,000 postings of 100,000 sales by customer: about 0.3 s
   * instead of 0.7 s in SQLite).
   */
  private typedHistorySums(from: string | null, to: string, narrow: PostingNarrowing, by: PostingSumKeys): TransactionPosting[] | undefined {
    const { types, accounts, ...rest } = narrow;
    if (from !== null || types === undefined || accounts === undefined || Object.values(rest).some((v) => v !== undefined)) return undefined;
    if (by.type || by.item || by.class || by.date || by.reference !== undefined) return undefined;
    const sql = `SELECT '' AS txn, 0 AS line, p.account_id AS account, ${by.entity ? 'p.entity_id' : 'NULL'} AS entity, NULL AS openLedger, SUM(p.cents) AS cents, ? AS date,
        NULL AS item, NULL AS class, NULL AS type, NULL AS refNumber, NULL AS updatedAt, 0 AS seq
      FROM postings p
      WHERE p.account_id IN (SELECT value FROM json_each(?)) AND +p.posted_on <= ? AND +p.txn_id IN (SELECT id FROM object_rows WHERE type IN (SELECT value FROM json_each(?)))
      GROUP BY p.account_id${by.entity ? ', p.entity_id' : ''}`;
    return readPostings(this.statement(sql), [to, JSON.stringify(accounts), to, JSON.stringify(types)]);
  }

  /** `namePairCount` of `historySums.ts`: parties and party-item pairs of a whole history, from its kept sums. */
  namePairCount(from: string | null, to: string, narrow: PostingNarrowing): { names: number; pairs: number } | undefined {
    return namePairCount(this.statement, from, to, narrow);
  }

  /**
   * Each account's sums per day over a span of days (`from` null: since the start), by date: kept
   * as postings are written (`account_days`, by class too), so a statement reads a few rows per
   * account and day instead of every posting.
   */
  accountDays(from: string | null, to: string): AccountDay[] {
    const sql = `SELECT account_id AS account, posted_on AS date, SUM(cents) AS cents, SUM(postings) AS postings FROM account_days
      WHERE ${from === null ? 'posted_on <= ?' : 'posted_on <= ? AND posted_on >= ?'} GROUP BY posted_on, account_id ORDER BY posted_on, account_id`;
    return this.statement(sql).all(to, ...(from === null ? [] : [from])) as AccountDay[];
  }

  /** Each account's debits less credits over a span of days, summed by SQLite from the kept sums per day. */
  accountSums(from: string | null, to: string): { account: string; cents: number }[] {
    const sql = `SELECT account_id AS account, SUM(cents) AS cents FROM account_days
      WHERE ${from === null ? 'posted_on <= ?' : 'posted_on <= ? AND posted_on >= ?'} GROUP BY account_id`;
    return this.statement(sql).all(to, ...(from === null ? [] : [from])) as { account: string; cents: number }[];
  }

  /**
   * Each account's sums per day and class (or name) over a span of days: the statements with a
   * column per class or customer read a row per account, day and value instead of every posting.
   */
  keyedDays(by: 'class' | 'entity', from: string | null, to: string): KeyedDay[] {
    const span = from === null ? 'posted_on <= ?' : 'posted_on <= ? AND posted_on >= ?';
    // By class, the kept sums have it; by name, SQLite sums the postings (a file has thousands of names).
    const sql =
      by === 'class'
        ? `SELECT account_id AS account, posted_on AS date, NULLIF(class_id, '') AS key, cents, postings FROM account_days WHERE ${span}`
        : `SELECT account_id AS account, posted_on AS date, entity_id AS key, SUM(cents) AS cents, COUNT(*) AS postings FROM postings WHERE ${span} GROUP BY posted_on, account_id, entity_id`;
    return this.statement(sql).all(to, ...(from === null ? [] : [from])) as KeyedDay[];
  }

  /** The open items of one ledger as of a day, with their transactions' facts (the rule and how it is kept: `openBalances.ts`). */
  openItems(ledger: OpenLedger, asOf: string): OpenItemRow[] {
    return openItemsAsOf(this.statement, ledger, asOf);
  }

  /** The open items of one ledger as of a day summed by party and age bucket (`openBalances.ts`). */
  openSums(ledger: OpenLedger, asOf: string, ageFrom: 'due' | 'date', edges: readonly number[]): [string, number, number][] {
    return openSumsAsOf(this.statement, ledger, asOf, ageFrom, edges);
  }

  /** The sales of a period by sales tax item (`SaleTaxes.ts`). */
  taxItemSums(from: string | null, to: string, taxableCodes: readonly string[]): TaxItemSums[] {
    return taxItemSums(this.statement, from, to, taxableCodes);
  }

  /** Each sale of these types dated in a period, with its sales tax sums (`SaleTaxes.ts`). */
  saleTaxRows(from: string | null, to: string, taxableCodes: readonly string[], saleTypes: readonly string[]): SaleTaxRow[] {
    return saleTaxRows(this.statement, from, to, taxableCodes, saleTypes);
  }

  /** Each party's sum on one open-item ledger over a span of days, from `open_amounts`. */
  partyBalances(ledger: OpenLedger, from: string | null, to: string): { entity: string; cents: number }[] {
    return this.statement(
      `SELECT entity_id AS entity, SUM(cents) AS cents FROM open_amounts WHERE open_ledger = ? AND ${from === null ? 'posted_on <= ?' : 'posted_on <= ? AND posted_on >= ?'} GROUP BY entity_id`,
    ).all(ledger, to, ...(from === null ? [] : [from])) as { entity: string; cents: number }[];
  }

  /** How many postings naming a party one open-item ledger has over a span of days, from `open_amounts`. */
  openPostingCount(ledger: OpenLedger, from: string | null, to: string): number {
    return Number(
      this.statement(`SELECT COALESCE(SUM(postings), 0) FROM open_amounts WHERE open_ledger = ? AND entity_id != '' AND ${from === null ? 'posted_on <= ?' : 'posted_on <= ? AND posted_on >= ?'}`)
        .pluck()
        .get(ledger, to, ...(from === null ? [] : [from])),
    );
  }

  /** The date of the first posting (the first key of `account_days`); undefined for books with none. */
  firstPostingDate(): string | undefined {
    const first = this.statement('SELECT MIN(posted_on) FROM account_days').pluck().get();
    return typeof first === 'string' ? first : undefined;
  }

  /** Every link between transactions, in the order they were written. */
  links(): LinkAmounts[] {
    return this.statement('SELECT owner_id AS owner, from_id AS "from", to_id AS "to", cents, discount_cents AS discountCents FROM links').all() as LinkAmounts[];
  }

  /** Every line made from a line of another transaction. */
  lineSources(): LineSource[] {
    return this.statement('SELECT owner_id AS owner, line_id AS line, source_id AS source FROM line_links').all() as LineSource[];
  }
}
