import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyFile } from '../../simulator/desktop/CompanyFile.ts';
import { DesktopError } from '../../simulator/desktop/values/DesktopError.ts';
import { all, cents } from '../support/bookWriteKit.ts';
import { openLedgerProblems, openLedgerTargets, PARTYLESS_SHAPES, type OpenLedgerTargets } from '../support/partylessPostings.ts';
import { seededBooks } from '../support/seededBooks.ts';

const seeded = seededBooks({ customers: 6, invoices: 10, bills: 6, deposits: 2, 'receive-payments': 4 });

function refusal(run: () => unknown): DesktopError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof DesktopError) return error;
    throw error;
  }
  return undefined;
}

const postingsOf = (file: CompanyFile): unknown => file.store.db.prepare('SELECT COUNT(*) AS n, COALESCE(SUM(cents), 0) AS sum, COALESCE(SUM(ABS(cents)), 0) AS moved FROM postings').get();

describe('issue 34: money reaches receivables or payables only with the party whose balance it is', () => {
  let file: CompanyFile;
  let targets: OpenLedgerTargets;
  beforeAll(() => {
    file = seeded(34);
    targets = openLedgerTargets(file);
  });

  it.each(PARTYLESS_SHAPES.map((s) => [s.name, s] as const))('%s is refused and changes nothing', (_name, shape) => {
    const before = postingsOf(file);
    const error = refusal(() => file.add(shape.type, shape.body(targets)));
    expect(error?.status, error?.message ?? 'accepted').toBe(shape.status);
    expect(postingsOf(file)).toEqual(before);
    expect(openLedgerProblems(file)).toEqual([]);
  });

  it('a deposit line on A/R that names its customer moves that customer, and the books agree', () => {
    const customerBefore = cents(file.retrieve('ldg_customer', targets.customer)['balance']);
    file.add('ldg_deposit', { transactionDate: '2025-06-30', depositToAccountId: targets.account('bank'), lines: [{ accountId: targets.account('accounts_receivable'), entityId: targets.customer, amount: '5.00' }] });
    expect(cents(file.retrieve('ldg_customer', targets.customer)['balance'])).toBe(customerBefore - 500);
    expect(openLedgerProblems(file)).toEqual([]);
  });

  it('an account field of a set role takes only its kind of account, on every type that has it', () => {
    const card = all(file, 'ldg_account').find((a) => a['accountType'] === 'credit_card');
    const bill = targets.openBill;
    if (!card || !bill) throw new Error('the seeded file has a credit card account and an open bill');
    const error = refusal(() => file.add('ldg_bill_credit_card_payment', { transactionDate: '2025-06-30', vendorId: bill.vendor, creditCardAccountId: targets.account('bank'), applyToTransactions: [{ transactionId: bill.id, paymentAmount: '1.00' }] }));
    expect(error?.status).toBe(3140);
    expect(error?.message).toContain('creditCardAccountId');
  });

  it.each([
    ['a service item whose income account is A/R', 'ldg_service_item', (t: OpenLedgerTargets) => ({ name: 'Into receivables', salesOrPurchaseDetails: { postingAccountId: t.account('accounts_receivable') } })],
    ['an inventory item whose income account is A/P', 'ldg_inventory_item', (t: OpenLedgerTargets) => ({ name: 'Into payables', incomeAccountId: t.account('accounts_payable'), cogsAccountId: t.account('cost_of_goods_sold'), assetAccountId: t.account('other_current_asset') })],
    ['an inventory item whose stock is kept on an expense account', 'ldg_inventory_item', (t: OpenLedgerTargets) => ({ name: 'Stock as expense', incomeAccountId: t.account('income'), cogsAccountId: t.account('cost_of_goods_sold'), assetAccountId: t.account('expense') })],
  ] as const)('%s is refused (3140): every sale or purchase of it would post without a party, or keep stock off the asset accounts', (_name, type, body) => {
    expect(refusal(() => file.add(type, body(targets)))?.status).toBe(3140);
  });
});
