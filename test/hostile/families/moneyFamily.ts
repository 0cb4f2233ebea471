import type { Rng } from '../../../contract-tests/runner/rng.ts';
import { jsonHeaders, jsonWith, refusedWith, type HostileCase, type HostileContext, type HostileFamily } from '../hostileCase.ts';

/** Strings that are not decimals, or decimals the desktop application cannot hold. */
export const NOT_MONEY = [
  'abc', 'NaN', 'Infinity', '-Infinity', '1e5', '0x10', '1,000.00', ' 12', '12 ', '+12', '12.', '', '.5', '12.3.4', '--1',
  '١٢', '９', '12e', '1_000', '99999999999999.00', '-9999999999999', '1000000000000', '0.000001', '12.1234567', 'null', 'true', '"12"',
];
/** Only too many decimals for money, fine for a rate: refused for money fields alone. */
const MONEY_ONLY = ['12.345', '0.001', '-7.125'];
/** Numbers (raw JSON text) no quantity can be: infinite once parsed, or beyond the desktop's range. */
export const NOT_QUANTITY = ['1e308', '-1e308', '1e400', '-1e400', '1e13', '-1e13', '1000000000000.5', '123456789012345678901234567890'];

const PLACEHOLDER = '__VALUE__';

function pick(rng: Rng, values: readonly string[]): string {
  return rng.pick(values);
}

function invoiceCase(rng: Rng, ctx: HostileContext): HostileCase {
  const field = rng.pick(['rate', 'amount', 'ratePercent', 'quantity', 'overflow'] as const);
  const line: Record<string, unknown> = { quantity: rng.int(1, 9), rate: '10.00' };
  let raw: string;
  if (field === 'quantity') {
    raw = pick(rng, NOT_QUANTITY);
    line['quantity'] = PLACEHOLDER;
  } else if (field === 'overflow') {
    // Each number alone is in range; their product is not.
    raw = String(rng.int(100_000, 999_999) * 1_000_000);
    line['quantity'] = PLACEHOLDER;
    line['rate'] = `${rng.int(100_000_000, 999_999_999)}.00`;
  } else {
    raw = JSON.stringify(pick(rng, field === 'amount' ? [...NOT_MONEY, ...MONEY_ONLY] : NOT_MONEY));
    line[field] = PLACEHOLDER;
  }
  const update = rng.next() < 0.4;
  const lines = [{ quantity: 1, rate: '5.00' }, line].slice(rng.int(0, 1)).map((l) => (update ? { id: '-1', ...l } : l));
  const position = lines.length - 1;
  const body = update
    ? { revisionNumber: ctx.invoice.revisionNumber, lines }
    : { customerId: ctx.customer.id, transactionDate: '2025-03-03', lines };
  const path = update ? `/v1/ledger-desktop/invoices/${ctx.invoice.id}` : '/v1/ledger-desktop/invoices';
  const named = field === 'overflow' ? `lines[${position}]` : `lines[${position}].${field}`;
  return {
    family: 'money',
    label: `${update ? 'update' : 'create'} invoice, lines[${position}].${field === 'overflow' ? 'quantity x rate' : field} = ${raw}`,
    send: { kind: 'api', method: 'POST', path, headers: jsonHeaders(ctx), body: jsonWith(body, PLACEHOLDER, raw) },
    judge: refusedWith(400, 'INVALID_REQUEST', raw.includes('e400') || raw.length > 25 ? undefined : named),
  };
}

function customerCase(rng: Rng, ctx: HostileContext): HostileCase {
  const field = rng.pick(['openingBalance', 'creditLimit'] as const);
  const raw = JSON.stringify(pick(rng, [...NOT_MONEY, ...MONEY_ONLY]));
  const update = field === 'creditLimit' && rng.next() < 0.5;
  const body = update
    ? { revisionNumber: ctx.customer.revisionNumber, creditLimit: PLACEHOLDER }
    : { name: `Hostile ${rng.int(1, 1e9)}`, [field]: PLACEHOLDER };
  return {
    family: 'money',
    label: `${update ? 'update' : 'create'} customer, ${field} = ${raw}`,
    send: {
      kind: 'api',
      method: 'POST',
      path: update ? `/v1/ledger-desktop/customers/${ctx.customer.id}` : '/v1/ledger-desktop/customers',
      headers: jsonHeaders(ctx),
      body: jsonWith(body, PLACEHOLDER, raw),
    },
    judge: refusedWith(400, 'INVALID_REQUEST', field),
  };
}

function filterCase(rng: Rng, ctx: HostileContext): HostileCase {
  const name = rng.pick(['totalBalance', 'totalBalanceGreaterThan', 'totalBalanceGreaterThanOrEqualTo', 'totalBalanceLessThan', 'totalBalanceLessThanOrEqualTo']);
  const value = pick(rng, [...NOT_MONEY, ...MONEY_ONLY].filter((v) => v !== ''));
  return {
    family: 'money',
    label: `list customers, ${name}=${value}`,
    send: { kind: 'api', method: 'GET', path: `/v1/ledger-desktop/customers?${name}=${encodeURIComponent(value)}`, headers: jsonHeaders(ctx) },
    judge: refusedWith(400, 'INVALID_REQUEST', name),
  };
}

/** Item 1: money and quantities that are not numbers, or too big, in every place the API takes them. */
export const moneyFamily: HostileFamily = {
  name: 'money',
  item: 1,
  make(rng, ctx) {
    const roll = rng.next();
    if (roll < 0.55) return invoiceCase(rng, ctx);
    if (roll < 0.85) return customerCase(rng, ctx);
    return filterCase(rng, ctx);
  },
};
