import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bodyOf,
  cents,
  expectDesktopError,
  expectInvalidRequest,
  fetchAll,
  money,
  sortedIds,
  type CustomerView,
  type InvoiceLineView,
  type InvoiceView,
} from './support/ledgerViews.ts';
import { startTestSandbox, type TestSandbox } from './support/testClient.ts';

const PATH = '/ledger-desktop/invoices';
const CUSTOMERS = '/ledger-desktop/customers';
const TRANSACTION_ID = /^[0-9A-F]+-\d+$/;

let api: TestSandbox;
let seeded: InvoiceView[];
let customers: CustomerView[];

beforeAll(async () => {
  api = await startTestSandbox();
  seeded = await fetchAll<InvoiceView>(api, PATH);
  customers = await fetchAll<CustomerView>(api, CUSTOMERS);
});
afterAll(async () => {
  await api.close();
});

interface SeededItem {
  id: string;
  fullName: string;
  rate: string;
  description: string | null;
}

/** Items as seeded lines show them: seeded lines take rate and description from their item. */
function items(): SeededItem[] {
  const byId = new Map<string, SeededItem>();
  for (const line of seeded.flatMap((i) => i.lines)) {
    if (line.item?.id && line.rate !== null) {
      byId.set(line.item.id, { id: line.item.id, fullName: line.item.fullName ?? '', rate: line.rate, description: line.description });
    }
  }
  return [...byId.values()];
}
const item = (index: number): SeededItem => items()[index] ?? (items()[0] as SeededItem);
const topLevel = (index: number): CustomerView => customers.filter((c) => c.sublevel === 0)[index] ?? (customers[0] as CustomerView);

async function create(body: Record<string, unknown>): Promise<InvoiceView> {
  return bodyOf<InvoiceView>(await api.post(PATH, body));
}
async function update(id: string, body: Record<string, unknown>): Promise<InvoiceView> {
  return bodyOf<InvoiceView>(await api.post(`${PATH}/${id}`, body));
}
async function retrieve(id: string): Promise<InvoiceView> {
  return bodyOf<InvoiceView>(await api.get(`${PATH}/${id}`));
}
async function customer(id: string): Promise<CustomerView> {
  return bodyOf<CustomerView>(await api.get(`${CUSTOMERS}/${id}`));
}

/** What the desktop application must keep true of every invoice it returns. */
function expectConsistentTotals(invoice: InvoiceView): void {
  for (const line of invoice.lines) {
    expect(cents(line.amount), line.id).toBe(Math.round(cents(line.rate) * (line.quantity ?? 1)));
  }
  expect(cents(invoice.subtotal)).toBe(invoice.lines.reduce((sum, l) => sum + cents(l.amount), 0));
  expect(cents(invoice.balanceRemaining)).toBe(cents(invoice.subtotal) + cents(invoice.salesTaxTotal) + cents(invoice.appliedAmount));
  expect(invoice.isPaid).toBe(cents(invoice.balanceRemaining) <= 0);
}

const threeLines = (): Record<string, unknown>[] => [
  { itemId: item(0).id, quantity: 2, rate: '100.00' },
  { itemId: item(1).id, quantity: 1, rate: '50.00' },
  { itemId: item(2).id, quantity: 7 },
];

