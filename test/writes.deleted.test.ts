import { describe, expect, it } from 'vitest';
import { bodyOf, expectDesktopError, fetchAll, withSaleSandbox, type CustomerView, type InvoiceView } from './support/ledgerViews.ts';
import type { TestSandbox } from './support/testClient.ts';

/** The deleted-objects lists: deleted transactions and inactive list objects of the last 90 days. */
interface DeletedView {
  id: string;
  objectType: string;
  createdAt: string;
  deletedAt: string;
  transactionType?: string;
  refNumber?: string | null;
  listType?: string;
  fullName?: string | null;
}

let api: TestSandbox;
let customer: CustomerView;
let itemId: string;
withSaleSandbox((s) => ({ api, customer, itemId } = s));

const deletedTransactions = async (query: Record<string, string | string[]>): Promise<DeletedView[]> =>
  bodyOf<{ data: DeletedView[] }>(await api.get('/ledger-desktop/deleted-transactions', { query })).data;
const deletedListObjects = async (query: Record<string, string | string[]>): Promise<DeletedView[]> =>
  bodyOf<{ data: DeletedView[] }>(await api.get('/ledger-desktop/deleted-list-objects', { query })).data;

describe('deleted transactions', () => {
  it('lists a deleted transaction under its type for 90 days of the company file clock', async () => {
    const invoice = bodyOf<InvoiceView>(await api.post('/ledger-desktop/invoices', { customerId: customer.id, transactionDate: '2025-07-01', lines: [{ itemId, quantity: 1, rate: '5.00' }] }));
    const receipt = bodyOf<{ id: string; refNumber: string }>(await api.post('/ledger-desktop/sales-receipts', { customerId: customer.id, transactionDate: '2025-07-01', lines: [{ itemId, quantity: 1, rate: '5.00' }] }));
    bodyOf(await api.delete(`/ledger-desktop/invoices/${invoice.id}`));
    bodyOf(await api.delete(`/ledger-desktop/sales-receipts/${receipt.id}`));

    const invoices = await deletedTransactions({ transactionTypes: ['invoice'] });
    expect(invoices).toEqual([{ transactionType: 'invoice', id: invoice.id, objectType: 'ldg_deleted_transaction', createdAt: invoice.createdAt, deletedAt: expect.any(String), refNumber: invoice.refNumber }]);
    expect((await deletedTransactions({ transactionTypes: ['invoice', 'sales_receipt'] })).map((d) => d.id)).toEqual([invoice.id, receipt.id]);
    expect(await deletedTransactions({ transactionTypes: ['estimate'] })).toEqual([]);
    expect(await deletedTransactions({ transactionTypes: ['invoice'], deletedAfter: '2099-01-01' })).toEqual([]);
    expect(await deletedTransactions({ transactionTypes: ['invoice'], deletedBefore: '2000-01-01' })).toEqual([]);
    // As for updatedAfter: a date the desktop cannot read is its error 3020.
    expectDesktopError(await api.get('/ledger-desktop/deleted-transactions', { query: { transactionTypes: ['invoice'], deletedAfter: 'yesterday' } }), '3020');

    await api.control('POST', '/_sandbox/clock/advance', { seconds: 89 * 86_400 });
    expect((await deletedTransactions({ transactionTypes: ['invoice'] })).map((d) => d.id)).toEqual([invoice.id]);
    await api.control('POST', '/_sandbox/clock/advance', { seconds: 2 * 86_400 });
    expect(await deletedTransactions({ transactionTypes: ['invoice'] })).toEqual([]);
  });
});

describe('deleted list objects', () => {
  it('lists a list object made inactive under its list type, until it is active again', async () => {
    const customers = await fetchAll<CustomerView>(api, '/ledger-desktop/customers');
    // A customer with no job below it and nothing open, so it may be made inactive.
    const quiet = customers.find((c) => c.isActive && c.sublevel === 0 && Number(c.totalBalance) === 0 && !customers.some((j) => j.parent?.id === c.id)) as CustomerView;
    const off = bodyOf<CustomerView>(await api.post(`/ledger-desktop/customers/${quiet.id}`, { revisionNumber: quiet.revisionNumber, isActive: false }));
    const listed = await deletedListObjects({ objectTypes: ['customer'] });
    expect(listed).toContainEqual({ listType: 'customer', id: quiet.id, objectType: 'ldg_deleted_list_object', createdAt: quiet.createdAt, deletedAt: expect.any(String), fullName: quiet.fullName });
    expect((await deletedListObjects({ objectTypes: ['vendor'] })).map((d) => d.id)).not.toContain(quiet.id);

    bodyOf(await api.post(`/ledger-desktop/customers/${quiet.id}`, { revisionNumber: off.revisionNumber, isActive: true }));
    expect((await deletedListObjects({ objectTypes: ['customer'] })).map((d) => d.id)).not.toContain(quiet.id);
  });
});
