import type { CompanyFile } from '../../simulator/desktop/CompanyFile.ts';
import { DesktopError } from '../../simulator/desktop/values/DesktopError.ts';
import type { JsonObject } from '../../simulator/desktop/values/json.ts';
import { fromCents } from '../../simulator/desktop/values/money.ts';
import { paymentsToDeposit } from '../../simulator/desktop/rules/depositRules.ts';
import { deleteTransaction, voidTransaction } from '../../simulator/desktop/removeTransaction.ts';
import { all, cents, cheque, idOf, pick, randomLines, removeOne, someCustomer, type Write } from './bookWriteKit.ts';
import { OPEN_LEDGER_WRITES } from './partylessPostings.ts';

export { all, random } from './bookWriteKit.ts';

/**
 * The kinds of write the randomized books sequences (`books.test.ts`) draw from: every add, modify,
 * delete and void of every transaction type, and the links between them.
 */

/** Every kind of write the sequences draw from; refusals by the desktop are part of the game. */
const WRITES: readonly Write[] = [
  (file, r) => {
    // Now and then with an item group, expanded into its items' lines.
    const group = r(4) === 0 ? pick(all(file, 'ldg_item_group'), r) : undefined;
    const lineGroups: JsonObject = group ? { lineGroups: [{ itemGroupId: String(group['id']), quantity: 1 + r(2) }] } : {};
    file.add('ldg_invoice', { customerId: someCustomer(file, r), transactionDate: '2025-06-20', lines: randomLines(file, r), ...lineGroups });
    return group ? 'invoice with a line group added' : 'invoice added';
  },
  (file, r) => {
    const invoice = pick(all(file, 'ldg_invoice').filter((i) => cents(i['balanceRemaining']) > 0), r);
    if (!invoice) return 'nothing open';
    const share = 1 + r(cents(invoice['balanceRemaining']));
    const extra = r(3) === 0 ? r(5000) : 0;
    file.add('ldg_receive_payment', {
      customerId: String(idOf(invoice['customer'])),
      transactionDate: '2025-06-25',
      totalAmount: fromCents(share + extra),
      applyToTransactions: [{ transactionId: String(invoice['id']), paymentAmount: fromCents(share) }],
    });
    return 'payment added';
  },
  (file, r) => {
    const invoice = pick(all(file, 'ldg_invoice'), r);
    if (!invoice) return 'no invoice';
    const lines = (invoice['lines'] as JsonObject[]).map((l, i): JsonObject => (i === 0 ? { id: String(l['id']), quantity: 1 + r(30) } : { id: String(l['id']) }));
    file.modify('ldg_invoice', String(invoice['id']), { revisionNumber: String(invoice['revisionNumber']), lines });
    return 'invoice changed';
  },
  (file, r) => {
    const payment = pick(all(file, 'ldg_receive_payment'), r);
    if (!payment) return 'no payment';
    file.modify('ldg_receive_payment', String(payment['id']), { revisionNumber: String(payment['revisionNumber']), totalAmount: fromCents(cents(payment['totalAmount']) + r(2000)) });
    return 'payment changed';
  },
  removeOne('ldg_receive_payment', 'delete'),
  removeOne('ldg_invoice', 'delete'),
  removeOne('ldg_invoice', 'void'),
  (file, r) => {
    file.add('ldg_sales_receipt', { customerId: someCustomer(file, r), transactionDate: '2025-06-21', lines: randomLines(file, r) });
    return 'sales receipt added';
  },
  removeOne('ldg_sales_receipt', 'void'),
  (file, r) => {
    file.add('ldg_credit_memo', { customerId: someCustomer(file, r), transactionDate: '2025-06-22', lines: randomLines(file, r) });
    return 'credit memo added';
  },
  removeOne('ldg_credit_memo', 'delete'),
  (file, r) => {
    const memo = pick(all(file, 'ldg_credit_memo').filter((m) => cents(m['creditRemaining']) > 0), r);
    if (!memo) return 'no credit to apply';
    const customerId = idOf(memo['customer']);
    // The memo's customer may owe nothing: then it is billed first.
    const invoice =
      pick(all(file, 'ldg_invoice').filter((i) => idOf(i['customer']) === customerId && cents(i['balanceRemaining']) > 0), r) ??
      file.add('ldg_invoice', { customerId: String(customerId), transactionDate: '2025-06-24', lines: randomLines(file, r) });
    const credit = Math.min(cents(memo['creditRemaining']), cents(invoice['balanceRemaining']));
    file.add('ldg_receive_payment', {
      customerId: String(customerId),
      transactionDate: '2025-06-26',
      totalAmount: '1.00',
      applyToTransactions: [{ transactionId: String(invoice['id']), paymentAmount: '0.00', applyCredits: [{ creditTransactionId: String(memo['id']), appliedAmount: fromCents(1 + r(credit)) }] }],
    });
    return 'credit applied by a payment';
  },
  (file, r) => {
    const memo = pick(all(file, 'ldg_credit_memo').filter((m) => cents(m['creditRemaining']) > 0), r);
    if (!memo) return 'no credit to apply';
    const applyCredits = [{ creditTransactionId: String(memo['id']), appliedAmount: fromCents(1 + r(cents(memo['creditRemaining']))) }];
    file.add('ldg_invoice', { customerId: String(idOf(memo['customer'])), transactionDate: '2025-06-27', lines: randomLines(file, r), applyCredits });
    return 'credit applied by an invoice';
  },
  (file, r) => {
    const waiting = paymentsToDeposit(file.context('ldg_deposit'));
    const chosen = [pick(waiting, r), pick(waiting, r)].filter((w) => w !== undefined);
    const bank = all(file, 'ldg_account').find((a) => a['accountType'] === 'bank');
    const lines: JsonObject[] = [...new Set(chosen.map((w) => String(w['paymentTransactionId'])))].map((id) => ({ paymentTransactionId: id }));
    if (r(2) === 0) lines.push({ accountId: String(all(file, 'ldg_account').find((a) => a['accountType'] === 'equity')?.['id']), amount: cheque(r) });
    const cashBack: JsonObject = r(4) === 0 ? { cashBack: { accountId: String(all(file, 'ldg_account').find((a) => a['accountType'] === 'expense')?.['id']), amount: '1.00' } } : {};
    file.add('ldg_deposit', { transactionDate: '2025-06-28', depositToAccountId: String(bank?.['id']), lines, ...cashBack });
    return 'deposit added';
  },
  (file, r) => {
    const deposit = pick(all(file, 'ldg_deposit'), r);
    if (!deposit) return 'no deposit';
    const lines = (deposit['lines'] as JsonObject[]).slice(1).map((l) => ({ id: String(l['id']) }));
    file.modify('ldg_deposit', String(deposit['id']), { revisionNumber: String(deposit['revisionNumber']), lines });
    return 'deposit changed';
  },
  removeOne('ldg_deposit', 'delete'),
  (file, r) => {
    const sources = [...all(file, 'ldg_sales_order'), ...all(file, 'ldg_estimate')];
    const source = pick(sources, r);
    if (!source) return 'no order';
    const line = pick(source['lines'] as JsonObject[], r);
    const body: JsonObject =
      r(2) === 0 || !line
        ? { linkToTransactionIds: [String(source['id'])] }
        : { lines: [{ linkToTransactionLine: { transactionId: String(source['id']), transactionLineId: String(line['id']) }, quantity: 1 + r(3) }] };
    file.add('ldg_invoice', { customerId: String(idOf(source['customer'])), transactionDate: '2025-06-29', ...body });
    return 'invoice made from an order';
  },
  (file, r) => {
    const order = pick(all(file, 'ldg_sales_order'), r);
    if (!order) return 'no order';
    const lines = (order['lines'] as JsonObject[]).map((l, i): JsonObject => (i === 0 ? { id: String(l['id']), quantity: 1 + r(10) } : { id: String(l['id']) }));
    if (r(3) === 0) lines.pop();
    file.modify('ldg_sales_order', String(order['id']), { revisionNumber: String(order['revisionNumber']), lines });
    return 'order changed';
  },
  removeOne('ldg_sales_order', 'delete'),
  (file, r) => {
    const vendor = pick(all(file, 'ldg_vendor').filter((v) => v['isActive'] === true), r);
    const expense = all(file, 'ldg_account').find((a) => a['accountType'] === 'expense');
    const item = pick(all(file, 'ldg_inventory_item'), r);
    const itemLines: JsonObject = item && r(2) === 0 ? { itemLines: [{ itemId: String(item['id']), quantity: 1 + r(9) }] } : {};
    // Now and then an item group, expanded into its items' lines.
    const group = r(4) === 0 ? pick(all(file, 'ldg_item_group'), r) : undefined;
    const groups: JsonObject = group ? { itemGroupLines: [{ itemGroupId: String(group['id']), quantity: 1 + r(2) }] } : {};
    file.add('ldg_bill', { vendorId: String(vendor?.['id']), transactionDate: '2025-06-18', expenseLines: [{ accountId: String(expense?.['id']), amount: cheque(r) }], ...itemLines, ...groups });
    if (group) return 'bill with an item group added';
    return 'bill added';
  },
  (file, r) => {
    const bill = pick(all(file, 'ldg_bill'), r);
    if (!bill) return 'no bill';
    const lines = (bill['expenseLines'] as JsonObject[]).map((l): JsonObject => ({ id: String(l['id']), amount: cheque(r) }));
    file.modify('ldg_bill', String(bill['id']), { revisionNumber: String(bill['revisionNumber']), expenseLines: lines });
    return 'bill changed';
  },
  removeOne('ldg_bill', 'void'),
  (file, r) => {
    const vendor = pick(all(file, 'ldg_vendor').filter((v) => v['isActive'] === true), r);
    const expense = all(file, 'ldg_account').find((a) => a['accountType'] === 'expense');
    const item = pick(all(file, 'ldg_inventory_item'), r);
    const type = r(2) === 0 ? 'ldg_vendor_credit' : 'ldg_item_receipt';
    const lines: JsonObject = type === 'ldg_item_receipt' && item ? { itemLines: [{ itemId: String(item['id']), quantity: 1 + r(9) }] } : { expenseLines: [{ accountId: String(expense?.['id']), amount: cheque(r) }] };
    file.add(type, { vendorId: String(vendor?.['id']), transactionDate: '2025-06-19', ...lines });
    return `${type} added`;
  },
  removeOne('ldg_vendor_credit', 'void'),
  removeOne('ldg_item_receipt', 'delete'),
  removeOne('ldg_bill', 'delete'),
  (file, r) => {
    const made = all(file, 'ldg_invoice').filter((i) => file.store.ledger.links.lineLinksOf(String(i['id'])).length > 0);
    const invoice = pick(made, r);
    if (!invoice) return 'no invoice made from an order';
    (r(2) === 0 ? deleteTransaction : voidTransaction)(file, 'ldg_invoice', String(invoice['id']));
    return 'invoice made from an order removed';
  },
  removeOne('ldg_deposit', 'void'),
  (file, r) => {
    const accounts = all(file, 'ldg_account');
    // Half the time a vendor credit is applied too: its vendor gets a bill first if it has none open.
    const credit = r(2) === 0 ? pick(all(file, 'ldg_vendor_credit').filter((c) => cents(c['openAmount']) > 0), r) : undefined;
    const open = (b: JsonObject): boolean => cents(b['openAmount']) > 0 && (!credit || idOf(b['vendor']) === idOf(credit['vendor']));
    const bill =
      pick(all(file, 'ldg_bill').filter(open), r) ??
      (credit ? file.add('ldg_bill', { vendorId: String(idOf(credit['vendor'])), transactionDate: '2025-06-18', expenseLines: [{ accountId: String(accounts.find((a) => a['accountType'] === 'expense')?.['id']), amount: cheque(r) }] }) : undefined);
    if (!bill) return 'no bill to pay';
    const due = cents(bill['openAmount']);
    const credited = credit ? 1 + r(Math.min(due, cents(credit['openAmount']))) : 0;
    const applyCredits = credit ? [{ creditTransactionId: String(credit['id']), appliedAmount: fromCents(credited) }] : [];
    // Now and then an early-payment discount takes a part of what is left.
    const discount = credited < due && r(4) === 0 ? 1 + r(Math.min(500, due - credited)) : 0;
    const paid = credited + discount === due ? 0 : 1 + r(due - credited - discount);
    const discountFields: JsonObject = discount > 0 ? { discountAmount: fromCents(discount), discountAccountId: String(accounts.find((a) => a['accountType'] === 'income')?.['id']) } : {};
    const byCard = r(2) === 0;
    const from: JsonObject = byCard ? { creditCardAccountId: String(accounts.find((a) => a['accountType'] === 'credit_card')?.['id']) } : { bankAccountId: String(accounts.find((a) => a['accountType'] === 'bank')?.['id']) };
    const type = byCard ? 'ldg_bill_credit_card_payment' : 'ldg_bill_check_payment';
    file.add(type, { vendorId: String(idOf(bill['vendor'])), transactionDate: '2025-06-30', ...from, applyToTransactions: [{ transactionId: String(bill['id']), paymentAmount: fromCents(paid), applyCredits, ...discountFields }] });
    return credit ? 'bill paid with a credit' : discount > 0 ? 'bill paid with a discount' : 'bill paid';
  },
  (file, r) => {
    const payment = pick(all(file, 'ldg_bill_check_payment'), r);
    if (!payment) return 'no bill payment';
    file.modify('ldg_bill_check_payment', String(payment['id']), { revisionNumber: String(payment['revisionNumber']), amount: fromCents(cents(payment['amount']) + r(2000)) });
    return 'bill payment changed';
  },
  removeOne('ldg_bill_check_payment', 'void'),
  removeOne('ldg_bill_credit_card_payment', 'delete'),
  (file, r) => {
    const accounts = all(file, 'ldg_account');
    const accountOf = (type: string): string => String(accounts.find((a) => a['accountType'] === type)?.['id']);
    const kinds: { type: string; from: JsonObject }[] = [
      { type: 'ldg_check', from: { bankAccountId: accountOf('bank') } },
      { type: 'ldg_credit_card_charge', from: { accountId: accountOf('credit_card') } },
      { type: 'ldg_credit_card_credit', from: { accountId: accountOf('credit_card') } },
    ];
    const { type, from } = kinds[r(kinds.length)] as { type: string; from: JsonObject };
    const payee = pick(all(file, 'ldg_vendor').filter((v) => v['isActive'] === true), r);
    const item = pick(all(file, 'ldg_inventory_item'), r);
    const itemLines: JsonObject = item && r(3) === 0 ? { itemLines: [{ itemId: String(item['id']), quantity: 1 + r(4) }] } : {};
    file.add(type, { ...from, payeeId: String(payee?.['id']), transactionDate: '2025-06-17', expenseLines: [{ accountId: accountOf('expense'), amount: cheque(r) }], ...itemLines });
    return `${type} added`;
  },
  removeOne('ldg_check', 'void'),
  removeOne('ldg_credit_card_charge', 'delete'),
  (file, r) => {
    const vendor = pick(all(file, 'ldg_vendor').filter((v) => v['isActive'] === true), r);
    const items = all(file, 'ldg_inventory_item');
    const lines = Array.from({ length: 1 + r(3) }, () => ({ itemId: String(pick(items, r)?.['id']), quantity: 1 + r(20) }));
    file.add('ldg_purchase_order', { vendorId: String(vendor?.['id']), transactionDate: '2025-06-16', lines });
    return 'purchase order added';
  },
  (file, r) => {
    // Received whole by a bill or an item receipt, or one line of it in part.
    const order = pick(all(file, 'ldg_purchase_order'), r);
    if (!order) return 'no purchase order';
    const line = pick(order['lines'] as JsonObject[], r);
    const type = r(2) === 0 ? 'ldg_bill' : 'ldg_item_receipt';
    const body: JsonObject =
      r(2) === 0 || !line
        ? { linkToTransactionIds: [String(order['id'])] }
        : { itemLines: [{ linkToTransactionLine: { transactionId: String(order['id']), transactionLineId: String(line['id']) }, quantity: 1 + r(5) }] };
    file.add(type, { vendorId: String(idOf(order['vendor'])), transactionDate: '2025-06-20', ...body });
    return 'purchase order received';
  },
  (file, r) => {
    const order = pick(all(file, 'ldg_purchase_order'), r);
    if (!order) return 'no purchase order';
    const lines = (order['lines'] as JsonObject[]).map((l, i): JsonObject => (i === 0 ? { id: String(l['id']), quantity: 1 + r(30) } : { id: String(l['id']) }));
    if (r(3) === 0) lines.pop();
    file.modify('ldg_purchase_order', String(order['id']), { revisionNumber: String(order['revisionNumber']), lines });
    return 'purchase order changed';
  },
  removeOne('ldg_purchase_order', 'delete'),
  (file, r) => {
    // A customer's credit given back: part of a credit memo's credit or of a payment's unused part.
    // Half the time a memo's credit, half a payment's unused part, whichever there is.
    const memos = all(file, 'ldg_credit_memo').map((d) => ({ d, left: cents(d['creditRemaining']) })).filter((c) => c.left > 0);
    const payments = all(file, 'ldg_receive_payment').map((d) => ({ d, left: cents(d['unusedPayment']) })).filter((c) => c.left > 0);
    const [first, second] = r(2) === 0 ? [memos, payments] : [payments, memos];
    const credit = pick(first, r) ?? pick(second, r);
    if (!credit) return 'no credit to refund';
    const customerId = String(idOf(credit.d['customer']));
    const amount = fromCents(1 + r(credit.left));
    // A quarter of the time by check, from the bank, with the rest of the check an expense.
    if (r(4) === 0) {
      const bank = String(all(file, 'ldg_account').find((a) => a['accountType'] === 'bank')?.['id']);
      const expense = String(all(file, 'ldg_account').find((a) => a['accountType'] === 'expense')?.['id']);
      file.add('ldg_check', { payeeId: customerId, bankAccountId: bank, transactionDate: '2025-06-29', applyToTransactions: [{ transactionId: String(credit.d['id']), amount }], expenseLines: [{ accountId: expense, amount: '5.00' }] });
      return `${String(credit.d['objectType'])} refunded by check`;
    }
    file.add('ldg_credit_card_refund', { customerId, transactionDate: '2025-06-29', refundAppliedToTransactions: [{ transactionId: String(credit.d['id']), refundAmount: amount }] });
    return `${String(credit.d['objectType'])} refunded`;
  },
  removeOne('ldg_credit_card_refund', 'void'),
  removeOne('ldg_credit_card_refund', 'delete'),
  (file, r) => {
    // An adjustment, sometimes on receivables for a customer or on payables for a vendor.
    const accounts = all(file, 'ldg_account');
    const accountOf = (type: string): string => String(accounts.find((a) => a['accountType'] === type)?.['id']);
    const amount = cheque(r);
    const open = r(3);
    const debit: JsonObject =
      open === 1 ? { accountId: accountOf('accounts_receivable'), amount, entityId: someCustomer(file, r) } : open === 2 ? { accountId: accountOf('accounts_payable'), amount, entityId: String(pick(all(file, 'ldg_vendor'), r)?.['id']) } : { accountId: accountOf('expense'), amount };
    file.add('ldg_journal_entry', { transactionDate: '2025-06-30', debitLines: [debit], creditLines: [{ accountId: accountOf('equity'), amount }] });
    return open === 0 ? 'journal entry added' : 'journal entry on an open balance added';
  },
  (file, r) => {
    const entry = pick(all(file, 'ldg_journal_entry'), r);
    if (!entry) return 'no journal entry';
    const amount = cheque(r);
    const lines = [...(entry['debitLines'] as JsonObject[]).slice(0, 1), ...(entry['creditLines'] as JsonObject[]).slice(0, 1)].map((l) => ({ id: String(l['id']), amount }));
    file.modify('ldg_journal_entry', String(entry['id']), { revisionNumber: String(entry['revisionNumber']), lines });
    return 'journal entry changed';
  },
  removeOne('ldg_journal_entry', 'void'),
  removeOne('ldg_journal_entry', 'delete'),
  (file, r) => {
    // Dated in the past: a journal entry moved back months, or a check written into an earlier year.
    const day = `202${3 + r(2)}-${String(1 + r(12)).padStart(2, '0')}-${String(1 + r(28)).padStart(2, '0')}`;
    const entry = r(2) === 0 ? pick(all(file, 'ldg_journal_entry'), r) : undefined;
    if (entry) {
      file.modify('ldg_journal_entry', String(entry['id']), { revisionNumber: String(entry['revisionNumber']), transactionDate: day });
      return `journal entry redated ${day}`;
    }
    const accounts = all(file, 'ldg_account');
    const bank = String(pick(accounts.filter((a) => a['accountType'] === 'bank'), r)?.['id']);
    const expense = String(pick(accounts.filter((a) => a['accountType'] === 'expense'), r)?.['id']);
    file.add('ldg_check', { bankAccountId: bank, transactionDate: day, expenseLines: [{ accountId: expense, amount: cheque(r) }] });
    return `check dated ${day} added`;
  },
  (file, r) => {
    const banks = all(file, 'ldg_account').filter((a) => a['accountType'] === 'bank' || a['accountType'] === 'credit_card');
    const source = pick(banks, r);
    const target = pick(banks.filter((b) => b !== source), r);
    file.add('ldg_transfer', { transactionDate: '2025-06-30', sourceAccountId: String(source?.['id']), targetAccountId: String(target?.['id']), amount: cheque(r) });
    return 'transfer added';
  },
  (file, r) => {
    const items = [...all(file, 'ldg_inventory_item'), ...all(file, 'ldg_inventory_assembly_item')];
    const item = String(pick(items, r)?.['id']);
    const account = String(pick(all(file, 'ldg_account').filter((a) => a['accountType'] === 'cost_of_goods_sold' || a['accountType'] === 'expense'), r)?.['id']);
    const line: JsonObject = r(3) === 0 ? { itemId: item, adjustValue: { valueDifference: r(2) === 0 ? 12.5 : -7.25 } } : { itemId: item, adjustQuantity: { quantityDifference: r(11) - 5 || 3 } };
    file.add('ldg_inventory_adjustment', { accountId: account, transactionDate: '2025-06-30', lines: [line] });
    return 'inventory adjustment added';
  },
  (file, r) => {
    const adjustment = pick(all(file, 'ldg_inventory_adjustment'), r);
    if (!adjustment) return 'no inventory adjustment';
    const line = (adjustment['lines'] as JsonObject[])[0];
    file.modify('ldg_inventory_adjustment', String(adjustment['id']), { revisionNumber: String(adjustment['revisionNumber']), lines: [{ id: String(line?.['id']), quantityDifference: r(9) - 4 }] });
    return 'inventory adjustment changed';
  },
  removeOne('ldg_inventory_adjustment', 'void'),
  removeOne('ldg_inventory_adjustment', 'delete'),
  (file, r) => {
    const assembly = pick(all(file, 'ldg_inventory_assembly_item'), r);
    file.add('ldg_build_assembly', { inventoryAssemblyItemId: String(assembly?.['id']), transactionDate: '2025-06-30', quantityToBuild: 1 + r(3), markPendingIfRequired: r(2) === 0 });
    return 'assembly built';
  },
  (file, r) => {
    const build = pick(all(file, 'ldg_build_assembly'), r);
    if (!build) return 'no build';
    file.modify('ldg_build_assembly', String(build['id']), { revisionNumber: String(build['revisionNumber']), quantityToBuild: 1 + r(4), markPendingIfRequired: r(2) === 0 });
    return 'build changed';
  },
  removeOne('ldg_build_assembly', 'delete'),
  (file, r) => {
    const agency = String(pick(all(file, 'ldg_vendor').filter((v) => v['isSalesTaxAgency'] === true), r)?.['id']);
    const bank = String(pick(all(file, 'ldg_account').filter((a) => a['accountType'] === 'bank'), r)?.['id']);
    const taxItem = String(pick(all(file, 'ldg_sales_tax_item'), r)?.['id']);
    file.add('ldg_sales_tax_payment_check', { vendorId: agency, bankAccountId: bank, transactionDate: '2025-06-30', lines: [{ salesTaxItemId: taxItem, amount: cheque(r) }] });
    return 'sales tax paid';
  },
  removeOne('ldg_sales_tax_payment_check', 'void'),
  (file, r) => {
    // The bill for goods received: it takes over an item receipt not billed yet (its lines, its debt).
    const receipts = all(file, 'ldg_item_receipt').filter((d) => !file.store.ledger.links.from(String(d['id'])).some((l) => l.owner !== d['id']) && cents(d['totalAmount']) > 0);
    const receipt = pick(receipts, r);
    if (!receipt) return 'no receipt to bill';
    file.add('ldg_bill', { vendorId: String(idOf(receipt['vendor'])), transactionDate: '2025-06-30', linkToTransactionIds: [String(receipt['id'])] });
    return 'item receipt billed';
  },
  (file, r) => {
    const made = [...all(file, 'ldg_bill'), ...all(file, 'ldg_item_receipt')].filter((d) => file.store.ledger.links.lineLinksOf(String(d['id'])).length > 0);
    const doc = pick(made, r);
    if (!doc) return 'no purchase made from an order';
    (r(2) === 0 ? deleteTransaction : voidTransaction)(file, String(doc['objectType']), String(doc['id']));
    return 'purchase made from an order removed';
  },
  ...OPEN_LEDGER_WRITES,
];

export function randomWrite(file: CompanyFile, r: (n: number) => number): string {
  const write = WRITES[r(WRITES.length)] as Write;
  try {
    return write(file, r);
  } catch (error) {
    if (error instanceof DesktopError) return `refused ${error.status}`;
    throw error;
  }
}