describe('create', () => {
  it('bills quantity × rate per line, sums the lines and owes subtotal + tax + applied', async () => {
    expect(items().length).toBeGreaterThanOrEqual(3);
    const billed = topLevel(0);
    const invoice = await create({
      customerId: billed.id,
      transactionDate: '2025-05-02',
      lines: [{ itemId: item(0).id, quantity: 3, rate: '65.50' }, { itemId: item(1).id, quantity: 2 }],
    });
    expect(invoice.id).toMatch(TRANSACTION_ID);
    expect(invoice.customer).toEqual({ id: billed.id, fullName: billed.fullName });
    const [first, second] = invoice.lines;
    expect(first).toMatchObject({ item: { id: item(0).id, fullName: item(0).fullName }, quantity: 3, rate: '65.50', amount: '196.50' });
    expect(second).toMatchObject({ item: { id: item(1).id }, quantity: 2, rate: item(1).rate, description: item(1).description, amount: money(2 * cents(item(1).rate)) });
    expect(invoice.subtotal).toBe(money(19650 + 2 * cents(item(1).rate)));
    expect(invoice.appliedAmount).toBe('0.00');
    expect(invoice.linkedTransactions).toEqual([]);
    expect(invoice.isPaid).toBe(false);
    expectConsistentTotals(invoice);
    const lineIds = invoice.lines.map((l) => l.id);
    expect(new Set([...lineIds, invoice.id]).size).toBe(3);
    for (const id of lineIds) expect(id).toMatch(TRANSACTION_ID);
    expect(await retrieve(invoice.id)).toEqual(invoice);
  });

  it('assigns the next reference number when none is given, and keeps a given one', async () => {
    const highest = Math.max(...seeded.map((i) => Number(i.refNumber)).filter(Number.isFinite));
    const body = { customerId: topLevel(1).id, transactionDate: '2025-05-03', lines: [{ itemId: item(0).id, quantity: 1 }] };
    const auto = await create(body);
    expect(auto.refNumber).toMatch(/^\d+$/);
    expect(Number(auto.refNumber)).toBeGreaterThan(highest);
    expect(seeded.some((i) => i.refNumber === auto.refNumber)).toBe(false);
    expect((await create({ ...body, refNumber: 'INV-77' })).refNumber).toBe('INV-77');
    expect((await create(body)).refNumber).toBe(String(Number(auto.refNumber) + 1));
  });

  it.each([
    ['an unknown key on a line', { lines: [{ itemId: 'x', nickname: 'n' }] }, 'lines[0].nickname'],
    ['a string quantity', { lines: [{ quantity: '3' }] }, 'lines[0].quantity'],
    ['no customerId', { customerId: undefined }, 'customerId'],
    ['a bad transactionDate', { transactionDate: '02/05/2025' }, 'transactionDate'],
  ])('with %s is a 400', async (_case, extra: Record<string, unknown>, field) => {
    expectInvalidRequest(await api.post(PATH, { customerId: topLevel(0).id, transactionDate: '2025-05-02', ...extra }), field);
  });

  it.each([
    ['a customerId that does not exist', { customerId: '80000999-1234567890' }],
    ['an itemId that does not exist', { lines: [{ itemId: '80000999-1234567890', quantity: 1 }] }],
  ])('with %s is 3140', async (_case, extra) => {
    expectDesktopError(await api.post(PATH, { customerId: topLevel(0).id, transactionDate: '2025-05-02', ...extra }), '3140');
  });
});

describe('balances of the customer billed', () => {
  it('grow by the invoice balance, up to the parent total; moving the invoice moves the balance', async () => {
    const job = customers.find((c) => c.sublevel >= 1);
    const parentId = job?.parent?.id;
    if (!job || !parentId) throw new Error('the seeded company file has no job');
    const [jobBefore, parentBefore] = [await customer(job.id), await customer(parentId)];
    const invoice = await create({ customerId: job.id, transactionDate: '2025-05-04', lines: threeLines() });
    const owed = cents(invoice.balanceRemaining);
    expect(owed).toBeGreaterThan(0);
    const [jobAfter, parentAfter] = [await customer(job.id), await customer(parentId)];
    expect(cents(jobAfter.balance)).toBe(cents(jobBefore.balance) + owed);
    expect(cents(jobAfter.totalBalance)).toBe(cents(jobBefore.totalBalance) + owed);
    expect(cents(parentAfter.balance)).toBe(cents(parentBefore.balance));
    expect(cents(parentAfter.totalBalance)).toBe(cents(parentBefore.totalBalance) + owed);

    const other = customers.find((c) => c.sublevel === 0 && c.id !== parentId) ?? job;
    const otherBefore = await customer(other.id);
    await update(invoice.id, { revisionNumber: invoice.revisionNumber, customerId: other.id });
    expect((await customer(job.id)).balance).toBe(jobBefore.balance);
    expect((await customer(parentId)).totalBalance).toBe(parentBefore.totalBalance);
    expect(cents((await customer(other.id)).balance)).toBe(cents(otherBefore.balance) + owed);
  });
});

