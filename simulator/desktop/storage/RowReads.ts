import { markedSeqs, type BodyMark } from './bodyMarks.ts';
import type { Prepare } from './LedgerReads.ts';
import { listed, LISTED_COLUMNS, type CellsRow, type ListedTransaction } from './ListCells.ts';
import { NAMED_IN_FIELD } from './ReferenceGraph.ts';

/** A stored transaction as a report reads it: its type, its bytes and its last change (epoch seconds). */
export interface DatedDocument {
  type: string;
  doc: Buffer;
  updatedAt: number;
}

/** An object's lower-cased name and its id: what name lookups match on. */
export interface LowerName {
  name_lc: string;
  id: string;
}

/**
 * Conditions on the current rows as the list filters compile them (`FilterContext` in
 * storage/queryFilters.ts): SQL text, and the values for its placeholders in order.
 */
export interface RowConditions {
  where: readonly string[];
  params: readonly unknown[];
}

/** A column a list may name values of exactly, every one of which must exist. */
export type ExactColumn = 'id' | 'ref_number';

const placeholders = (values: readonly unknown[]): string => values.map(() => '?').join(',');

/**
 * The parties of one type (`p`), their references from these paths (`f`), and the transactions
 * making them (`r`) in a period. A whole history starts from the parties (their references are
 * fewer than every transaction's); a period starts from its transactions by date (a month of
 * 205,000 transactions: 29 ms instead of 265 ms walking every customer's references).
 */
function namingSql(columns: string, types: readonly string[], from: string | null, to: string, paths: readonly string[], partyType: string, join = ''): { sql: string; params: unknown[] } {
  if (from === null) {
    return {
      sql: `SELECT ${columns} FROM object_rows p CROSS JOIN refs f ON f.to_id = p.id AND f.path IN (SELECT value FROM json_each(?)) CROSS JOIN object_rows r ON r.seq = f.from_seq ${join}
      WHERE p.type = ? AND r.type IN (SELECT value FROM json_each(?)) AND r.txn_date <= ?`,
      params: [JSON.stringify(paths), partyType, JSON.stringify(types), to],
    };
  }
  return {
    sql: `SELECT ${columns} FROM object_rows r CROSS JOIN refs f ON f.from_seq = r.seq AND f.path IN (SELECT value FROM json_each(?)) CROSS JOIN object_rows p ON p.id = f.to_id AND p.type = ? ${join}
      WHERE r.type IN (SELECT value FROM json_each(?)) AND r.txn_date <= ? AND r.txn_date >= ?`,
    params: [JSON.stringify(paths), partyType, JSON.stringify(types), to, from],
  };
}

/**
 * Reads of the objects' indexed rows by column, for the code above storage that asks across
 * types or by a column no single-object read covers: reports' documents by date, name and id
 * lookups, the transactions list's matches.
 */
export class RowReads {
  constructor(private readonly statement: Prepare) {}

  /**
   * The objects of these types dated in a period (`from` null: since the start), by date, then the
   * order they were made; with `marked`, only those whose stored JSON has that mark (`bodyMarks.ts`),
   * found from the marks table: the marked seqs first, then their rows and bodies, none else read.
   */
  dated(types: readonly string[], from: string | null, to: string, marked?: BodyMark): DatedDocument[] {
    if (types.length === 0) return [];
    const source =
      marked === undefined
        ? 'objects'
        : `(SELECT r.type, r.txn_date, r.seq, r.updated_at, b.doc FROM (${markedSeqs(marked)}) m CROSS JOIN object_rows r ON r.seq = m.seq CROSS JOIN bodies b ON b.seq = m.seq)`;
    return this.statement(`SELECT type, doc, updated_at AS updatedAt FROM ${source} WHERE type IN (${placeholders(types)}) AND txn_date <= ? ${from === null ? '' : 'AND txn_date >= ?'} ORDER BY txn_date, seq`).all(
      ...types,
      to,
      ...(from === null ? [] : [from]),
    ) as DatedDocument[];
  }

