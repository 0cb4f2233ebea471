import type { PostingNarrowing, PostingSumKeys, Prepare } from './postingReads.ts';
import { readPostings, type TransactionPosting } from './postingRows.ts';

/**
 * Reads of the whole history from `name_item_sums` (`keptSums.ts`): each account's sums by party
 * and item, no day. They answer only a span that holds every posting; any shorter span reads its
 * postings (`LedgerReads`). A job report by customer and item over 205,000 transactions reads
 * 270,000 sums instead of sorting half a million postings, and counts its lines before it reads one.
 */

/** Whether a span of days holds every posting: the sums of the whole history are its sums. */
function spansHistory(prepare: Prepare, from: string | null, to: string): boolean {
  const [first, last] = prepare('SELECT MIN(posted_on), MAX(posted_on) FROM account_days').raw().get() as [string | null, string | null];
  return first === null || last === null || ((from === null || from <= first) && to >= last);
}

/** Whether the kept sums can stand for a read so narrowed: they know no transaction type, class or open-item ledger. */
function keptCanNarrow(narrow: PostingNarrowing): boolean {
  return narrow.types === undefined && narrow.classes === undefined && narrow.openLedger === undefined;
}

/** The WHERE of a read of `name_item_sums` narrowed as `narrowing` narrows postings. */
function historyNarrowing(narrow: PostingNarrowing): { where: string[]; params: unknown[] } {
  const where = ['TRUE'];
  const params: unknown[] = [];
  const among = (column: string, values: readonly string[] | undefined): void => {
    if (values === undefined) return;
    where.push(`${column} IN (SELECT value FROM json_each(?))`);
    params.push(JSON.stringify(values));
  };
  among('account_id', narrow.accounts);
  among('entity_id', narrow.entities);
  if (narrow.entityTypes !== undefined) {
    where.push('entity_id IN (SELECT id FROM object_rows WHERE type IN (SELECT value FROM json_each(?)))');
    params.push(JSON.stringify(narrow.entityTypes));
  }
  among('item_id', narrow.items);
  return { where, params };
}

/**
 * How many parties and how many pairs of party and item ('' for none) the postings of a span name,
 * when the span holds every posting (else undefined: counting the postings would cost what summing
 * them does). A detail by party then item knows its length before it reads a sum.
 */
export function namePairCount(prepare: Prepare, from: string | null, to: string, narrow: PostingNarrowing): { names: number; pairs: number } | undefined {
  if (!keptCanNarrow(narrow) || !spansHistory(prepare, from, to)) return undefined;
  const { where, params } = historyNarrowing(narrow);
  const [names, pairs] = prepare(`SELECT COUNT(DISTINCT entity_id), COUNT(*) FROM (SELECT DISTINCT entity_id, item_id FROM name_item_sums WHERE ${where.join(' AND ')} AND entity_id != '')`)
    .raw()
    .get(...params) as [number, number];
  return { names, pairs };
}

/**
 * How many postings of a span name a party (`entity`) or an item, of the `among` types when given,
 * or with `distinct` how many different ones they name, when the span holds every posting (else
 * undefined): a statement with a column per customer counts them before it sums one, a detail
 * before it reads one (9,300 customers of a whole history: 1.1 s over the postings; a detail's
 * 420,000 postings by customer: 1 s).
 */
export function historyKeyCount(prepare: Prepare, from: string | null, to: string, narrow: PostingNarrowing, key: 'entity' | 'item', among: readonly string[] | undefined, distinct: boolean): number | undefined {
  if (!keptCanNarrow(narrow) || !spansHistory(prepare, from, to)) return undefined;
  const { where, params } = historyNarrowing(narrow);
  const column = key === 'entity' ? 'entity_id' : 'item_id';
  where.push(`${column} != ''`);
  if (among) {
    where.push(`${column} IN (SELECT id FROM object_rows WHERE type IN (SELECT value FROM json_each(?)))`);
    params.push(JSON.stringify(among));
  }
  const counted = distinct ? `COUNT(DISTINCT ${column})` : 'SUM(postings)';
  return Number(prepare(`SELECT COALESCE(${counted}, 0) FROM name_item_sums WHERE ${where.join(' AND ')}`).pluck().get(...params));
}

/**
 * `LedgerReads.postingSums` by account and item, party, or both, of a span that holds every
 * posting, from the kept sums ('' read as none); undefined for any other read. By account and party
 * alone, a whole history's 9,300 jobs were summed from 460,000 postings (1.2 s).
 */
export function historySums(prepare: Prepare, from: string | null, to: string, narrow: PostingNarrowing, by: PostingSumKeys): TransactionPosting[] | undefined {
  if (!(by.item || by.entity) || by.type || by.class || by.date || by.reference || !keptCanNarrow(narrow) || !spansHistory(prepare, from, to)) return undefined;
  const { where, params } = historyNarrowing(narrow);
  const entity = by.entity ? "NULLIF(entity_id, '')" : 'NULL';
  const item = by.item ? "NULLIF(item_id, '')" : 'NULL';
  const sql = `SELECT '' AS txn, 0 AS line, account_id AS account, ${entity} AS entity, NULL AS openLedger, SUM(cents) AS cents, ? AS date,
      ${item} AS item, NULL AS class, NULL AS type, NULL AS refNumber, NULL AS updatedAt, 0 AS seq
    FROM name_item_sums WHERE ${where.join(' AND ')}
    GROUP BY ${['account_id', ...(by.entity ? ['entity_id'] : []), ...(by.item ? ['item_id'] : [])].join(', ')}`;
  return readPostings(prepare(sql), [to, ...params]);
}
