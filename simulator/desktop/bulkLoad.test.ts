import { describe, expect, it } from 'vitest';
import { all } from '../../test/support/bookWrites.ts';
import { seededBooks } from '../../test/support/seededBooks.ts';
import { BULK_SORTER_THREADS } from './storage/sqliteSettings.ts';
import type { JsonObject } from './values/json.ts';
import { toCents } from './values/money.ts';

const seeded = seededBooks({ customers: 10, invoices: 10 });

describe("the desktop's bulk load (CompanyFile.bulkLoad)", () => {
  it('defers roll-ups while it runs and brings every balance up to date before it commits', () => {
    const file = seeded(21);
    const customer = all(file, 'ldg_customer')[0] ?? {};
    const id = String(customer['id']);
    const balance = (): number => toCents(String(file.store.docs.find<JsonObject>('ldg_customer', id)?.['balance']));
    const before = balance();
    file.bulkLoad(() => {
      expect(file.bulk).toBe(true);
      file.add('ldg_invoice', { customerId: id, transactionDate: '2025-06-20', lines: [{ description: 'bulk', amount: '10.00' }] });
      expect(balance()).toBe(before);
    });
    expect([file.bulk, balance()]).toEqual([false, before + 1000]);
  });

  it('leaves the file as it was when its work throws', () => {
    const file = seeded(22);
    const invoices = all(file, 'ldg_invoice').length;
    const customerId = String(all(file, 'ldg_customer')[0]?.['id']);
    expect(() =>
      file.bulkLoad(() => {
        file.add('ldg_invoice', { customerId, transactionDate: '2025-06-20', lines: [{ description: 'lost', amount: '10.00' }] });
        throw new Error('the load failed');
      }),
    ).toThrow('the load failed');
    expect([file.bulk, all(file, 'ldg_invoice').length]).toEqual([false, invoices]);
  });

  it("sorts with SQLite's helper threads while it runs, and without them after, when it throws too", () => {
    const file = seeded(23);
    const threads = (): unknown => file.store.db.pragma('threads', { simple: true });
    file.bulkLoad(() => expect(threads()).toBe(BULK_SORTER_THREADS));
    expect(threads()).toBe(0);
    expect(() =>
      file.bulkLoad(() => {
        throw new Error('the load failed');
      }),
    ).toThrow('the load failed');
    expect(threads()).toBe(0);
  });
});