describe('the customer reference', () => {
  it("follows a rename of the customer or its parent, leaving the invoices' revisions alone", async () => {
    const parent = bodyOf<CustomerView>(await api.post(CUSTOMERS, { name: 'Rename Parent Ltd' }));
    const job = bodyOf<CustomerView>(await api.post(CUSTOMERS, { name: 'Dock', parentId: parent.id }));
    const forParent = await create({ customerId: parent.id, transactionDate: '2025-05-06', lines: threeLines() });
    const forJob = await create({ customerId: job.id, transactionDate: '2025-05-06', lines: threeLines() });
    await bodyOf<CustomerView>(await api.post(`${CUSTOMERS}/${parent.id}`, { revisionNumber: parent.revisionNumber, name: 'Renamed Parent Ltd' }));
    const [parentInvoice, jobInvoice] = [await retrieve(forParent.id), await retrieve(forJob.id)];
    expect(parentInvoice).toEqual({ ...forParent, customer: { id: parent.id, fullName: 'Renamed Parent Ltd' } });
    expect(jobInvoice).toEqual({ ...forJob, customer: { id: job.id, fullName: 'Renamed Parent Ltd:Dock' } });
    const listed = await fetchAll<InvoiceView>(api, PATH, { customerIds: [parent.id, job.id] });
    expect(listed.map((i) => i.customer?.fullName).sort()).toEqual(['Renamed Parent Ltd', 'Renamed Parent Ltd:Dock']);
  });
});

