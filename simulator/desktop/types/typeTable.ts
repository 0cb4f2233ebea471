import { accountRules } from './rules/accountRules.ts';
import { customerRules } from './rules/customerRules.ts';
import { inventoryRules } from './rules/inventoryRules.ts';
import { invoiceRules } from './rules/invoiceRules.ts';
import { billCardPaymentRules, billCheckPaymentRules, paymentRules } from './rules/paymentRules.ts';
import { priceLevelRules } from './rules/priceLevelRules.ts';
import { depositRules, paymentsToDeposit } from './rules/depositRules.ts';
import { billsToPay } from './rules/billsToPay.ts';
import { billRules, cardChargeRules, cardCreditRules, checkRules, itemReceiptRules, vendorCreditRules } from './rules/purchaseRules.ts';
import { purchaseOrderRules } from './rules/purchaseOrders.ts';
import { refundRules } from './rules/refundRules.ts';
import { journalRules } from './rules/journalRules.ts';
import { transferRules } from './rules/transferRules.ts';
import { inventoryAdjustmentRules } from './rules/inventoryAdjustments.ts';
import { buildAssemblyRules } from './rules/buildAssemblies.ts';
import { salesTaxPaymentRules } from './rules/salesTaxPayments.ts';
import { timeTrackingRules } from './rules/timeTracking.ts';
import { creditMemoRules } from './rules/creditRules.ts';
import { estimateRules, salesOrderRules, salesReceiptRules } from './rules/saleTypes.ts';
import { vendorRules } from './rules/vendorRules.ts';
import type { TypeRow } from './TypeRow.ts';
import { ENTITY_TYPES } from './globalReferences.ts';
import { deletedListObjects, deletedTransactions } from '../books/deletedObjects.ts';
import { TRANSACTIONS_LIST } from '../books/transactionsList.ts';

/** Flags some updates carry that only matter to transactions already posted: accepted, nothing to redo here. */
const ITEM_UPDATE_FLAGS = [
  'forceUnitOfMeasureChange',
  'updateExistingTransactionsAccount',
  'updateExistingTransactionsIncomeAccount',
  'updateExistingTransactionsCogsAccount',
  'salesOrPurchaseDetails.updateExistingTransactionsAccount',
  'salesAndPurchaseDetails.updateExistingTransactionsExpenseAccount',
  'salesAndPurchaseDetails.updateExistingTransactionsIncomeAccount',
];

const item = (objectType: string, resource: string, extra: Partial<TypeRow> = {}): TypeRow => ({
  objectType,
  resource,
  kind: 'list',
  nameScope: 'items',
  requestOnly: ITEM_UPDATE_FLAGS,
  ...extra,
});

const simpleList = (objectType: string, resource: string, extra: Partial<TypeRow> = {}): TypeRow => ({
  objectType,
  resource,
  kind: 'list',
  nameScope: objectType,
  ...extra,
});

/** Where each kind of item keeps the account its sales post to. */
const ITEM_INCOME_ACCOUNTS = ['incomeAccount', 'salesAndPurchaseDetails.incomeAccount', 'salesOrPurchaseDetails.postingAccount'];

/** Where each kind of item keeps the account its purchases post to. */
const ITEM_PURCHASE_ACCOUNTS = ['assetAccount', 'salesAndPurchaseDetails.expenseAccount', 'salesOrPurchaseDetails.postingAccount'];

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
 * Every object type of the company file, one row each: what differs between types is here, what
 * they share is the engine reading these rows. Checked against the spec at start.
 */
