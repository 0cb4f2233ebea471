/**
 * Target types of a reference by its field name, for the names that mean the same on every type
 * (`class` is always a class). A type's own row overrides a path where a name means something of
 * its own (`parent` is an object of the same type). The start fails on a reference that has
 * neither, so a new type cannot silently point anywhere.
 */
export const ITEM_TYPES = [
  'ldg_service_item',
  'ldg_non_inventory_item',
  'ldg_inventory_item',
  'ldg_inventory_assembly_item',
  'ldg_other_charge_item',
  'ldg_discount_item',
  'ldg_subtotal_item',
  'ldg_sales_tax_item',
  'ldg_sales_tax_group_item',
  'ldg_item_group',
] as const;

/** Items a line or a price can name: every kind but a group (a group is expanded into lines). */
export const LINE_ITEM_TYPES = ITEM_TYPES.filter((t) => t !== 'ldg_item_group');
export const ENTITY_TYPES = ['ldg_customer', 'ldg_vendor', 'ldg_employee', 'ldg_other_name'] as const;
const ACCOUNT = ['ldg_account'];
const TAX_CODE = ['ldg_sales_tax_code'];

const TARGETS: Readonly<Record<string, readonly string[]>> = {
  account: ACCOUNT,
  assetAccount: ACCOUNT,
  bankAccount: ACCOUNT,
  creditCardAccount: ACCOUNT,
  cogsAccount: ACCOUNT,
  defaultDiscountAccount: ACCOUNT,
  defaultExpenseAccounts: ACCOUNT,
  depositToAccount: ACCOUNT,
  discountAccount: ACCOUNT,
  expenseAccount: ACCOUNT,
  financeChargeAccount: ACCOUNT,
  incomeAccount: ACCOUNT,
  postingAccount: ACCOUNT,
  purchaseTaxAccount: ACCOUNT,
  receivablesAccount: ACCOUNT,
  refundFromAccount: ACCOUNT,
  salesTaxAccount: ACCOUNT,
  billingRate: ['ldg_billing_rate'],
  class: ['ldg_class'],
  discountClass: ['ldg_class'],
  currency: ['ldg_currency'],
  homeCurrency: ['ldg_currency'],
  customer: ['ldg_customer'],
  customerMessage: ['ldg_customer_message'],
  customerType: ['ldg_customer_type'],
  defaultItemSalesTax: ['ldg_sales_tax_item', 'ldg_sales_tax_group_item'],
  defaultNonTaxableSalesTaxCode: TAX_CODE,
  defaultTaxableSalesTaxCode: TAX_CODE,
  purchaseTaxCode: TAX_CODE,
  salesTaxCode: TAX_CODE,
  defaultShippingMethod: ['ldg_shipping_method'],
  shippingMethod: ['ldg_shipping_method'],
  shipToEntity: ENTITY_TYPES,
  sourceAccount: ACCOUNT,
  targetAccount: ACCOUNT,
  documentTemplate: ['ldg_template'],
  entity: ['ldg_employee', 'ldg_vendor', 'ldg_other_name'],
  inventoryAssemblyItem: ['ldg_inventory_assembly_item'],
  inventoryItem: ['ldg_inventory_item', 'ldg_inventory_assembly_item'],
  inventorySite: ['ldg_inventory_site'],
  inventorySiteLocation: ['ldg_inventory_site_location'],
  item: LINE_ITEM_TYPES,
  itemGroup: ['ldg_item_group'],
  jobType: ['ldg_job_type'],
  overrideItemAccount: ACCOUNT,
  payablesAccount: ACCOUNT,
  liabilityAccount: ACCOUNT,
  payee: ENTITY_TYPES,
  overrideUnitOfMeasureSet: ['ldg_unit_of_measure_set'],
  unitOfMeasureSet: ['ldg_unit_of_measure_set'],
  payrollWageItem: ['ldg_payroll_wage_item'],
  payrollTaxItem: ['ldg_payroll_tax_item'],
  employee: ['ldg_employee'],
  paymentMethod: ['ldg_payment_method'],
  preferredPaymentMethod: ['ldg_payment_method'],
  preferredVendor: ['ldg_vendor'],
  taxVendor: ['ldg_vendor'],
  vendor: ['ldg_vendor'],
  priceLevel: ['ldg_price_level'],
  salesRepresentative: ['ldg_sales_representative'],
  serviceItem: ['ldg_service_item'],
  salesTaxItem: ['ldg_sales_tax_item', 'ldg_sales_tax_group_item'],
  salesTaxItems: ['ldg_sales_tax_item'],
  salesTaxReturn: ['ldg_sales_tax_return'],
  salesTaxReturnLine: ['ldg_sales_tax_return_line'],
  supervisor: ['ldg_employee'],
  terms: ['ldg_standard_term', 'ldg_date_driven_term'],
  vendorType: ['ldg_vendor_type'],
};

/** Looked up by names a client chose: a Map, so `constructor` is a miss. */
export const GLOBAL_REFERENCES: ReadonlyMap<string, readonly string[]> = new Map(Object.entries(TARGETS));