describe('update', () => {
  async function invoiceWithThreeLines(): Promise<InvoiceView> {
    return create({ customerId: topLevel(3).id, transactionDate: '2025-05-05', lines: threeLines() });
  }

  it('sending lines keeps those named by id (changed), adds "-1" ones and removes the rest', async () => {
    const before = await invoiceWithThreeLines();
    const [kept] = before.lines as [InvoiceLineView, ...InvoiceLineView[]];
    const customerBefore = await customer(topLevel(3).id);
    const after = await update(before.id, {
      revisionNumber: before.revisionNumber,
      lines: [{ id: kept.id, quantity: 5 }, { id: '-1', itemId: item(3).id, quantity: 4, rate: '12.25' }],
    });
    expect(after.lines).toHaveLength(2);
    expect(after.lines[0]).toEqual({ ...kept, quantity: 5, amount: '500.00' });
    const added = after.lines[1];
    expect(added).toMatchObject({ item: { id: item(3).id }, quantity: 4, rate: '12.25', amount: '49.00' });
    expect(added?.id).toMatch(TRANSACTION_ID);
    expect(before.lines.map((l) => l.id)).not.toContain(added?.id);
    expect(after.subtotal).toBe('549.00');
    expectConsistentTotals(after);
    expect(after.revisionNumber).not.toBe(before.revisionNumber);
    expect(await retrieve(before.id)).toEqual(after);
    const delta = cents(after.balanceRemaining) - cents(before.balanceRemaining);
    expect(cents((await customer(topLevel(3).id)).balance)).toBe(cents(customerBefore.balance) + delta);
  });

  it('a line sent with only its id stays as it was', async () => {
    const before = await invoiceWithThreeLines();
    const second = before.lines[1];
    const after = await update(before.id, { revisionNumber: before.revisionNumber, lines: [{ id: second?.id }] });
    expect(after.lines).toEqual([second]);
    expect(after.subtotal).toBe(second?.amount);
  });

  it('leaving lines out keeps them', async () => {
    const before = await invoiceWithThreeLines();
    const after = await update(before.id, { revisionNumber: before.revisionNumber, memo: 'Call before delivery' });
    expect(after.memo).toBe('Call before delivery');
    expect(after.lines).toEqual(before.lines);
    expect({ ...after, memo: null, revisionNumber: '', updatedAt: '' }).toEqual({ ...before, revisionNumber: '', updatedAt: '' });
  });

  it('with a stale revisionNumber is 3200 out-of-date and changes nothing', async () => {
    const before = await invoiceWithThreeLines();
    const current = await update(before.id, { revisionNumber: before.revisionNumber, memo: 'first' });
    const res = await api.post(`${PATH}/${before.id}`, { revisionNumber: before.revisionNumber, memo: 'second', lines: [{ id: '-1', quantity: 1, rate: '1.00' }] });
    expectDesktopError(res, '3200');
    expect(String(res.body.error?.['message'])).toContain('out-of-date');
    expect(await retrieve(before.id)).toEqual(current);
  });

  it('naming a line the invoice does not have is 3120 and changes nothing', async () => {
    const before = await invoiceWithThreeLines();
    expectDesktopError(await api.post(`${PATH}/${before.id}`, { revisionNumber: before.revisionNumber, lines: [{ id: 'FFFF-1234567890' }] }), '3120');
    expect(await retrieve(before.id)).toEqual(before);
  });

  it('a paid invoice keeps its payments; a new line leaves it owing exactly that much more', async () => {
    const paid = seeded.find((i) => i.isPaid === true && cents(i.balanceRemaining) === 0 && cents(i.appliedAmount) < 0);
    if (!paid) throw new Error('the seeded company file has no fully paid invoice');
    const before = await retrieve(paid.id);
    expect(before.linkedTransactions.length).toBeGreaterThan(0);
    const memo = await update(paid.id, { revisionNumber: before.revisionNumber, memo: 'Paid in full' });
    expect(memo).toMatchObject({ appliedAmount: before.appliedAmount, balanceRemaining: before.balanceRemaining, isPaid: true });
    expect(memo.linkedTransactions).toEqual(before.linkedTransactions);
    const billedId = paid.customer?.id ?? '';
    const customerBefore = await customer(billedId);
    const more = await update(paid.id, {
      revisionNumber: memo.revisionNumber,
      lines: [...before.lines.map((l) => ({ id: l.id })), { id: '-1', itemId: item(0).id, quantity: 1, rate: '10.00' }],
    });
    expectConsistentTotals(more);
    expect(more.appliedAmount).toBe(before.appliedAmount);
    expect(cents(more.balanceRemaining)).toBeGreaterThanOrEqual(1000);
    expect(more.isPaid).toBe(false);
    expect(cents((await customer(billedId)).balance)).toBe(cents(customerBefore.balance) + cents(more.balanceRemaining));
  });
});

describe('writes are seen by later lists with the same filters', () => {
  it('a new invoice and its update show up in customer, payment, date and reference filters', async () => {
    const billed = topLevel(4);
    const filters = { customerIds: billed.id, paymentStatus: 'not_paid', transactionDateFrom: '2026-01-10', transactionDateTo: '2026-01-10' };
    expect(await fetchAll<InvoiceView>(api, PATH, filters)).toEqual([]);
    const invoice = await create({ customerId: billed.id, transactionDate: '2026-01-10', lines: threeLines() });
    expect(await fetchAll<InvoiceView>(api, PATH, filters)).toEqual([invoice]);
    expect(sortedIds(await fetchAll<InvoiceView>(api, PATH, { refNumbers: invoice.refNumber ?? '' }))).toEqual([invoice.id]);
    const changed = await update(invoice.id, { revisionNumber: invoice.revisionNumber, memo: 'Rush', lines: [{ id: invoice.lines[0]?.id ?? '' }] });
    expect(await fetchAll<InvoiceView>(api, PATH, filters)).toEqual([changed]);
    expect(await fetchAll<InvoiceView>(api, PATH, { ...filters, includeLineItems: false })).toEqual([{ ...changed, lines: [] }]);
    const moved = await update(invoice.id, { revisionNumber: changed.revisionNumber, transactionDate: '2026-01-11' });
    expect(await fetchAll<InvoiceView>(api, PATH, filters)).toEqual([]);
    expect(sortedIds(await fetchAll<InvoiceView>(api, PATH, { ...filters, transactionDateTo: '2026-01-11' }))).toEqual([moved.id]);
  });
});