  /**
   * The objects of these types dated in a period that name an object of `partyType` in one of
   * `paths`, once each, in `dated`'s order: the reference graph picks them, and only their bodies
   * are read (costs billable to a customer: the few purchases whose lines name one, not every
   * purchase of the history).
   */
  datedNaming(types: readonly string[], from: string | null, to: string, paths: readonly string[], partyType: string): DatedDocument[] {
    if (types.length === 0 || paths.length === 0) return [];
    const { sql, params } = namingSql('r.seq', types, from, to, paths, partyType);
    return this.statement(`SELECT r.type, b.doc, r.updated_at AS updatedAt FROM object_rows r CROSS JOIN bodies b ON b.seq = r.seq WHERE r.seq IN (${sql}) ORDER BY r.txn_date, r.seq`).all(...params) as DatedDocument[];
  }

  /**
   * The transactions of these types dated in a period that name an object of `partyType` in one of
   * `paths` (their party fields): each with the path and the id it names there (a transaction
   * naming two appears twice), by date, then the order they were made, with what the transaction
   * lists show of it (`ListCells.ts`). From the reference graph and the kept cells: the
   * transactions of one kind of party, not every transaction of the period, and no document.
   */
  namingListed(types: readonly string[], from: string | null, to: string, paths: readonly string[], partyType: string): (ListedTransaction & { path: string; party: string })[] {
    const { sql, params } = namingSql(`${LISTED_COLUMNS}, f.path, f.to_id`, types, from, to, paths, partyType, 'CROSS JOIN list_cells c ON c.seq = r.seq');
    const rows = this.statement(`${sql} ORDER BY r.txn_date, r.seq`).raw().all(...params) as [...CellsRow, string, string][];
    return rows.map((row) => ({ ...listed(row.slice(0, -2) as unknown as CellsRow), path: row[row.length - 2] as string, party: row[row.length - 1] as string }));
  }

  /** What each of these objects names in one of `paths`: its place, the path, the id (a filter by any party reads it). */
  namedIn(seqs: readonly number[], paths: readonly string[]): { seq: number; path: string; id: string }[] {
    return this.statement('SELECT from_seq AS seq, path, to_id AS id FROM refs WHERE from_seq IN (SELECT value FROM json_each(?)) AND path IN (SELECT value FROM json_each(?))').all(JSON.stringify(seqs), JSON.stringify(paths)) as { seq: number; path: string; id: string }[];
  }

  namingCount(types: readonly string[], from: string | null, to: string, paths: readonly string[], partyType: string): number {
    const { sql, params } = namingSql('COUNT(DISTINCT r.seq)', types, from, to, paths, partyType);
    return Number(this.statement(sql).pluck().get(...params));
  }

  /**
   * For each object of these types dated in a period (`from` null: since the start), by id, the id
   * of an object of the `among` types it names in one field (`path`), else null: from the
   * reference graph, no document read.
   */
  referencedBy(types: readonly string[], path: string, among: readonly string[], from: string | null, to: string): Map<string, string | null> {
    const rows = this.statement(
      `WITH k AS MATERIALIZED (${NAMED_IN_FIELD})
       SELECT r.id, k.id FROM object_rows r LEFT JOIN k ON k.seq = r.seq
       WHERE r.type IN (SELECT value FROM json_each(?)) AND r.txn_date <= ? ${from === null ? '' : 'AND r.txn_date >= ?'}`,
    )
      .raw()
      .all(path, JSON.stringify(among), JSON.stringify(types), to, ...(from === null ? [] : [from])) as [string, string | null][];
    return new Map(rows);
  }

  /**
   * For each object of these types dated in a period, by id, the id of an object of the `among`
   * types it names in the first of `paths` (in their order) that names one, else null: one read for
   * several fields (a purchase's header account is in one of four), from the reference graph.
   */
  firstReferencedBy(types: readonly string[], paths: readonly string[], among: readonly string[], from: string | null, to: string): Map<string, string | null> {
    const rows = this.statement(
      `WITH k AS MATERIALIZED (
         SELECT f.from_seq AS seq, f.to_id AS id, p.key AS place FROM object_rows o CROSS JOIN json_each(?) p CROSS JOIN refs f ON f.to_id = o.id AND f.path = p.value
         WHERE o.type IN (SELECT value FROM json_each(?))),
       first AS MATERIALIZED (SELECT seq, id, MIN(place) FROM k GROUP BY seq)
       SELECT r.id, first.id FROM object_rows r LEFT JOIN first ON first.seq = r.seq
       WHERE r.type IN (SELECT value FROM json_each(?)) AND r.txn_date <= ? ${from === null ? '' : 'AND r.txn_date >= ?'}`,
    )
      .raw()
      .all(JSON.stringify(paths), JSON.stringify(among), JSON.stringify(types), to, ...(from === null ? [] : [from])) as [string, string | null][];
    return new Map(rows);
  }

