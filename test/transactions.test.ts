import { describe, expect, it } from 'vitest';
import { bodyOf, cents, fetchAll, sortedIds, withSaleSandbox, type CustomerView, type Ref } from './support/ledgerViews.ts';
import type { TestSandbox } from './support/testClient.ts';

/** The cross-type `transactions` list and `transactions/{id}`: one row per transaction (or per line) of every type. */
interface Row {
  transactionType: string;
  transactionId: string;
  transactionLineId: string | null;
  entity: Ref | null;
  account: Ref | null;
  transactionDate: string;
  refNumber: string | null;
  amount: string;
}
interface Page {
  data: Row[];
  nextCursor: string | null;
  remainingCount: number | null;
  hasMore: boolean;
}

let api: TestSandbox;
let customer: CustomerView;
withSaleSandbox((s) => ({ api, customer } = s));

const LIST = '/ledger-desktop/transactions';
const idsOf = (rows: readonly { transactionId: string }[]): string[] => [...new Set(rows.map((r) => r.transactionId))].sort();

describe('the transactions list', () => {
  it('lists each type as its own list does: the same objects for the same date range, party and account', async () => {
    const range = { transactionDateFrom: '2025-01-01', transactionDateTo: '2025-03-31' };
    const rows = await fetchAll<Row>(api, LIST, { ...range, transactionTypes: ['invoice', 'bill', 'check'] });
    expect(new Set(rows.map((r) => r.transactionType))).toEqual(new Set(['invoice', 'bill', 'check']));
    expect(rows.every((r) => r.transactionDate >= range.transactionDateFrom && r.transactionDate <= range.transactionDateTo && r.transactionLineId === null)).toBe(true);
    for (const [type, resource] of [
      ['invoice', 'invoices'],
      ['bill', 'bills'],
      ['check', 'checks'],
    ] as const) {
      const own = await fetchAll<{ id: string }>(api, `/ledger-desktop/${resource}`, range);
      expect(idsOf(rows.filter((r) => r.transactionType === type)), type).toEqual(sortedIds(own));
    }
    const byCustomer = await fetchAll<Row>(api, LIST, { entityIds: customer.id, transactionTypes: 'invoice' });
    expect(idsOf(byCustomer)).toEqual(sortedIds(await fetchAll<{ id: string }>(api, '/ledger-desktop/invoices', { customerIds: customer.id })));
    const bank = (await fetchAll<{ id: string }>(api, '/ledger-desktop/accounts', { accountType: 'bank' }))[0]?.id ?? '';
    const byBank = await fetchAll<Row>(api, LIST, { accountIds: bank, transactionTypes: ['check', 'transfer'] });
    const checks = await fetchAll<{ id: string }>(api, '/ledger-desktop/checks', { accountIds: bank });
    expect(idsOf(byBank.filter((r) => r.transactionType === 'check'))).toEqual(sortedIds(checks));
    expect(byBank.some((r) => r.transactionType === 'transfer')).toBe(true);

    // Items and classes are not on the rows: the filters reach them through each transaction's references.
    const item = (await fetchAll<{ id: string }>(api, '/ledger-desktop/inventory-items'))[0]?.id ?? '';
    const byItem = await fetchAll<Row>(api, LIST, { itemIds: item, transactionTypes: ['invoice', 'inventory_adjustment'] });
    const selling = (await fetchAll<{ id: string; lines: { item: Ref | null }[] }>(api, '/ledger-desktop/invoices')).filter((i) => i.lines.some((l) => l.item?.id === item));
    expect(idsOf(byItem.filter((r) => r.transactionType === 'invoice'))).toEqual(sortedIds(selling));
    expect(idsOf(byItem.filter((r) => r.transactionType === 'inventory_adjustment'))).toEqual(sortedIds(await fetchAll<{ id: string }>(api, '/ledger-desktop/inventory-adjustments', { itemIds: item })));
    const classId = (await fetchAll<{ id: string }>(api, '/ledger-desktop/classes'))[0]?.id ?? '';
    const invoice = (await fetchAll<{ id: string; revisionNumber: string }>(api, '/ledger-desktop/invoices'))[0];
    await api.post(`/ledger-desktop/invoices/${String(invoice?.id)}`, { revisionNumber: invoice?.revisionNumber, classId });
    const byClass = await fetchAll<Row>(api, LIST, { classIds: classId });
    expect(byClass.map((r) => r.transactionId)).toContain(invoice?.id);
    const ofClass = (await fetchAll<{ id: string; class: Ref | null }>(api, '/ledger-desktop/invoices')).filter((i) => i.class?.id === classId);
    expect(idsOf(byClass.filter((r) => r.transactionType === 'invoice'))).toEqual(sortedIds(ofClass));
  });

  it('pages with one cursor to the end, then refuses it; every type shows up when none is named', async () => {
    const first = bodyOf<Page>(await api.get(LIST, { query: { limit: 150 } }));
    expect(first.hasMore).toBe(true);
    const seen = new Set(first.data.map((r) => r.transactionId));
    let page = first;
    let pages = 1;
    while (page.nextCursor !== null) {
      const cursor = page.nextCursor;
      page = bodyOf<Page>(await api.get(LIST, { query: { cursor, limit: 150 } }));
      expect(page.nextCursor === null || page.nextCursor === cursor).toBe(true);
      for (const r of page.data) seen.add(r.transactionId);
      pages += 1;
      if (page.nextCursor === null) {
        const again = await api.get(LIST, { query: { cursor } });
        expect(again.status).toBeGreaterThanOrEqual(400);
      }
    }
    expect(pages).toBeGreaterThan(2);
    expect(seen.size).toBe(first.data.length + (first.remainingCount ?? 0));
    const all = await fetchAll<Row>(api, LIST);
    for (const type of ['invoice', 'receive_payment', 'sales_receipt', 'credit_memo', 'estimate', 'sales_order', 'deposit', 'bill', 'vendor_credit', 'item_receipt', 'purchase_order', 'check', 'credit_card_charge', 'credit_card_credit', 'journal_entry', 'transfer', 'inventory_adjustment', 'build_assembly', 'sales_tax_payment_check']) {
      expect(all.some((r) => r.transactionType === type), type).toBe(true);
    }
  });

  it('shows lines with detailLevel, narrows by posting and payment status, and retrieves one transaction by id', async () => {
    const invoice = (await fetchAll<{ id: string; refNumber: string; subtotal: string; salesTaxTotal: string; isPaid: boolean; customer: Ref; receivablesAccount: Ref; lines: { id: string; amount: string }[] }>(api, '/ledger-desktop/invoices')).find((i) => i.lines.length > 1);
    if (!invoice) throw new Error('the demo file has an invoice of several lines');
    const lines = await fetchAll<Row>(api, LIST, { ids: invoice.id, detailLevel: 'transaction_lines_only' });
    expect(lines.map((r) => [r.transactionLineId, r.amount])).toEqual(invoice.lines.map((l) => [l.id, l.amount]));
    const both = await fetchAll<Row>(api, LIST, { ids: invoice.id, detailLevel: 'all' });
    expect(both.map((r) => r.transactionLineId)).toEqual([null, ...invoice.lines.map((l) => l.id)]);

    const one = bodyOf<Row>(await api.get(`${LIST}/${invoice.id}`));
    expect(one).toMatchObject({ transactionType: 'invoice', transactionId: invoice.id, refNumber: invoice.refNumber, entity: { id: invoice.customer.id }, account: { id: invoice.receivablesAccount.id } });
    expect(cents(one.amount)).toBe(cents(invoice.subtotal) + cents(invoice.salesTaxTotal));

    const nonPosting = await fetchAll<Row>(api, LIST, { postingStatus: 'non_posting' });
    expect(new Set(nonPosting.map((r) => r.transactionType))).toEqual(new Set(['estimate', 'sales_order', 'purchase_order']));
    const open = await fetchAll<Row>(api, LIST, { paymentStatus: 'open', transactionTypes: 'invoice' });
    const openInvoices = await fetchAll<{ id: string }>(api, '/ledger-desktop/invoices', { paymentStatus: 'not_paid' });
    expect(idsOf(open)).toEqual(sortedIds(openInvoices));
  });
});