export const TYPE_TABLE: readonly TypeRow[] = [
  simpleList('ldg_account', 'accounts', {
    hierarchical: true,
    tag: 'accountType',
    filters: { accountType: { tag: true } },
    balance: 'totalBalance',
    requestOnly: ['openingBalance', 'openingBalanceDate', 'taxLineId'],
    rules: accountRules,
  }),
  { objectType: 'ldg_account_tax_line', resource: 'account-tax-lines', kind: 'readOnly', keyField: 'taxLineId', nameField: 'taxLineName' },
  simpleList('ldg_class', 'classes', { hierarchical: true }),
  { objectType: 'ldg_company', resource: 'company', kind: 'singleton' },
  simpleList('ldg_currency', 'currencies', { defaults: { isUserDefinedCurrency: true } }),
  simpleList('ldg_customer_type', 'customer-types', { hierarchical: true }),
  {
    objectType: 'ldg_customer',
    resource: 'customers',
    kind: 'list',
    nameScope: 'entities',
    hierarchical: true,
    balance: 'totalBalance',
    requestOnly: ['openingBalance', 'openingBalanceDate'],
    defaults: { jobStatus: 'none', preferredDeliveryMethod: 'none' },
    rules: customerRules,
  },
  simpleList('ldg_date_driven_term', 'date-driven-terms', { nameScope: 'terms' }),
  item('ldg_discount_item', 'discount-items', { hierarchical: true }),
  {
    objectType: 'ldg_employee',
    resource: 'employees',
    kind: 'list',
    nameScope: 'entities',
    nameFrom: ['firstName', 'middleName', 'lastName'],
    defaults: { employeeType: 'regular' },
    requestOnly: ['employeePayroll.deleteAllEarnings'],
  },
  item('ldg_inventory_assembly_item', 'inventory-assembly-items', {
    hierarchical: true,
    requestOnly: [...ITEM_UPDATE_FLAGS, 'clearItemLines', 'inventoryDate', 'totalValue'],
    rules: inventoryRules,
  }),
  item('ldg_inventory_item', 'inventory-items', { hierarchical: true, requestOnly: [...ITEM_UPDATE_FLAGS, 'inventoryDate', 'totalValue'], rules: inventoryRules }),
  simpleList('ldg_inventory_site', 'inventory-sites', { refs: { parent: ['self'] } }),
  item('ldg_item_group', 'item-groups', { requestOnly: [...ITEM_UPDATE_FLAGS, 'clearItemLines'] }),
  {
    objectType: 'ldg_item_site',
    resource: 'item-sites',
    kind: 'readOnly',
    tag: (doc) => (doc['inventoryItem'] ? 'inventory' : 'assembly'),
    filters: {
      itemIds: { refs: ['inventoryItem', 'inventoryAssemblyItem'] },
      siteIds: { refs: ['inventorySite'] },
      itemType: { tag: true, map: (value) => (Object.hasOwn(ITEM_SITE_KINDS, value) ? (ITEM_SITE_KINDS[value] ?? []) : []) },
    },
  },
  item('ldg_non_inventory_item', 'non-inventory-items', { hierarchical: true }),
  item('ldg_other_charge_item', 'other-charge-items', { hierarchical: true }),
  { objectType: 'ldg_other_name', resource: 'other-names', kind: 'list', nameScope: 'entities' },
  simpleList('ldg_payment_method', 'payment-methods', { tag: 'paymentMethodType', filters: { paymentMethodType: { tag: true } } }),
  simpleList('ldg_payroll_wage_item', 'payroll-wage-items'),
  { objectType: 'ldg_preferences', resource: 'preferences', kind: 'singleton' },
  simpleList('ldg_price_level', 'price-levels', {
    filters: { itemIds: { refs: ['perItemPriceLevels.item'] } },
    requestOnly: ['perItemPriceLevels.adjustPercentage', 'perItemPriceLevels.adjustRelativeTo'],
    rules: priceLevelRules,
  }),
  simpleList('ldg_sales_representative', 'sales-representatives', { nameField: 'initial' }),
  simpleList('ldg_sales_tax_code', 'sales-tax-codes'),
  item('ldg_sales_tax_group_item', 'sales-tax-group-items'),
  item('ldg_sales_tax_item', 'sales-tax-items'),
  item('ldg_service_item', 'service-items', { hierarchical: true }),
  simpleList('ldg_shipping_method', 'shipping-methods'),
  simpleList('ldg_standard_term', 'standard-terms', { nameScope: 'terms' }),
  item('ldg_subtotal_item', 'subtotal-items'),
  { objectType: 'ldg_template', resource: 'templates', kind: 'readOnly' },
  simpleList('ldg_unit_of_measure_set', 'unit-of-measure-sets'),
  {
    objectType: 'ldg_vendor',
    resource: 'vendors',
    kind: 'list',
    nameScope: 'entities',
    balance: 'balance',
    requestOnly: ['openingBalance', 'openingBalanceDate'],
    rules: vendorRules,
  },
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
    filters: { accountIds: { refs: ['lines.item'], through: ITEM_INCOME_ACCOUNTS } },
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
    filters: { accountIds: { refs: ['lines.item'], through: ITEM_PURCHASE_ACCOUNTS } },
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
  { objectType: 'ldg_payment_to_deposit', resource: 'payments-to-deposit', kind: 'view', view: paymentsToDeposit },
  { objectType: 'ldg_bill_to_pay', resource: 'bills-to-pay', kind: 'view', view: billsToPay },
  { objectType: 'ldg_deleted_transaction', resource: 'deleted-transactions', kind: 'view', view: deletedTransactions },
  { objectType: 'ldg_transaction', resource: 'transactions', kind: 'view', pagedView: TRANSACTIONS_LIST },
  { objectType: 'ldg_deleted_list_object', resource: 'deleted-list-objects', kind: 'view', view: deletedListObjects },
  // Lists the desktop keeps that the Service has no endpoint for: requests point at them by id.
  { objectType: 'ldg_billing_rate', kind: 'list', nameScope: 'ldg_billing_rate', internalFields: { rate: 'text' } },
  { objectType: 'ldg_customer_message', kind: 'list', nameScope: 'ldg_customer_message' },
  { objectType: 'ldg_job_type', kind: 'list', nameScope: 'ldg_job_type' },
  { objectType: 'ldg_inventory_site_location', kind: 'list', nameScope: 'ldg_inventory_site_location' },
  { objectType: 'ldg_sales_tax_return', kind: 'list', nameScope: 'ldg_sales_tax_return' },
  { objectType: 'ldg_sales_tax_return_line', kind: 'list', nameScope: 'ldg_sales_tax_return_line' },
  { objectType: 'ldg_vendor_type', kind: 'list', nameScope: 'ldg_vendor_type' },
];

/** What `itemType` selects among item sites, whose items are inventory items or assemblies. */
const ITEM_SITE_KINDS: Readonly<Record<string, readonly string[]>> = {
  inventory: ['inventory'],
  assembly: ['assembly'],
  inventory_and_assembly: ['inventory', 'assembly'],
  all_except_fixed_asset: ['inventory', 'assembly'],
};
