import type { JsonValue } from './json.ts';
import { DECIMAL_PLACES, MAX_AMOUNT_CENTS, parseDecimal } from './money.ts';
import { RequestInputError } from './RequestInputError.ts';
import { pathOf, type WalkStep } from './walkPath.ts';

/**
 * What a decimal-string field holds, by field name (money: two decimals; prices, rates, percentages
 * and ratios: five): the Service names these fields the same way
 * on every type (a line's `rate`, a customer's `creditLimit`), so one table covers them all. The
 * spec gives each the matching pattern; the desktop application checks them again here because
 * fixtures and seeding reach it without the Service in front.
 */
export type DecimalKind = 'money' | 'decimal';

const DECIMAL_FIELD_KINDS: Record<string, DecimalKind> = {
  amount: 'money',
  appliedAmount: 'money',
  balance: 'money',
  creditLimit: 'money',
  discountAmount: 'money',
  newValue: 'money',
  openingBalance: 'money',
  paymentAmount: 'money',
  refundAmount: 'money',
  targetBonus: 'money',
  totalAmount: 'money',
  totalBalance: 'money',
  totalValue: 'money',
  cost: 'decimal',
  customPrice: 'decimal',
  discountRate: 'decimal',
  markupRate: 'decimal',
  price: 'decimal',
  purchaseCost: 'decimal',
  rate: 'decimal',
  salesPrice: 'decimal',
  adjustPercentage: 'decimal',
  conversionRatio: 'decimal',
  customPricePercent: 'decimal',
  discountPercentage: 'decimal',
  discountRatePercent: 'decimal',
  fixedPercentage: 'decimal',
  markupRatePercent: 'decimal',
  overtimeMultiplier: 'decimal',
  pricePercentage: 'decimal',
  ratePercent: 'decimal',
  taxRate: 'decimal',
};

/** Looked up by names a client chose: a Map, so `constructor` is a miss, not a function. */
export const DECIMAL_FIELDS: ReadonlyMap<string, DecimalKind> = new Map(Object.entries(DECIMAL_FIELD_KINDS));

const PLACES: Record<DecimalKind, number> = { money: 2, decimal: DECIMAL_PLACES };

/** The desktop application's range for any number or decimal it is sent: what one field can hold. */
export const MAX_INPUT_MAGNITUDE = MAX_AMOUNT_CENTS / 100;

/** A container met by the walk. */
interface Visit extends WalkStep {
  value: object;
  /** The field it sits under (a list's items keep their list's name): what says whether an item is a decimal. */
  name: string;
  parent: Visit | undefined;
}

function checkDecimal(at: Visit, step: string | number, kind: DecimalKind, text: string): void {
  const units = parseDecimal(text, PLACES[kind]);
  if (units === undefined) {
    throw new RequestInputError(pathOf(at, step), `must be a decimal number with at most ${PLACES[kind]} decimals, such as "${kind === 'money' ? '125.50' : '12.5'}"`);
  }
  const limit = BigInt(MAX_AMOUNT_CENTS) * 10n ** BigInt(PLACES[kind] - 2);
  if (units > limit || units < -limit) throw new RequestInputError(pathOf(at, step), `is outside the range the desktop application holds (at most ${MAX_INPUT_MAGNITUDE}.99)`);
}

function checkNumber(at: Visit, step: string | number, value: number): void {
  if (!Number.isFinite(value) || Math.abs(value) > MAX_INPUT_MAGNITUDE) {
    throw new RequestInputError(pathOf(at, step), `is outside the range the desktop application holds (-${MAX_INPUT_MAGNITUDE} to ${MAX_INPUT_MAGNITUDE})`);
  }
}

/** Checks one value found at `step` of `at`; a container is pushed to be walked. */
function visit(stack: Visit[], at: Visit, step: string | number, name: string, item: JsonValue): void {
  if (typeof item === 'number') checkNumber(at, step, item);
  else if (typeof item === 'string') {
    const kind = DECIMAL_FIELDS.get(name);
    if (kind) checkDecimal(at, step, kind, item);
  } else if (typeof item === 'object' && item !== null) stack.push({ value: item, name, parent: at, step });
}

/**
 * Checks every number and decimal string of a request before anything is written: numbers must be
 * finite and within range, decimal fields must read as decimals within range. The first problem
 * is thrown with its path (`lines[2].rate`). Walks with its own stack: bodies are depth-limited
 * before they get here, but the desktop does not rely on that.
 */
export function checkNumericInputs(body: JsonValue): void {
  // The body itself sits at an empty path: a stand-in parent lets it be visited like any value.
  const top: Visit = { value: {}, name: '', parent: undefined, step: '' };
  const stack: Visit[] = [];
  visit(stack, top, '', '', body);
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value, name } = next;
    if (Array.isArray(value)) {
      const list = value as JsonValue[];
      for (let i = 0; i < list.length; i += 1) visit(stack, next, i, name, list[i] as JsonValue);
      continue;
    }
    const object = value as Record<string, JsonValue>;
    for (const key in object) {
      const item = object[key] as JsonValue;
      // Text and flags of fields that hold no decimal cannot be wrong here: not worth a look.
      if (typeof item === 'boolean' || item === null || (typeof item === 'string' && !DECIMAL_FIELDS.has(key))) continue;
      visit(stack, next, key, key, item);
    }
  }
}
