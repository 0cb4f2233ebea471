/**
 * Which object types a reference field may point at. The request names a reference `xId`; the
 * response carries it as `x: {id, fullName}`. A field missing here fails at start, not at request.
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
];

const TARGETS: Record<string, readonly string[]> = {
  parent: ['ldg_customer'],
  customer: ['ldg_customer'],
  class: ['ldg_class'],
  customerType: ['ldg_customer_type'],
  terms: ['ldg_standard_term', 'ldg_date_driven_term'],
  salesRepresentative: ['ldg_sales_representative'],
  salesTaxCode: ['ldg_sales_tax_code'],
  salesTaxItem: ['ldg_sales_tax_item', 'ldg_sales_tax_group_item'],
  preferredPaymentMethod: ['ldg_payment_method'],
  paymentMethod: ['ldg_payment_method'],
  jobType: ['ldg_job_type'],
  priceLevel: ['ldg_price_level'],
  currency: ['ldg_currency'],
  receivablesAccount: ['ldg_account'],
  overrideItemAccount: ['ldg_account'],
  documentTemplate: ['ldg_template'],
  shippingMethod: ['ldg_shipping_method'],
  customerMessage: ['ldg_customer_message'],
  item: ITEM_TYPES,
  itemGroup: ['ldg_item_group'],
  inventorySite: ['ldg_inventory_site'],
  inventorySiteLocation: ['ldg_inventory_site_location'],
  overrideUnitOfMeasureSet: ['ldg_unit_of_measure_set'],
};

/** Keyed by field names that may come from a client: a Map, so `constructor` or `__proto__` is just a miss. */
export const REFERENCE_TARGETS: ReadonlyMap<string, readonly string[]> = new Map(Object.entries(TARGETS));
