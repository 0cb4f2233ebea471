import { beforeAll, describe, expect, it } from 'vitest';
import { indexOperations } from '../../spec/indexOperations.ts';
import { loadSpec } from '../../spec/loadSpec.ts';
import { TYPE_TABLE } from '../types/typeTable.ts';
import { buildTypeRegistry } from './checkTypeTable.ts';
import type { TypeRegistry } from './TypeRegistry.ts';
import { documentTotalOf, transactionLinesOf, partyIdOf } from './transactionShape.ts';

let types: TypeRegistry;
beforeAll(async () => {
  types = buildTypeRegistry(TYPE_TABLE, indexOperations(await loadSpec()));
});

describe("a transaction's shape, from its type's fields", () => {
  it.each([
    ['ldg_invoice', { party: ['customer'], headerAccount: ['receivablesAccount'], total: [], totalParts: ['subtotal', 'salesTaxTotal'], lines: ['lines'] }],
    ['ldg_receive_payment', { party: ['customer'], headerAccount: ['receivablesAccount', 'depositToAccount'], total: ['totalAmount'], totalParts: [], lines: [] }],
    ['ldg_bill', { party: ['vendor'], headerAccount: ['payablesAccount'], total: ['amountDue'], totalParts: [], lines: ['expenseLines', 'itemLines'] }],
    ['ldg_check', { party: ['payee'], headerAccount: ['bankAccount'], total: ['amount'], totalParts: [], lines: ['expenseLines', 'itemLines'] }],
    ['ldg_journal_entry', { party: [], headerAccount: [], total: [], totalParts: [], lines: ['debitLines', 'creditLines'] }],
    ['ldg_time_tracking_activity', { party: ['customer', 'entity'], headerAccount: [], total: [], totalParts: [], lines: [] }],
    ['ldg_paycheck', { party: ['employee'], headerAccount: ['bankAccount'], total: ['amount'], totalParts: [], lines: [] }],
  ])('%s', (objectType, shape) => {
    expect(types.modelOf(objectType).shape).toEqual(shape);
  });

  it('is none for a type that is no transaction', () => {
    expect(types.modelOf('ldg_customer').shape).toEqual({ party: [], headerAccount: [], total: [], totalParts: [], lines: [] });
  });

  it('reads a document by it: the first party it names, its total (or the sum of its parts), its lines in order', () => {
    const invoice = types.modelOf('ldg_invoice').shape;
    expect(partyIdOf(invoice, { customer: { id: 'c1', fullName: 'Acme' } })).toBe('c1');
    expect(documentTotalOf(invoice, { subtotal: '100.00', salesTaxTotal: '8.25' })).toBe('108.25');
    expect(documentTotalOf(types.modelOf('ldg_journal_entry').shape, { debitLines: [] })).toBeNull();
    const bill = types.modelOf('ldg_bill').shape;
    expect(transactionLinesOf(bill, { itemLines: [{ id: 'b' }], expenseLines: [{ id: 'a' }] }).map((l) => l['id'])).toEqual(['a', 'b']);
  });
});
