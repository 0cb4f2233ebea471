import { describe, expect, it } from 'vitest';
import { all, random, randomWrite } from '../../../test/support/bookWrites.ts';
import { listCellsBroken } from '../../../test/support/listCellsRules.ts';
import type { ReportJson } from '../../../test/support/reportFigures.ts';
import { seededBooks } from '../../../test/support/seededBooks.ts';
import { CompanyFile } from '../CompanyFile.ts';
import { SimClock } from '../clock.ts';
import type { JsonObject, JsonValue } from '../values/json.ts';
import { runReport } from './runReport.ts';

const seeded = seededBooks({ customers: 20, invoices: 40, 'sales-receipts': 8, 'credit-memos': 6, bills: 6, 'vendor-credits': 3, 'item-receipts': 3, checks: 4, 'credit-card-charges': 4, 'journal-entries': 4, transfers: 3, paychecks: 6 });
const list = (file: CompanyFile, reportType: string, query: Record<string, JsonValue> = {}): ReportJson => runReport(file, 'general-detail', { reportType, reportDateMacro: 'all', ...query }) as unknown as ReportJson;
const LISTS = ['transaction_list_by_date', 'transaction_list_by_customer', 'transaction_list_by_vendor'];
const idOf = (ref: JsonValue | undefined): string => String((ref as JsonObject | null)?.['id']);

describe('the transaction lists read what the desktop keeps of each transaction', () => {
  it('as its document and the transactions list say, on a seeded file and after each of a randomized sequence of writes, deletes and voids', () => {
    const file = seeded(31);
    expect(listCellsBroken(file)).toEqual([]);
    const r = random(31);
    for (let step = 0; step < 60; step++) {
      const what = randomWrite(file, r);
      expect(listCellsBroken(file), `step ${step} (${what})`).toEqual([]);
    }
  });

  it('and the general ledger shows the memos kept there, as the documents say them', () => {
    const file = seeded(34);
    const ledger = runReport(file, 'general-detail', { reportType: 'general_ledger', reportDateMacro: 'all' }) as unknown as ReportJson;
    const memoOf = new Map(
      [...file.types.all()].filter((m) => m.row.kind === 'transaction').flatMap((m) => all(file, m.objectType).map((d) => [String(d['id']), typeof d['memo'] === 'string' ? d['memo'] : null] as const)),
    );
    // Opening balances are lines of no transaction document.
    const lines = ledger.rows.filter((r) => r.kind === 'data' && r.rowDescriptor?.type === 'transaction' && memoOf.has(String(r.rowDescriptor.value)));
    expect(lines.filter((r) => memoOf.get(String(r.rowDescriptor?.value)) !== null).length).toBeGreaterThan(20);
    for (const r of lines) expect(r.cells?.find((c) => c.columnId === 'memo')?.value ?? null, String(r.rowDescriptor?.value)).toBe(memoOf.get(String(r.rowDescriptor?.value)) ?? null);
  });

  it('showing the new name of a party or account renamed after the transaction was written', () => {
    const file = seeded(32);
    const bill = all(file, 'ldg_bill')[0] as JsonObject;
    const vendorId = idOf(bill['vendor']);
    const accountId = idOf(bill['payablesAccount']);
    const rename = (type: string, id: string, name: string): void => {
      file.modify(type, id, { revisionNumber: file.retrieve(type, id)['revisionNumber'] ?? null, name });
    };
    rename('ldg_vendor', vendorId, 'Zz Renamed Supplier');
    rename('ldg_account', accountId, 'Zz Renamed Payables');
    expect(listCellsBroken(file)).toEqual([]);
    const rows = JSON.stringify(list(file, 'transaction_list_by_vendor', { entityIds: [vendorId] }));
    expect(rows).toContain('Zz Renamed Supplier');
    expect(rows).toContain('Zz Renamed Payables');
  });

  it('for every transaction of a company file made before it was kept, when that file opens', () => {
    const file = seeded(33);
    const before = LISTS.map((type) => list(file, type));
    expect(JSON.stringify(before[0])).toContain('"transaction"');
    file.store.db.exec('DROP TABLE list_cells');
    const again = new CompanyFile({ path: file.store.db.name, clock: new SimClock(() => Date.UTC(2025, 6, 1)), types: file.types });
    expect(LISTS.map((type) => list(again, type))).toEqual(before);
    expect(listCellsBroken(again)).toEqual([]);
    again.store.close();
  });
});
