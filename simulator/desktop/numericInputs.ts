import { isJsonObject, type JsonValue } from './json.ts';
import { DECIMAL_PLACES, MAX_AMOUNT_CENTS, parseDecimal } from './money.ts';
import { RequestInputError } from './RequestInputError.ts';

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

function checkDecimal(path: string, kind: DecimalKind, text: string): void {
  const units = parseDecimal(text, PLACES[kind]);
  if (units === undefined) {
    throw new RequestInputError(path, `must be a decimal number with at most ${PLACES[kind]} decimals, such as "${kind === 'money' ? '125.50' : '12.5'}"`);
  }
  const limit = BigInt(MAX_AMOUNT_CENTS) * 10n ** BigInt(PLACES[kind] - 2);
  if (units > limit || units < -limit) throw new RequestInputError(path, `is outside the range the desktop application holds (at most ${MAX_INPUT_MAGNITUDE}.99)`);
}

function checkNumber(path: string, value: number): void {
  if (!Number.isFinite(value) || Math.abs(value) > MAX_INPUT_MAGNITUDE) {
    throw new RequestInputError(path, `is outside the range the desktop application holds (-${MAX_INPUT_MAGNITUDE} to ${MAX_INPUT_MAGNITUDE})`);
  }
}

/**
 * Checks every number and decimal string of a request before anything is written: numbers must be
 * finite and within range, decimal fields must read as decimals within range. The first problem
 * is thrown with its path (`lines[2].rate`). Walks with its own stack: bodies are depth-limited
 * before they get here, but the desktop does not rely on that.
 */
export function checkNumericInputs(body: JsonValue): void {
  const stack: { path: string; name: string; value: JsonValue }[] = [{ path: '', name: '', value: body }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { path, name, value } = next;
    if (typeof value === 'number') checkNumber(path, value);
    else if (typeof value === 'string') {
      const kind = DECIMAL_FIELDS.get(name);
      if (kind) checkDecimal(path, kind, value);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ path: `${path}[${i}]`, name, value: item }));
    } else if (isJsonObject(value)) {
      for (const [key, item] of Object.entries(value)) stack.push({ path: path ? `${path}.${key}` : key, name: key, value: item });
    }
  }
}
