import { createHash } from 'node:crypto';
import type { TestSandbox } from './testClient.ts';

interface Queryable {
  prepare(sql: string): { raw(toggle: boolean): { iterate(...params: unknown[]): IterableIterator<unknown[]> } };
}

/** Each row's columns go into the hash as they are (bytes as bytes), with separators: a file of 8,000 objects in tens of milliseconds. */
function digest(hash: ReturnType<typeof createHash>, db: Queryable, sql: string): void {
  for (const row of db.prepare(sql).raw(true).iterate()) {
    for (const value of row) {
      hash.update(value === null ? '\u0000null' : Buffer.isBuffer(value) ? value : `${typeof value}:${String(value)}`);
      hash.update('\u0001');
    }
    hash.update('\u0002');
  }
}

/**
 * A fingerprint of everything a client could have written: the demo company file (objects, their
 * links, counters and other meta) and the Service's records. Request times and clock offsets are
 * left out: reads and clock controls change them by design.
 */
export function storedStateOf(api: TestSandbox): string {
  const hash = createHash('sha256');
  const file = api.sandbox.deps.host.application(`company_${api.endUser}`).file.store.db as unknown as Queryable;
  digest(hash, file, 'SELECT * FROM objects ORDER BY seq');
  digest(hash, file, 'SELECT * FROM meta ORDER BY key');
  const state = (api.sandbox.deps.state as unknown as { db: Queryable }).db;
  digest(hash, state, 'SELECT id, name, organization FROM projects ORDER BY id');
  digest(hash, state, 'SELECT * FROM end_users ORDER BY id');
  digest(hash, state, 'SELECT id, end_user_id, created_at, company_file_id FROM connections ORDER BY id');
  digest(hash, state, 'SELECT id, end_user_id, created_at, expires_at, redirect_url FROM auth_sessions ORDER BY id');
  digest(hash, state, 'SELECT hash, project_id, kind, revoked FROM api_keys ORDER BY hash');
  return hash.digest('hex');
}
