/**
 * The SQL of a list query: its page in list order after a place, as the list was at a write
 * number (walked in name order, or for few matches found by the filter's index and sorted), and
 * the probe that counts its matches. QueryEngine runs them; nothing here reads the company file.
 */

/**
 * A list query compiled once, when its first page is asked: the same conditions over the current
 * objects and over the past versions that open sequences keep.
 */
export interface ListPlan {
  current: string;
  past: string;
  params: readonly unknown[];
  /** The page query: see pageSqlOf. */
  pageSql: string;
  /** The same page, for a list of few matches: read through the filter's own index, then sorted. */
  fewPageSql: string;
  /** Up to a bound, the current matches' seq, in no order: see countOf. */
  probeSql: string;
  /** What its count is cached under. */
  countKey: string;
}

/**
 * The next page after a place (sort key, seq), as the list was at a write number. Each of the four
 * parts is one index range (same sort key and a later seq, or a later sort key; current rows born
 * by then, or past versions alive then), merged in index order, so a page reads about `limit` rows
 * however long the list is. One row-value comparison would be shorter, but SQLite cannot range
 * over the rowid column of an index with it and would scan every unnamed transaction before the place.
 */
function pageSqlOf(current: string, past: string, few: boolean): string {
  // For few matches, `+sort_key` keeps SQLite off the name-order indexes, so it finds the rows by
  // the filter's own index and sorts them (see FEW_MATCHES); the parameters are the same.
  const sortKey = few ? '+sort_key' : 'sort_key';
  const parts: string[] = [];
  for (const [table, where, visible] of [
    ['object_rows', current, 'born <= ?'],
    ['object_versions', past, 'born <= ? AND died > ?'],
  ] as const) {
    for (const place of [`${sortKey} = ? AND seq > ?`, `${sortKey} > ?`]) {
      // Index columns only (the visibility check included): the bytes come from the page cache.
      parts.push(`SELECT seq, sort_key, ${table === 'object_rows' ? '0' : 'ver'} AS ver FROM ${table} WHERE ${where} AND ${visible} AND ${place}`);
    }
  }
  const union = parts.join(' UNION ALL ');
  return few ? `SELECT * FROM (${union}) ORDER BY +sort_key, +seq LIMIT ?` : `${union} ORDER BY sort_key, seq LIMIT ?`;
}

/**
 * Up to this many matches, a page is found through the filter's own index and sorted, rather than
 * by walking the list in name order: walking 100,000 customers in name order for the 150 that were
 * updated before a date read 16,000 rows for one page (13 ms), while sorting the 920 matches takes
 * 0.5 ms. Beyond it, matches are dense enough that the walk finds a page within a few thousand
 * rows. Sorting costs the matches, walking costs limit x size / matches: at 150 per page on
 * 100,000 objects the two meet near sqrt(150 x 100,000), about 3,900.
 */
export const FEW_MATCHES = 3_000;

/** Rows by seq (a JSON array), in list order: `+sort_key` makes SQLite sort them rather than walk the list for them. */
export const FEW_IN_ORDER = 'SELECT seq, sort_key FROM object_rows WHERE seq IN (SELECT value FROM json_each(?)) ORDER BY +sort_key, +seq';

/**
 * A plan from a query's conditions: `where` finds the matches (references gathered first), `walk`
 * checks each row of a walk in name order (references looked up per row); both take `params`.
 */
export function listPlanOf(where: { current: string; past: string }, walk: { current: string; past: string }, params: readonly unknown[]): ListPlan {
  return {
    ...where,
    params,
    pageSql: pageSqlOf(walk.current, walk.past, false),
    fewPageSql: pageSqlOf(where.current, where.past, true),
    probeSql: `SELECT seq FROM object_rows WHERE ${where.current} LIMIT ?`,
    countKey: `${where.current}\u0000${JSON.stringify(params)}`,
  };
}
