import { invoiceRules } from '../rules/invoiceRules.ts';
import { billCardPaymentRules, billCheckPaymentRules, paymentRules } from '../rules/paymentRules.ts';
import { depositRules } from '../rules/depositRules.ts';
import { billRules, cardChargeRules, cardCreditRules, checkRules, itemReceiptRules, vendorCreditRules } from '../rules/purchaseRules.ts';
import { purchaseOrderRules } from '../rules/purchaseOrders.ts';
import { refundRules } from '../rules/refundRules.ts';
import { journalRules } from '../rules/journalRules.ts';
import { transferRules } from '../rules/transferRules.ts';
import { inventoryAdjustmentRules } from '../rules/inventoryAdjustments.ts';
import { buildAssemblyRules } from '../rules/buildAssemblies.ts';
import { salesTaxPaymentRules } from '../rules/salesTaxPayments.ts';
import { timeTrackingRules } from '../rules/timeTracking.ts';
import { creditMemoRules } from '../rules/creditRules.ts';
import { estimateRules, salesOrderRules, salesReceiptRules } from '../rules/saleTypes.ts';
import { ENTITY_TYPES } from '../values/globalReferences.ts';
import type { TypeRow } from './TypeRow.ts';
import { ITEM_ACCOUNT_PATHS } from '../books/itemAccounts.ts';


/** What a new sale takes from its customer when the request leaves it out. */
const SALE_DEFAULTS = ['salesRepresentative', 'salesTaxItem', 'salesTaxCode', 'billingAddress', 'shippingAddress'];
/** Request keys of a sale that the sale rules build (`salesLines.ts`). */
const SALE_REQUEST_ONLY = ['lines', 'lineGroups'];

const sale = (objectType: string, resource: string, extra: Partial<TypeRow>): TypeRow => ({
  objectType,
  resource,
  kind: 'transaction',
  copyDefaults: { from: 'customer', fields: SALE_DEFAULTS },
  requestOnly: SALE_REQUEST_ONLY,
  ...extra,
});

/** Request keys of a purchase that the purchase rules build (`purchaseLines.ts`, `purchaseRules.ts`). */
const PURCHASE_REQUEST_ONLY = ['expenseLines', 'itemLines', 'itemGroupLines', 'linkToTransactionIds', 'clearExpenseLines', 'clearItemLines'];

const purchase = (objectType: string, resource: string, extra: Partial<TypeRow>): TypeRow => ({
  objectType,
  resource,
  kind: 'transaction',
  filters: { accountIds: { refs: ['payablesAccount'] } },
  requestOnly: PURCHASE_REQUEST_ONLY,
  posting: 'purchase',
  ...extra,
});

/**
 * The transaction types of the company file, one row each: what is posted, linked and numbered
 * differs here; `TYPE_TABLE` (`typeTable.ts`) holds them with the lists and views.
 */
