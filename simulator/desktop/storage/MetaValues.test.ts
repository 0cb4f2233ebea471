import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MetaValues } from './MetaValues.ts';

let db: Database.Database;
let meta: MetaValues;
beforeEach(() => {
  db = new Database(':memory:');
  db.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  db.prepare("INSERT INTO meta VALUES ('a', '1')").run();
  meta = new MetaValues(db);
});
afterEach(() => db.close());

describe('MetaValues.holdAll (bulk loads read meta from memory alone)', () => {
  it('answers rows and misses from memory, its own writes included', () => {
    meta.holdAll(true);
    // A row written behind its back is not seen: while held, meta is written only through it.
    db.prepare("INSERT INTO meta VALUES ('b', '2')").run();
    expect([meta.get('a'), meta.get('b'), meta.get('missing')]).toEqual(['1', undefined, undefined]);
    meta.set('c', '3');
    expect(meta.get('c')).toBe('3');
    meta.holdAll(false);
    expect(meta.get('b')).toBe('2');
  });

  it('reads from the table again after a rollback cleared memory', () => {
    meta.holdAll(true);
    meta.hold();
    meta.set('a', 'changed');
    meta.release(true);
    expect(meta.get('a')).toBe('1');
  });
});
