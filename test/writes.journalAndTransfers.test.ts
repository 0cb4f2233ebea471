import { describe, expect, it } from 'vitest';
import { bodyOf, cents, expectDesktopError, fetchAll, withSaleSandbox, type CustomerView, accountOfType, balanceIn, type Named } from './support/ledgerViews.ts';
import type { TestSandbox } from './support/testClient.ts';

/** Journal entries (balanced debits and credits as entered) and transfers between accounts. */
interface JournalLine {
  id: string;
  objectType: string;
  account: { id: string } | null;
  amount: string | null;
  entity: { id: string } | null;
}
interface JournalView {
  id: string;
  revisionNumber: string;
  refNumber: string | null;
  debitLines: JournalLine[];
  creditLines: JournalLine[];
}
interface TransferView {
  id: string;
  revisionNumber: string;
  amount: string;
  sourceAccountBalance: string | null;
  targetAccountBalance: string | null;
}
let api: TestSandbox;
let customer: CustomerView;
withSaleSandbox((s) => ({ api, customer } = s));

const JOURNAL = '/ledger-desktop/journal-entries';
const accountOf = async (type: string, index = 0): Promise<Named> => accountOfType(api, type, index);
const balanceOf = async (resource: string, id: string): Promise<number> => balanceIn(api, resource, id);

describe('journal entries', () => {
  it('post each line as entered; a line on receivables moves its customer; lines are replaced by id; a void and a delete take it back', async () => {
    const expense = (await accountOf('expense')).id;
    const equity = (await accountOf('equity')).id;
    const receivables = (await accountOf('accounts_receivable')).id;
    const before = { expense: await balanceOf('accounts', expense), equity: await balanceOf('accounts', equity), customer: await balanceOf('customers', customer.id) };

    const entry = bodyOf<JournalView>(
      await api.post(JOURNAL, {
        transactionDate: '2026-03-31',
        debitLines: [
          { accountId: expense, amount: '120.00', memo: 'Depreciation' },
          { accountId: receivables, amount: '30.00', entityId: customer.id },
        ],
        creditLines: [{ accountId: equity, amount: '150.00' }],
      }),
    );
    expect(entry.refNumber).toMatch(/^\d+$/);
    expect(entry.debitLines.map((l) => [l.objectType, l.amount])).toEqual([
      ['ldg_journal_debit_line', '120.00'],
      ['ldg_journal_debit_line', '30.00'],
    ]);
    expect(await balanceOf('accounts', expense)).toBe(before.expense + 12_000);
    expect(await balanceOf('accounts', equity)).toBe(before.equity + 15_000);
    expect(await balanceOf('customers', customer.id)).toBe(before.customer + 3000);
    const byEntity = bodyOf<{ data: { id: string }[] }>(await api.get(JOURNAL, { query: { entityIds: customer.id } })).data;
    expect(byEntity.map((e) => e.id)).toEqual([entry.id]);
    const byAccount = bodyOf<{ data: { id: string }[] }>(await api.get(JOURNAL, { query: { accountIds: equity } })).data;
    expect(byAccount.map((e) => e.id)).toContain(entry.id);

    // `lines` replaces both sides: the expense line kept at 100.00, the receivables line dropped, the credit kept at 100.00.
    const changed = bodyOf<JournalView>(
      await api.post(`${JOURNAL}/${entry.id}`, {
        revisionNumber: entry.revisionNumber,
        lines: [
          { id: entry.debitLines[0]?.id, amount: '100.00' },
          { id: entry.creditLines[0]?.id, journalLineType: 'credit', amount: '100.00' },
        ],
      }),
    );
    expect(changed.debitLines.map((l) => [l.id, l.amount])).toEqual([[entry.debitLines[0]?.id, '100.00']]);
    expect(changed.creditLines.map((l) => l.amount)).toEqual(['100.00']);
    expect(await balanceOf('customers', customer.id)).toBe(before.customer);
    expect(await balanceOf('accounts', expense)).toBe(before.expense + 10_000);

    expect(bodyOf(await api.post(`${JOURNAL}/${entry.id}/void`, {}))).toMatchObject({ id: entry.id, voided: true });
    // A journal entry has no memo of its own to mark: the void shows in its zero amounts.
    const voided = bodyOf<JournalView & Record<string, unknown>>(await api.get(`${JOURNAL}/${entry.id}`));
    expect(voided).not.toHaveProperty('memo');
    expect([...voided.debitLines, ...voided.creditLines].map((l) => l.amount)).toEqual(['0.00', '0.00']);
    expect(await balanceOf('accounts', expense)).toBe(before.expense);
    expect(await balanceOf('accounts', equity)).toBe(before.equity);
    expect(bodyOf(await api.delete(`${JOURNAL}/${entry.id}`))).toMatchObject({ id: entry.id, deleted: true });
  });

  it('refuses an entry out of balance, a receivables line without a customer, and an unknown line, writing nothing', async () => {
    const expense = (await accountOf('expense')).id;
    const equity = (await accountOf('equity')).id;
    const receivables = (await accountOf('accounts_receivable')).id;
    const count = bodyOf<{ data: unknown[] }>(await api.get(JOURNAL)).data.length;
    expectDesktopError(await api.post(JOURNAL, { transactionDate: '2026-03-31', debitLines: [{ accountId: expense, amount: '10.00' }], creditLines: [{ accountId: equity, amount: '9.99' }] }), '3180');
    expectDesktopError(await api.post(JOURNAL, { transactionDate: '2026-03-31', debitLines: [{ accountId: receivables, amount: '10.00' }], creditLines: [{ accountId: equity, amount: '10.00' }] }), '3180');
    const entry = bodyOf<JournalView>(await api.post(JOURNAL, { transactionDate: '2026-03-31', debitLines: [{ accountId: expense, amount: '5.00' }], creditLines: [{ accountId: equity, amount: '5.00' }] }));
    expectDesktopError(await api.post(`${JOURNAL}/${entry.id}`, { revisionNumber: entry.revisionNumber, lines: [{ id: 'NOPE-1', amount: '5.00' }] }), '3120');
    expect(bodyOf<{ data: unknown[] }>(await api.get(JOURNAL)).data.length).toBe(count + 1);
  });
});