  /**
   * For each object of these types that names, in one field (`path`), an object of the `among`
   * types, by id, the id it names (a customer's type): from the reference graph, no document read.
   */
  namedInField(types: readonly string[], path: string, among: readonly string[]): Map<string, string> {
    const rows = this.statement(
      `WITH k AS MATERIALIZED (${NAMED_IN_FIELD})
       SELECT r.id, k.id FROM k CROSS JOIN object_rows r ON r.seq = k.seq WHERE r.type IN (SELECT value FROM json_each(?))`,
    )
      .raw()
      .all(path, JSON.stringify(among), JSON.stringify(types)) as [string, string][];
    return new Map(rows);
  }

  /** How many objects of these types are dated in a period (`from` null: since the start), counted on the index by date. */
  countDated(types: readonly string[], from: string | null, to: string): number {
    return this.countBetween(types, 'txn_date', from, to);
  }

  /** How many objects of these types last changed between two epoch seconds (`from` null: since the start), counted on the index. */
  countUpdated(types: readonly string[], from: number | null, to: number): number {
    return this.countBetween(types, 'updated_at', from, to);
  }

  private countBetween(types: readonly string[], column: 'txn_date' | 'updated_at', from: string | number | null, to: string | number): number {
    if (types.length === 0) return 0;
    const sql = `SELECT COUNT(*) FROM object_rows WHERE type IN (${placeholders(types)}) AND ${column} <= ? ${from === null ? '' : `AND ${column} >= ?`}`;
    return Number(this.statement(sql).pluck().get(...types, to, ...(from === null ? [] : [from])));
  }

  /** The objects of these types last changed between two epoch seconds (`from` null: since the start), latest first. */
  updated(types: readonly string[], from: number | null, to: number): DatedDocument[] {
    if (types.length === 0) return [];
    return this.statement(
      `SELECT type, doc, updated_at AS updatedAt FROM objects WHERE type IN (${placeholders(types)}) AND updated_at <= ? ${from === null ? '' : 'AND updated_at >= ?'} ORDER BY updated_at DESC, seq DESC`,
    ).all(...types, to, ...(from === null ? [] : [from])) as DatedDocument[];
  }

  /** The ids of every object of a type. */
  idsOf(type: string): string[] {
    return this.statement('SELECT id FROM object_rows WHERE type = ?').pluck().all(type) as string[];
  }

  /** The lower-cased names of a type's objects (null for an object without a name), with their ids. */
  namesOf(type: string): { id: string; name_lc: string | null }[] {
    return this.statement('SELECT id, name_lc FROM object_rows WHERE type = ?').all(type) as { id: string; name_lc: string | null }[];
  }

  /** The names taken among objects of these types (a uniqueness scope). */
  namesAmong(types: readonly string[]): LowerName[] {
    return this.statement(`SELECT name_lc, id FROM object_rows WHERE name_lc IS NOT NULL AND type IN (${placeholders(types)})`).all(...types) as LowerName[];
  }

  /** The id of another object of these types that holds a name (lower-cased), if one does. */
  nameHolder(nameLc: string, exceptId: string, types: readonly string[]): string | undefined {
    const row = this.statement(`SELECT id FROM objects WHERE name_lc = ? AND id <> ? AND type IN (${placeholders(types)}) LIMIT 1`).get(nameLc, exceptId, ...types) as { id: string } | undefined;
    return row?.id;
  }

  /** The tag column (`TypeRow.tag`) of every object of a type, by id. */
  tagsOf(type: string): Map<string, string | null> {
    return new Map((this.statement('SELECT id, tag FROM object_rows WHERE type = ?').all(type) as { id: string; tag: string | null }[]).map((r) => [r.id, r.tag]));
  }

