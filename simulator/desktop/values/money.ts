import { DESKTOP_STATUS, DesktopError } from './DesktopError.ts';

/**
 * Money travels as decimal strings; the desktop application computes in whole cents and refuses
 * amounts it cannot hold. Everything here is exact: products and percentages go through BigInt,
 * never through a float, so `0.1 + 0.2` style drift and `NaN` cannot reach a stored object.
 */

/** The largest amount, in cents, the desktop application stores in one field (999,999,999,999.99). */
export const MAX_AMOUNT_CENTS = 99_999_999_999_999;
/** Prices and quantities keep up to five decimals in the desktop application. */
export const DECIMAL_PLACES = 5;

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A decimal string as an integer count of 10^-scale units, or undefined when it is not one. */
export function parseDecimal(text: string, scale: number): bigint | undefined {
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (fraction.length > scale) return undefined;
  const units = BigInt(whole + fraction.padEnd(scale, '0'));
  return sign === '-' ? -units : units;
}

/** Division that rounds half away from zero, as the desktop application rounds amounts. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const half = denominator / 2n;
  return numerator >= 0n ? (numerator + half) / denominator : -((-numerator + half) / denominator);
}

/** An amount the desktop application cannot hold: refused with its "error while saving" status. */
export class AmountOverflow extends DesktopError {
  constructor(what: string) {
    super(DESKTOP_STATUS.SAVE_FAILED, `${what} is larger than the desktop application can hold (at most 999999999999.99).`);
  }
}

function checkedCents(cents: bigint | number, what: string): number {
  const n = typeof cents === 'bigint' ? cents : BigInt(cents);
  if (n > BigInt(MAX_AMOUNT_CENTS) || n < -BigInt(MAX_AMOUNT_CENTS)) throw new AmountOverflow(what);
  return Number(n);
}

/**
 * A stored or already validated money string in cents. Anything else is a bug in the simulator,
 * not bad input (input is checked before it gets here): it throws instead of yielding NaN.
 */
export function toCents(value: string | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  const units = parseDecimal(value, 2);
  if (units === undefined) throw new Error(`not a money amount: ${JSON.stringify(value)}`);
  return checkedCents(units, `The amount ${value}`);
}

/** Cents as the decimal string the Service sends; refuses what the desktop application cannot hold. */
export function fromCents(cents: number, what = 'An amount'): string {
  if (!Number.isSafeInteger(cents)) throw new AmountOverflow(what);
  checkedCents(cents, what);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Adds cents, refusing a sum beyond what one field holds (balances of many invoices, say). */
export function sumCents(values: Iterable<number>, what: string): number {
  let total = 0n;
  for (const v of values) total += BigInt(v);
  return checkedCents(total, what);
}

/** A quantity as units of 10^-5: the desktop keeps five decimals of a quantity. */
function quantityUnits(quantity: number): bigint {
  return BigInt(quantity.toFixed(DECIMAL_PLACES).replace('.', ''));
}

/** quantity x rate in cents, rounded once at the end as the desktop application does. */
export function lineAmountCents(quantity: number, rate: string, what: string): number {
  const rateUnits = parseDecimal(rate, DECIMAL_PLACES);
  if (rateUnits === undefined) throw new Error(`not a rate: ${JSON.stringify(rate)}`);
  const scale = 10n ** BigInt(2 * DECIMAL_PLACES - 2);
  return checkedCents(divideRounded(quantityUnits(quantity) * rateUnits, scale), what);
}

/** `percent` per cent of an amount in cents (sales tax on the taxable lines, say). */
export function percentOfCents(cents: number, percent: string, what: string): number {
  const units = parseDecimal(percent, DECIMAL_PLACES);
  if (units === undefined) throw new Error(`not a percentage: ${JSON.stringify(percent)}`);
  return checkedCents(divideRounded(BigInt(cents) * units, 100n * 10n ** BigInt(DECIMAL_PLACES)), what);
}

/** An amount in cents divided by a quantity, as a price with up to five decimals (an average cost). */
export function divideCents(cents: number, quantity: number): string {
  const quantityUnits = BigInt(quantity.toFixed(DECIMAL_PLACES).replace('.', ''));
  if (quantityUnits === 0n) return '0.00';
  // cents x 10^3 gives 10^-5 units; quantity units carry 10^5, so scale the numerator by 10^5 more.
  const units = divideRounded(BigInt(cents) * 1000n * 10n ** BigInt(DECIMAL_PLACES), quantityUnits);
  return formatUnits(units, DECIMAL_PLACES);
}

/** A price moved by a percentage (`-10` is ten per cent less), rounded to cents. */
export function adjustByPercent(price: string, percent: string): string {
  const priceUnits = parseDecimal(price, DECIMAL_PLACES) ?? 0n;
  const percentUnits = parseDecimal(percent, DECIMAL_PLACES) ?? 0n;
  const scale = 100n * 10n ** BigInt(DECIMAL_PLACES);
  const adjusted = divideRounded(priceUnits * (scale + percentUnits), scale);
  const cents = divideRounded(adjusted, 10n ** BigInt(DECIMAL_PLACES - 2));
  return fromCents(checkedCents(cents, `The price ${price} adjusted by ${percent}%`));
}

/** Units of 10^-places as a decimal string with at least two decimals and no trailing zeros beyond them. */
function formatUnits(units: bigint, places: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, -places);
  const fraction = digits.slice(-places).replace(/0+$/, '').padEnd(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}