export const TRANSACTION_ROWS: readonly TypeRow[] = [
  sale('ldg_invoice', 'invoices', {
    balance: 'balanceRemaining',
    filters: { accountIds: { refs: ['receivablesAccount'] } },
    copyDefaults: { from: 'customer', fields: [...SALE_DEFAULTS, 'terms'] },
    refNumber: { counter: 'invoice', start: 1000 },
    defaults: { isPending: false, isFinanceCharge: false, isQueuedForPrint: false, isQueuedForEmail: false },
    requestOnly: [...SALE_REQUEST_ONLY, 'linkToTransactionIds', 'applyCredits'],
    posting: 'sale',
    rules: invoiceRules,
  }),
  sale('ldg_sales_receipt', 'sales-receipts', {
    filters: { accountIds: { refs: ['depositToAccount'] } },
    refNumber: { counter: 'sales_receipt', start: 0 },
    defaults: { isPending: false, isQueuedForPrint: false, isQueuedForEmail: false },
    posting: 'sale',
    rules: salesReceiptRules,
  }),
  sale('ldg_credit_memo', 'credit-memos', {
    filters: { accountIds: { refs: ['receivablesAccount'] } },
    copyDefaults: { from: 'customer', fields: [...SALE_DEFAULTS, 'terms'] },
    refNumber: { counter: 'credit_memo', start: 0 },
    defaults: { isPending: false, isQueuedForPrint: false, isQueuedForEmail: false },
    posting: 'credit',
    rules: creditMemoRules,
  }),
  sale('ldg_estimate', 'estimates', {
    // An estimate posts nothing: the accounts it names are those its lines' items would post to.
    filters: { accountIds: { refs: ['lines.item'], through: ITEM_ACCOUNT_PATHS.income } },
    copyDefaults: { from: 'customer', fields: [...SALE_DEFAULTS, 'terms'] },
    refNumber: { counter: 'estimate', start: 0 },
    defaults: { isActive: true, isQueuedForEmail: false },
    // The desktop's contractor editions keep a change-order note of an update: accepted, nothing else to do.
    requestOnly: [...SALE_REQUEST_ONLY, 'createChangeOrder'],
    rules: estimateRules,
  }),
  sale('ldg_sales_order', 'sales-orders', {
    copyDefaults: { from: 'customer', fields: [...SALE_DEFAULTS, 'terms'] },
    refNumber: { counter: 'sales_order', start: 0 },
    defaults: { isManuallyClosed: false, isFullyInvoiced: false, isQueuedForPrint: false, isQueuedForEmail: false },
    rules: salesOrderRules,
  }),
  {
    objectType: 'ldg_receive_payment',
    resource: 'receive-payments',
    kind: 'transaction',
    filters: { accountIds: { refs: ['receivablesAccount'] } },
    requestOnly: ['applyToTransactions', 'isAutoApply'],
    posting: 'payment',
    rules: paymentRules,
  },
  {
    objectType: 'ldg_journal_entry',
    resource: 'journal-entries',
    kind: 'transaction',
    filters: {
      accountIds: { refs: ['debitLines.account', 'creditLines.account'] },
      entityIds: { refs: ['debitLines.entity', 'creditLines.entity'] },
    },
    // A journal line may name anyone, customers included (a line on receivables must).
    refs: { 'debitLines.entity': ENTITY_TYPES, 'creditLines.entity': ENTITY_TYPES },
    refNumber: { counter: 'journal_entry', start: 0 },
    defaults: { isAdjustment: false, isHomeCurrencyAdjustment: false, areAmountsEnteredInHomeCurrency: false },
    requestOnly: ['debitLines', 'creditLines', 'lines'],
    posting: 'journal',
    rules: journalRules,
  },
  { objectType: 'ldg_transfer', resource: 'transfers', kind: 'transaction', posting: 'transfer', rules: transferRules },
  {
    objectType: 'ldg_credit_card_refund',
    resource: 'credit-card-refunds',
    kind: 'transaction',
    filters: { accountIds: { refs: ['refundFromAccount', 'receivablesAccount'] } },
    requestOnly: ['refundAppliedToTransactions'],
    posting: 'refund',
    rules: refundRules,
  },
  {
    objectType: 'ldg_bill_check_payment',
    resource: 'bill-check-payments',
    kind: 'transaction',
    filters: { accountIds: { refs: ['bankAccount', 'payablesAccount'] } },
    refNumber: { counter: 'check', start: 5000 },
    defaults: { isQueuedForPrint: false },
    requestOnly: ['applyToTransactions'],
    posting: 'billPayment',
    rules: billCheckPaymentRules,
  },
  {
    objectType: 'ldg_bill_credit_card_payment',
    resource: 'bill-credit-card-payments',
    kind: 'transaction',
    filters: { accountIds: { refs: ['creditCardAccount', 'payablesAccount'] } },
    requestOnly: ['applyToTransactions'],
    posting: 'billPayment',
    rules: billCardPaymentRules,
  },
  purchase('ldg_bill', 'bills', { copyDefaults: { from: 'vendor', fields: ['terms'] }, defaults: { isPending: false }, rules: billRules }),
  purchase('ldg_vendor_credit', 'vendor-credits', { posting: 'purchaseCredit', rules: vendorCreditRules }),
  purchase('ldg_item_receipt', 'item-receipts', { rules: itemReceiptRules }),
  {
    objectType: 'ldg_purchase_order',
    resource: 'purchase-orders',
    kind: 'transaction',
    // A purchase order posts nothing: the accounts it names are those its lines' items would post to.
    filters: { accountIds: { refs: ['lines.item'], through: ITEM_ACCOUNT_PATHS.purchase } },
    copyDefaults: { from: 'vendor', fields: ['terms'] },
    refNumber: { counter: 'purchase_order', start: 0 },
    defaults: { isManuallyClosed: false, isFullyReceived: false, isQueuedForPrint: false, isQueuedForEmail: false },
    requestOnly: ['lines', 'lineGroups'],
    rules: purchaseOrderRules,
  },
  purchase('ldg_check', 'checks', {
    filters: { accountIds: { refs: ['bankAccount'] } },
    refNumber: { counter: 'check', start: 5000 },
    defaults: { isPending: false, isQueuedForPrint: false },
    requestOnly: [...PURCHASE_REQUEST_ONLY, 'applyToTransactions'],
    rules: checkRules,
  }),
  purchase('ldg_credit_card_charge', 'credit-card-charges', { filters: { accountIds: { refs: ['account'] } }, rules: cardChargeRules }),
  purchase('ldg_credit_card_credit', 'credit-card-credits', { filters: { accountIds: { refs: ['account'] } }, posting: 'purchaseCredit', rules: cardCreditRules }),
  {
    objectType: 'ldg_deposit',
    resource: 'deposits',
    kind: 'transaction',
    filters: { accountIds: { refs: ['depositToAccount', 'lines.account', 'cashBack.account'] }, entityIds: { refs: ['lines.entity'] } },
    // A deposit line's money may come from anyone, customers included.
    refs: { 'lines.entity': ENTITY_TYPES },
    requestOnly: ['lines', 'cashBack'],
    posting: 'deposit',
    rules: depositRules,
  },
  {
    objectType: 'ldg_inventory_adjustment',
    resource: 'inventory-adjustments',
    kind: 'transaction',
    filters: { accountIds: { refs: ['account'] }, itemIds: { refs: ['lines.item'] } },
    // Only stock is adjusted: an inventory item or an assembly.
    refs: { 'lines.item': ['ldg_inventory_item', 'ldg_inventory_assembly_item'] },
    requestOnly: ['lines'],
    posting: 'inventoryAdjustment',
    rules: inventoryAdjustmentRules,
  },
  {
    objectType: 'ldg_build_assembly',
    resource: 'build-assemblies',
    kind: 'transaction',
    tag: (doc) => (doc['isPending'] === true ? 'pending' : 'not_pending'),
    filters: {
      itemIds: { refs: ['inventoryAssemblyItem', 'lines.item'] },
      pendingStatus: { tag: true, map: (value) => (value === 'all' ? ['pending', 'not_pending'] : [value]) },
    },
    refs: { 'lines.item': ['ldg_inventory_item', 'ldg_inventory_assembly_item'] },
    requestOnly: ['markPendingIfRequired', 'removePending'],
    posting: 'build',
    rules: buildAssemblyRules,
  },
  {
    objectType: 'ldg_sales_tax_payment_check',
    resource: 'sales-tax-payment-checks',
    kind: 'transaction',
    filters: { accountIds: { refs: ['bankAccount'] }, itemIds: { refs: ['lines.salesTaxItem'] } },
    refNumber: { counter: 'check', start: 5000 },
    defaults: { isQueuedForPrint: false },
    requestOnly: ['lines'],
    posting: 'salesTaxPayment',
    rules: salesTaxPaymentRules,
  },
  {
    objectType: 'ldg_time_tracking_activity',
    resource: 'time-tracking-activities',
    kind: 'transaction',
    rules: timeTrackingRules,
  },
];