describe('transfers', () => {
  it('move money between two accounts and show both balances; an update moves it again', async () => {
    const from = (await accountOf('bank')).id;
    const to = (await accountOf('other_current_asset')).id;
    const before = { from: await balanceOf('accounts', from), to: await balanceOf('accounts', to) };
    const transfer = bodyOf<TransferView>(await api.post('/ledger-desktop/transfers', { transactionDate: '2026-03-20', sourceAccountId: from, targetAccountId: to, amount: '500.00' }));
    expect(cents(transfer.sourceAccountBalance)).toBe(before.from - 50_000);
    expect(cents(transfer.targetAccountBalance)).toBe(before.to + 50_000);
    expect(await balanceOf('accounts', from)).toBe(before.from - 50_000);
    expect(await balanceOf('accounts', to)).toBe(before.to + 50_000);

    const changed = bodyOf<TransferView>(await api.post(`/ledger-desktop/transfers/${transfer.id}`, { revisionNumber: transfer.revisionNumber, amount: '200.00' }));
    expect(cents(changed.sourceAccountBalance)).toBe(before.from - 20_000);
    expect(await balanceOf('accounts', from)).toBe(before.from - 20_000);
    expect(await balanceOf('accounts', to)).toBe(before.to + 20_000);
    expectDesktopError(await api.post('/ledger-desktop/transfers', { transactionDate: '2026-03-20', sourceAccountId: from, targetAccountId: from, amount: '1.00' }), '3180');
    expectDesktopError(await api.post('/ledger-desktop/transfers', { transactionDate: '2026-03-20', sourceAccountId: from, targetAccountId: to, amount: '0.00' }), '3180');
    // Receivables and payables are kept per customer or vendor, which a transfer cannot name.
    for (const type of ['accounts_receivable', 'accounts_payable']) {
      const open = (await accountOf(type)).id;
      expectDesktopError(await api.post('/ledger-desktop/transfers', { transactionDate: '2026-03-20', sourceAccountId: from, targetAccountId: open, amount: '1.00' }), '3180');
      expectDesktopError(await api.post(`/ledger-desktop/transfers/${transfer.id}`, { revisionNumber: changed.revisionNumber, sourceAccountId: open }), '3180');
    }
  });
});

describe('opening balances', () => {
  it('are posted as the desktop posts them: an account against Opening Balance Equity, a customer on receivables, a vendor on payables', async () => {
    const accounts = await fetchAll<{ id: string; fullName: string; specialAccountType: string | null }>(api, '/ledger-desktop/accounts');
    const special = (type: string): string => accounts.find((a) => a.specialAccountType === type)?.id ?? '';
    const [equity, receivables, payables] = ['opening_balance_equity', 'accounts_receivable', 'accounts_payable'].map(special) as [string, string, string];
    const before = { equity: await balanceOf('accounts', equity), receivables: await balanceOf('accounts', receivables), payables: await balanceOf('accounts', payables) };

    const savings = bodyOf<{ id: string; balance: string }>(await api.post('/ledger-desktop/accounts', { name: 'Reserve savings', accountType: 'bank', openingBalance: '1500.00' }));
    expect(savings.balance).toBe('1500.00');
    expect(await balanceOf('accounts', equity)).toBe(before.equity + 150_000);

    const owing = bodyOf<{ id: string; balance: string }>(await api.post('/ledger-desktop/customers', { name: 'Opening Owes Ltd', openingBalance: '240.00' }));
    expect(await balanceOf('customers', owing.id)).toBe(24_000);
    expect(await balanceOf('accounts', receivables)).toBe(before.receivables + 24_000);

    const owed = bodyOf<{ id: string }>(await api.post('/ledger-desktop/vendors', { name: 'Opening Owed Supply', openingBalance: '75.00' }));
    expect(await balanceOf('vendors', owed.id)).toBe(7_500);
    expect(await balanceOf('accounts', payables)).toBe(before.payables + 7_500);

    // An update of the account's opening balance posts it again.
    const stored = bodyOf<{ revisionNumber: string }>(await api.get(`/ledger-desktop/accounts/${savings.id}`));
    await api.post(`/ledger-desktop/accounts/${savings.id}`, { revisionNumber: stored.revisionNumber, openingBalance: '1000.00' });
    expect(await balanceOf('accounts', savings.id)).toBe(100_000);
    expect(await balanceOf('accounts', equity)).toBe(before.equity + 100_000);
  });
});