  /** The type of the object `id` if it is of one of `types`. */
  typeAmong(id: string, types: readonly string[]): string | undefined {
    return this.statement(`SELECT type FROM object_rows WHERE id = ? AND type IN (${placeholders(types)})`).pluck().get(id, ...types) as string | undefined;
  }

  /**
   * The memo of each of these transactions, by id (null for none; opening balances have no row):
   * from what the transaction lists keep (`ListCells.ts`), so thousands of documents are not each
   * parsed for one field a ledger line shows (a month's 9,700 memos 90-99 ms from the stored JSON,
   * 19-24 ms from the kept cells).
   */
  memosOf(ids: readonly string[]): Map<string, string | null> {
    const rows = this.statement(
      `SELECT r.id, c.memo FROM object_rows r JOIN list_cells c ON c.seq = r.seq WHERE r.id IN (SELECT value FROM json_each(?))`,
    ).raw(true).all(JSON.stringify(ids)) as [string, unknown][];
    return new Map(rows.map(([id, memo]) => [id, typeof memo === 'string' ? memo : null]));
  }

  /** The object type of each row, by its seq. */
  typesBySeq(seqs: readonly number[]): Map<number, string> {
    return new Map(this.statement('SELECT seq, type FROM object_rows WHERE seq IN (SELECT value FROM json_each(?))').raw(true).all(JSON.stringify(seqs)) as [number, string][]);
  }

  /** The seqs of the rows of these types meeting the conditions, in the order they were made. */
  seqsMatching(types: readonly string[], conditions: RowConditions): number[] {
    const { where, params } = ofTypes(types, conditions);
    return this.statement(`SELECT seq FROM object_rows WHERE ${where} ORDER BY seq`).pluck().all(...params) as number[];
  }

  /** The seqs of the rows of these types whose column holds one of `values`, in the order they were made. */
  seqsWith(types: readonly string[], column: ExactColumn, values: readonly string[]): number[] {
    return this.seqsMatching(types, exactly(column, values));
  }

  /** Which of `values` a row of these types holds in the column. */
  presentIn(types: readonly string[], column: ExactColumn, values: readonly string[]): Set<string> {
    const { where, params } = ofTypes(types, exactly(column, values));
    return new Set(this.statement(`SELECT ${column} FROM object_rows WHERE ${where}`).pluck().all(...params) as string[]);
  }

  /** The name column of the object `id` if it is of one of `types`; undefined when there is none. */
  nameAmong(types: readonly string[], id: string): string | null | undefined {
    const row = this.statement(`SELECT name FROM object_rows WHERE id = ? AND type IN (${placeholders(types)}) LIMIT 1`).get(id, ...types) as { name: string | null } | undefined;
    return row?.name;
  }

  /** The name column of each of these ids that is an object of one of these types, in one read (the row alone: no document). */
  namesByIds(types: readonly string[], ids: readonly string[]): Map<string, string | null> {
    // The ids drive (CROSS JOIN): SQLite's own plan looked each id up once per type.
    const rows = this.statement(`SELECT r.id, r.name FROM json_each(?) j CROSS JOIN object_rows r ON r.id = j.value WHERE +r.type IN (SELECT value FROM json_each(?))`)
      .raw()
      .all(JSON.stringify(ids), JSON.stringify(types)) as [string, string | null][];
    return new Map(rows);
  }

  /** Every stored document of a type, in creation order. */
  allOf(type: string): Buffer[] {
    return this.statement('SELECT doc FROM objects WHERE type = ? ORDER BY seq').pluck().all(type) as Buffer[];
  }

  /** Every stored object of a type with its sequence number, in creation order. */
  allWithSeqOf(type: string): { seq: number; doc: Buffer }[] {
    return this.statement('SELECT seq, doc FROM objects WHERE type = ? ORDER BY seq').all(type) as { seq: number; doc: Buffer }[];
  }
}

function exactly(column: ExactColumn, values: readonly string[]): RowConditions {
  return { where: [`${column} IN (${placeholders(values)})`], params: values };
}

/** The conditions, on rows of these types only. */
function ofTypes(types: readonly string[], conditions: RowConditions): { where: string; params: unknown[] } {
  return { where: [`type IN (${placeholders(types)})`, ...conditions.where].join(' AND '), params: [...types, ...conditions.params] };
}
