import { accountRules } from '../rules/accountRules.ts';
import { customerRules } from '../rules/customerRules.ts';
import { inventoryRules } from '../rules/inventoryRules.ts';
import { priceLevelRules } from '../rules/priceLevelRules.ts';
import { billsToPay } from '../rules/billsToPay.ts';
import { vendorRules } from '../rules/vendorRules.ts';
import type { TypeRow } from './TypeRow.ts';
import { paymentsToDeposit } from '../rules/depositRules.ts';
import { TRANSACTION_ROWS } from './transactionRows.ts';
import { deletedListObjects, deletedTransactions } from '../views/deletedObjects.ts';
import { TRANSACTIONS_LIST } from '../views/transactionsList.ts';
import { PAYROLL_AND_BUDGET_ROWS } from './payrollAndBudgetRows.ts';

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
  ...TRANSACTION_ROWS,
  ...PAYROLL_AND_BUDGET_ROWS,
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
