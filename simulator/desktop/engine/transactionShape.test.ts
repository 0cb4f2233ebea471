import { beforeAll, describe, expect, it } from 'vitest';
import { linesWithGroupsOf } from '../books/documentLines.ts';
import type { JsonObject } from '../values/json.ts';
import { indexOperations } from '../../spec/indexOperations.ts';
import { loadSpec } from '../../spec/loadSpec.ts';
import { TYPE_TABLE } from '../table/typeTable.ts';
import { buildTypeRegistry } from './checkTypeTable.ts';
import type { TypeRegistry } from './TypeRegistry.ts';
import { documentTotalOf, partyIdOf, transactionLinesOf, transactionShapeOf } from './transactionShape.ts';

const SALE_GROUPS = { groups: 'lineGroups', lines: 'lines' };
const PURCHASE_GROUPS = { groups: 'itemGroupLines', lines: 'itemLines' };

let types: TypeRegistry;
beforeAll(async () => {
  types = buildTypeRegistry(TYPE_TABLE, indexOperations(await loadSpec()));
});

describe("a transaction's shape, from its type's fields", () => {
  it.each([
    ['ldg_invoice', { party: ['customer'], headerAccount: ['receivablesAccount'], total: [], totalParts: ['subtotal', 'salesTaxTotal'], lines: ['lines'], groups: [SALE_GROUPS] }],
    ['ldg_receive_payment', { party: ['customer'], headerAccount: ['receivablesAccount', 'depositToAccount'], total: ['totalAmount'], totalParts: [], lines: [], groups: [] }],
    ['ldg_bill', { party: ['vendor'], headerAccount: ['payablesAccount'], total: ['amountDue'], totalParts: [], lines: ['expenseLines', 'itemLines'], groups: [PURCHASE_GROUPS] }],
    ['ldg_check', { party: ['payee'], headerAccount: ['bankAccount'], total: ['amount'], totalParts: [], lines: ['expenseLines', 'itemLines'], groups: [PURCHASE_GROUPS] }],
    ['ldg_journal_entry', { party: [], headerAccount: [], total: [], totalParts: [], lines: ['debitLines', 'creditLines'], groups: [] }],
    ['ldg_time_tracking_activity', { party: ['customer', 'entity'], headerAccount: [], total: [], totalParts: [], lines: [], groups: [] }],
    ['ldg_paycheck', { party: ['employee'], headerAccount: ['bankAccount'], total: ['amount'], totalParts: [], lines: [], groups: [] }],
  ])('%s', (objectType, shape) => {
    expect(types.modelOf(objectType).shape).toEqual(shape);
  });

  it('is none for a type that is no transaction', () => {
    expect(types.modelOf('ldg_customer').shape).toEqual({ party: [], headerAccount: [], total: [], totalParts: [], lines: [], groups: [] });
  });
});

describe("a transaction's groups of lines, from a list field whose items hold a line field", () => {
  it.each([
    ['ldg_invoice', SALE_GROUPS],
    ['ldg_sales_receipt', SALE_GROUPS],
    ['ldg_credit_memo', SALE_GROUPS],
    ['ldg_estimate', SALE_GROUPS],
    ['ldg_sales_order', SALE_GROUPS],
    ['ldg_purchase_order', SALE_GROUPS],
    ['ldg_bill', PURCHASE_GROUPS],
    ['ldg_vendor_credit', PURCHASE_GROUPS],
    ['ldg_item_receipt', PURCHASE_GROUPS],
    ['ldg_check', PURCHASE_GROUPS],
    ['ldg_credit_card_charge', PURCHASE_GROUPS],
    ['ldg_credit_card_credit', PURCHASE_GROUPS],
  ])('%s keeps %o', (objectType, layout) => {
    expect(types.modelOf(objectType).shape.groups).toEqual([layout]);
  });

  it.each(['ldg_deposit', 'ldg_journal_entry', 'ldg_inventory_adjustment', 'ldg_build_assembly', 'ldg_sales_tax_payment_check', 'ldg_receive_payment'])('%s has lines but no groups', (objectType) => {
    expect(types.modelOf(objectType).shape.groups).toEqual([]);
  });

  it("takes the row's groups over the schema's", () => {
    const invoice = types.modelOf('ldg_invoice');
    const has = (path: string): boolean => ['lines', 'lineGroups', 'lineGroups.lines'].includes(path);
    expect(transactionShapeOf(invoice.row, has).groups).toEqual([SALE_GROUPS]);
    expect(transactionShapeOf({ ...invoice.row, shape: { groups: [] } }, has).groups).toEqual([]);
  });
});

describe('reading a transaction by its shape', () => {
  it('reads a document by it: the first party it names, its total (or the sum of its parts), its lines in order', () => {
    const invoice = types.modelOf('ldg_invoice').shape;
    expect(partyIdOf(invoice, { customer: { id: 'c1', fullName: 'Acme' } })).toBe('c1');
    expect(documentTotalOf(invoice, { subtotal: '100.00', salesTaxTotal: '8.25' })).toBe('108.25');
    expect(documentTotalOf(types.modelOf('ldg_journal_entry').shape, { debitLines: [] })).toBeNull();
    const bill = types.modelOf('ldg_bill').shape;
    expect(transactionLinesOf(bill, { itemLines: [{ id: 'b' }], expenseLines: [{ id: 'a' }] }).map((l) => l['id'])).toEqual(['a', 'b']);
  });

  it("reads a line field with its groups' lines after the document's own, where the type's groups keep them", () => {
    const ids = (lines: JsonObject[]): unknown[] => lines.map((l) => l['id']);
    const invoice = { lines: [{ id: 'a' }], lineGroups: [{ lines: [{ id: 'b' }] }, { lines: [{ id: 'c' }] }] };
    expect(ids(linesWithGroupsOf(types.modelOf('ldg_invoice').shape, 'lines', invoice))).toEqual(['a', 'b', 'c']);
    const bill = { expenseLines: [{ id: 'e' }], itemLines: [{ id: 'a' }], itemGroupLines: [{ itemLines: [{ id: 'b' }] }] };
    const { shape } = types.modelOf('ldg_bill');
    expect(ids(linesWithGroupsOf(shape, 'itemLines', bill))).toEqual(['a', 'b']);
    expect(ids(linesWithGroupsOf(shape, 'expenseLines', bill))).toEqual(['e']);
    expect(ids(linesWithGroupsOf(types.modelOf('ldg_deposit').shape, 'lines', { lines: [{ id: 'a' }], lineGroups: [{ lines: [{ id: 'b' }] }] }))).toEqual(['a']);
  });
});
