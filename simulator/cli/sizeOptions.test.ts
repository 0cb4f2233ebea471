import { describe, expect, it } from 'vitest';
import { sizeKeys } from '../fixtures/seed/seedTable.ts';
import { UsageError } from './usageErrors.ts';
import { sizesFromOptions } from './sizeOptions.ts';

const DEMO = sizeKeys();
const demo = (key: string): number => DEMO.get(key)?.demo ?? NaN;

describe('--size: every type not named grows or shrinks in proportion', () => {
  it('scales the others by the one named, keeping at least what each needs', () => {
    const sizes = sizesFromOptions({ size: 'customers=50' });
    expect(sizes['customers']).toBe(50);
    expect(sizes['invoices']).toBe(demo('invoices') / 20);
    expect(sizes['paychecks']).toBe(Math.round(demo('paychecks') / 20));
    expect(sizes['sales-receipts']).toBe(Math.round(demo('sales-receipts') / 20));
    // Three tax agencies and one vendor to buy from, however small the company.
    expect(sizes['vendors']).toBe(4);
    expect(sizes['build-assemblies']).toBe(1);
    for (const [key, { demo: count }] of DEMO) expect(sizes[key], key).toBeLessThanOrEqual(Math.max(count, DEMO.get(key)?.least ?? 1));
  });

  it('takes the geometric mean of several named, leaves a named 0 out of it, and takes --scale instead when given', () => {
    const sizes = sizesFromOptions({ size: 'customers=4000,invoices=3000' });
    expect(sizes['bills']).toBe(demo('bills') * 2);
    expect(sizesFromOptions({ size: 'customers=2000', invoices: '0' })['bills']).toBe(demo('bills') * 2);
    expect(sizesFromOptions({ customers: '50', scale: '1' })['bills']).toBe(demo('bills'));
    expect(sizesFromOptions({ size: 'customers=50', scale: '0' })['bills']).toBe(0);
  });

  it('makes a command\'s default size when nothing is named, and the demo\'s with no default', () => {
    expect(sizesFromOptions({}, { customers: 100, invoices: 300 })['bills']).toBe(demo('bills') / 10);
    expect(sizesFromOptions({})).toEqual(Object.fromEntries([...DEMO].map(([key, { demo: count }]) => [key, count])));
  });

  it('refuses what it cannot read as a usage error', () => {
    expect(() => sizesFromOptions({ size: 'dragons=3' })).toThrow(UsageError);
    expect(() => sizesFromOptions({ customers: 'many' })).toThrow(UsageError);
    expect(() => sizesFromOptions({ scale: '-1' })).toThrow(UsageError);
    expect(() => sizesFromOptions({ scale: '5000' })).toThrow(UsageError);
  });
});
