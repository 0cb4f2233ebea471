import type { JsonSchema } from '../../spec/types.ts';
import type { ObjectRules } from '../ObjectRules.ts';

const nullableString: JsonSchema = { type: ['string', 'null'] };
const reference: JsonSchema = {
  anyOf: [{ type: 'object', properties: { id: nullableString, fullName: nullableString } }, { type: 'null' }],
};

const base: Record<string, JsonSchema> = {
  id: { type: 'string' },
  objectType: { type: 'string' },
  createdAt: { type: 'string' },
  updatedAt: { type: 'string' },
  revisionNumber: { type: 'string' },
};

/**
 * Objects that invoices and customers point at but that have no endpoints yet (items, terms,
 * accounts...). They live in the company file with just the fields the rules read, so references
 * resolve for real; each gains its full spec schema when its endpoints are added.
 */
const SUPPORT_TYPES: { objectType: string; kind: 'list' | 'transaction'; fields: Record<string, JsonSchema> }[] = [
  { objectType: 'ldg_account', kind: 'list', fields: { accountType: nullableString, accountNumber: nullableString } },
  { objectType: 'ldg_class', kind: 'list', fields: {} },
  { objectType: 'ldg_customer_type', kind: 'list', fields: {} },
  { objectType: 'ldg_job_type', kind: 'list', fields: {} },
  { objectType: 'ldg_standard_term', kind: 'list', fields: { dueDays: { type: ['number', 'null'] } } },
  { objectType: 'ldg_sales_representative', kind: 'list', fields: { initial: nullableString } },
  { objectType: 'ldg_sales_tax_code', kind: 'list', fields: { isTaxable: { type: ['boolean', 'null'] } } },
  { objectType: 'ldg_sales_tax_item', kind: 'list', fields: { taxRate: nullableString } },
  { objectType: 'ldg_service_item', kind: 'list', fields: { description: nullableString, rate: nullableString, salesTaxCode: reference } },
  { objectType: 'ldg_payment_method', kind: 'list', fields: {} },
  { objectType: 'ldg_price_level', kind: 'list', fields: {} },
  { objectType: 'ldg_template', kind: 'list', fields: {} },
  { objectType: 'ldg_shipping_method', kind: 'list', fields: {} },
  { objectType: 'ldg_customer_message', kind: 'list', fields: {} },
  { objectType: 'ldg_currency', kind: 'list', fields: { currencyCode: nullableString } },
  {
    objectType: 'ldg_receive_payment',
    kind: 'transaction',
    fields: { customer: reference, paymentMethod: reference, transactionDate: nullableString, refNumber: nullableString, totalAmount: nullableString },
  },
];

function schemaOf(kind: 'list' | 'transaction', fields: Record<string, JsonSchema>): JsonSchema {
  const names: Record<string, JsonSchema> =
    kind === 'list' ? { name: { type: 'string' }, fullName: nullableString, isActive: { type: ['boolean', 'null'] } } : {};
  return { type: 'object', properties: { ...base, ...names, ...fields } };
}

export const supportSchemas = new Map(SUPPORT_TYPES.map((t) => [t.objectType, schemaOf(t.kind, t.fields)]));

export const supportRules: ObjectRules[] = SUPPORT_TYPES.map((t) => ({
  objectType: t.objectType,
  kind: t.kind,
  hierarchical: false,
  ownKeys: [],
  compute(_ctx, doc) {
    if (t.kind === 'list') {
      doc['fullName'] = doc['name'] ?? null;
      if (doc['isActive'] === null) doc['isActive'] = true;
    }
  },
}));
