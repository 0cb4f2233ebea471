import type { CompanyFileStore } from './CompanyFileStore.ts';

/**
 * SQLite's `data_version` of the store's connection: it changes when another connection commits to
 * the file. A read-only open (a report thread's) compares it between reports to know that what it
 * cached (meta values, page bodies) may be stale.
 */
export function dataVersion(store: CompanyFileStore): number {
  return Number(store.db.pragma('data_version', { simple: true }));
}

/**
 * Runs `read` in one read transaction: every statement sees the file as it was at the first, even
 * if another connection commits meanwhile (WAL keeps that snapshot for us).
 */
export function inReadSnapshot<T>(store: CompanyFileStore, read: () => T): T {
  store.db.exec('BEGIN');
  try {
    return read();
  } finally {
    store.db.exec('COMMIT');
  }
}
