import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CompanyFileStore, type IndexColumns } from './CompanyFileStore.ts';
import { dataVersion, inReadSnapshot } from './readSnapshot.ts';

const COLUMNS: IndexColumns = { name: null, ref_number: null, is_active: 1, updated_at: 0, txn_date: null, tag: null, is_paid: null, balance_cents: null };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-read-only-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function add(store: CompanyFileStore, id: string): void {
  store.transaction(() => store.insert('ldg_customer', id, { ...COLUMNS, name: id }, JSON.stringify({ id, name: id }), null));
}

function count(store: CompanyFileStore, table = 'objects'): number {
  return Number(store.db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get());
}

describe('a read-only open of a company file another connection keeps (a report thread)', () => {
  it('writes nothing, not even at open: the past versions an open list sequence needs stay', () => {
    const file = path.join(dir, 'kept.sqlite');
    const main = new CompanyFileStore(file);
    add(main, 'C1');
    // An open list sequence keeps the version a write replaces.
    main.newestSnapshotOf = () => main.writeNumber;
    main.transaction(() => main.update('ldg_customer', 'C1', { ...COLUMNS, name: 'renamed' }, JSON.stringify({ id: 'C1', name: 'renamed' }), null));
    expect(count(main, 'object_versions')).toBe(1);
    const before = dataVersion(main);

    const reader = new CompanyFileStore(file, undefined, true);
    expect(reader.docs.find('ldg_customer', 'C1')).toEqual({ id: 'C1', name: 'renamed' });
    // Nothing committed by the other connection: the main one's data_version did not move.
    expect(dataVersion(main)).toBe(before);
    expect(count(main, 'object_versions')).toBe(1);
    expect(() => reader.setMeta('x', 'y')).toThrow(/readonly/);
    reader.close();
    main.close();
  });

  it("sees another connection's commits in its data_version, and one snapshot within inReadSnapshot", () => {
    const file = path.join(dir, 'snapshot.sqlite');
    const main = new CompanyFileStore(file);
    add(main, 'C1');
    const reader = new CompanyFileStore(file, undefined, true);
    const version = dataVersion(reader);
    expect(dataVersion(reader)).toBe(version);
    const seen = inReadSnapshot(reader, () => {
      const first = count(reader);
      add(main, 'C2');
      return [first, count(reader)];
    });
    expect(seen).toEqual([1, 1]);
    expect(count(reader)).toBe(2);
    expect(dataVersion(reader)).not.toBe(version);
    reader.close();
    main.close();
  });
});
