import type { KeptTable } from './keptTable.ts';
import { OPEN_BALANCES } from './openBalances.ts';

/**
 * Sums the books keep as postings are written, so that reports read a row per account and day, or
 * per open transaction, instead of every posting. Postings are only ever inserted and deleted (a
 * change re-posts its transaction), so a trigger on each keeps a table equal to its GROUP BY on
 * every write, void and delete, past-dated ones included, and no write path can forget it. A bulk
 * load drops the triggers and sums once instead (`fill`), as soon as its last posting is in.
 */

/**
 * The insert, delete and update triggers of a sum over postings, grouped by `key` (SQL of NEW. or
 * OLD. columns, one per key column), for the postings `when` keeps. A group whose last posting goes
 * is removed, so "had postings" stays exact. `merge`: extra assignments of a group that grows.
 */
function triggersOf(table: string, keyColumns: readonly string[], key: (row: 'NEW' | 'OLD') => readonly string[], when: (row: 'NEW' | 'OLD') => string): string[] {
  const columns = keyColumns.join(', ');
  const add = (row: 'NEW' | 'OLD'): string =>
    `INSERT INTO ${table} (${columns}, cents, postings) SELECT ${key(row).join(', ')}, ${row}.cents, 1 WHERE ${when(row)}
      ON CONFLICT (${columns}) DO UPDATE SET cents = cents + excluded.cents, postings = postings + 1;`;
  const match = (row: 'NEW' | 'OLD'): string => [when(row), ...keyColumns.map((c, i) => `${c} = ${key(row)[i]}`)].join(' AND ');
  const remove = (row: 'NEW' | 'OLD'): string =>
    `UPDATE ${table} SET cents = cents - ${row}.cents, postings = postings - 1 WHERE ${match(row)};
    DELETE FROM ${table} WHERE ${match(row)} AND postings = 0;`;
  return [
    `CREATE TRIGGER IF NOT EXISTS ${table}_add AFTER INSERT ON postings BEGIN\n    ${add('NEW')}\n  END;`,
    `CREATE TRIGGER IF NOT EXISTS ${table}_remove AFTER DELETE ON postings BEGIN\n    ${remove('OLD')}\n  END;`,
    // No write changes a posting in place today; should one, the sums still follow.
    `CREATE TRIGGER IF NOT EXISTS ${table}_change AFTER UPDATE ON postings BEGIN\n    ${remove('OLD')}\n    ${add('NEW')}\n  END;`,
  ];
}

/** Each account's debits less credits per day and class ('' for none): what statements read. A file has a handful of classes. */
const ACCOUNT_DAYS: KeptTable = {
  table: 'account_days',
  create: `CREATE TABLE IF NOT EXISTS account_days (
  posted_on TEXT NOT NULL,
  account_id TEXT NOT NULL,
  class_id TEXT NOT NULL,
  cents INTEGER NOT NULL,
  postings INTEGER NOT NULL,
  PRIMARY KEY (posted_on, account_id, class_id)
) WITHOUT ROWID;`,
  triggers: triggersOf('account_days', ['posted_on', 'account_id', 'class_id'], (r) => [`${r}.posted_on`, `${r}.account_id`, `COALESCE(${r}.class_id, '')`], () => 'TRUE'),
  fill: `DELETE FROM account_days;
INSERT INTO account_days (posted_on, account_id, class_id, cents, postings)
  SELECT posted_on, account_id, COALESCE(class_id, ''), SUM(cents), COUNT(*) FROM postings GROUP BY posted_on, account_id, COALESCE(class_id, '');`,
};

/**
 * What each transaction put on the receivable or payable ledger for each party on each day (a
 * transaction posts on one day): the open items start from these, and the links between them.
 */
const OPEN_AMOUNTS: KeptTable = {
  table: 'open_amounts',
  create: `CREATE TABLE IF NOT EXISTS open_amounts (
  open_ledger TEXT NOT NULL,
  txn_id TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  posted_on TEXT NOT NULL,
  cents INTEGER NOT NULL,
  postings INTEGER NOT NULL,
  PRIMARY KEY (open_ledger, txn_id, entity_id, posted_on)
) WITHOUT ROWID;`,
  triggers: triggersOf(
    'open_amounts',
    ['open_ledger', 'txn_id', 'entity_id', 'posted_on'],
    (r) => [`${r}.open_ledger`, `${r}.txn_id`, `COALESCE(${r}.entity_id, '')`, `${r}.posted_on`],
    (r) => `${r}.open_ledger IS NOT NULL`,
  ),
  fill: `DELETE FROM open_amounts;
INSERT INTO open_amounts (open_ledger, txn_id, entity_id, posted_on, cents, postings)
  SELECT open_ledger, txn_id, COALESCE(entity_id, ''), posted_on, SUM(cents), COUNT(*) FROM postings WHERE open_ledger IS NOT NULL GROUP BY open_ledger, txn_id, COALESCE(entity_id, ''), posted_on;`,
};

/**
 * Each account's debits less credits over the whole history by party and item ('' for none): a
 * whole history by customer and item (the job reports) reads these sums instead of sorting the
 * half million postings they come from (2.3 s of 205,000 transactions). No day: a report of a
 * span shorter than the history reads the postings of its span.
 */
const NAME_ITEM_SUMS: KeptTable = {
  table: 'name_item_sums',
  create: `CREATE TABLE IF NOT EXISTS name_item_sums (
  account_id TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  item_id TEXT NOT NULL,
  cents INTEGER NOT NULL,
  postings INTEGER NOT NULL,
  PRIMARY KEY (account_id, entity_id, item_id)
) WITHOUT ROWID;`,
  triggers: triggersOf('name_item_sums', ['account_id', 'entity_id', 'item_id'], (r) => [`${r}.account_id`, `COALESCE(${r}.entity_id, '')`, `COALESCE(${r}.line_item_id, ${r}.item_id, '')`], () => 'TRUE'),
  fill: `DELETE FROM name_item_sums;
INSERT INTO name_item_sums (account_id, entity_id, item_id, cents, postings)
  SELECT account_id, COALESCE(entity_id, ''), COALESCE(line_item_id, item_id, ''), SUM(cents), COUNT(*) FROM postings GROUP BY 1, 2, 3;`,
};

/** In the order they are filled: the open balances start from the open amounts. */
export const KEPT_SUMS: readonly KeptTable[] = [ACCOUNT_DAYS, OPEN_AMOUNTS, OPEN_BALANCES, NAME_ITEM_SUMS];

/** The name of a trigger of a kept sum. */
export function triggerName(sql: string): string {
  const name = /TRIGGER IF NOT EXISTS (\w+)/.exec(sql)?.[1];
  if (!name) throw new Error(`not a trigger definition: ${sql}`);
  return name;
}
