import { describe, expect, it } from 'vitest';
import { checkNumericInputs } from './numericInputs.ts';
import { RequestInputError } from './RequestInputError.ts';

function problemOf(body: Parameters<typeof checkNumericInputs>[0]): string | undefined {
  try {
    checkNumericInputs(body);
    return undefined;
  } catch (error) {
    if (error instanceof RequestInputError) return error.field;
    throw error;
  }
}

describe('checkNumericInputs', () => {
  it('names the path of the problem, through objects and lists', () => {
    expect(problemOf({ lines: [{ rate: '1.00' }, { rate: '1.00' }, { rate: 'ten' }] })).toBe('lines[2].rate');
    expect(problemOf({ shipping: { address: { amount: '1.234' } } })).toBe('shipping.address.amount');
    expect(problemOf({ quantities: [1, 2, Number.POSITIVE_INFINITY] })).toBe('quantities[2]');
    expect(problemOf({ rate: ['1.5', 'x'] })).toBe('rate[1]');
  });

  it('lets text of fields that hold no decimal, flags and nulls through, and checks every number', () => {
    expect(problemOf({ name: 'ten', memo: '1.23456789', isActive: true, classId: null, lines: [{ description: 'x', quantity: 3 }] })).toBeUndefined();
    expect(problemOf({ name: 'ten', sublevel: 1e300 })).toBe('sublevel');
    expect(problemOf(5)).toBeUndefined();
  });
});
