import Database from 'better-sqlite3';
import type { TypeRegistry } from '../simulator/desktop/engine/TypeRegistry.ts';

export interface BookCounts {
  transactions: number;
  postings: number;
}

/** What a company file on disk holds: its transactions (of every transaction type) and postings, read beside the server (WAL lets both read). */
export function countTransactions(filePath: string, types: TypeRegistry): BookCounts {
  const db = new Database(filePath, { readonly: true, fileMustExist: true });
  try {
    const transactionTypes = [...types.all()].filter((m) => m.row.kind === 'transaction').map((m) => m.objectType);
    const transactions = Number(db.prepare('SELECT COUNT(*) FROM object_rows WHERE type IN (SELECT value FROM json_each(?))').pluck().get(JSON.stringify(transactionTypes)));
    const postings = Number(db.prepare('SELECT COUNT(*) FROM postings').pluck().get());
    return { transactions, postings };
  } finally {
    db.close();
  }
}
