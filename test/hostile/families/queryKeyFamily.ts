import { jsonHeaders, refusedWith, type HostileFamily } from '../hostileCase.ts';

/** Names every JavaScript object answers to, and shapes that pollute prototypes in careless parsers. */
export const PROTOTYPE_NAMES = [
  '__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', '__lookupSetter__',
  'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', '__proto__[polluted]', 'constructor[prototype][x]', '__proto__.x',
];

/** Item 4: a query key the operation does not take, whatever its name, is a 400 naming it. */
export const queryKeyFamily: HostileFamily = {
  name: 'query-keys',
  item: 4,
  make(rng, ctx) {
    const key = rng.next() < 0.75 ? rng.pick(PROTOTYPE_NAMES) : `${rng.pick(['x', 'limitt', 'Ids', 'status ', 'CURSOR'])}${rng.int(0, 99)}`;
    const [method, path] = rng.pick([
      ['GET', '/v1/ledger-desktop/customers'],
      ['GET', '/v1/ledger-desktop/invoices'],
      ['GET', `/v1/ledger-desktop/customers/${ctx.customer.id}`],
      ['GET', `/v1/ledger-desktop/invoices/${ctx.invoice.id}`],
      ['GET', '/v1/end-users'],
      ['GET', `/v1/end-users/${ctx.endUser}`],
      ['GET', '/v1/ledger-desktop/health-check'],
      ['POST', `/v1/ledger-desktop/customers/${ctx.customer.id}`],
    ] as const);
    const paged = path === '/v1/ledger-desktop/customers' || path === '/v1/ledger-desktop/invoices';
    const others = rng.next() < 0.5 && paged ? `limit=${rng.int(1, 150)}&` : '';
    const value = rng.pick(['x', '1', '', '{}', 'true']);
    return {
      family: 'query-keys',
      label: `${method} ${path}?${key}=${value}`,
      send: {
        kind: 'api',
        method,
        path: `${path}?${others}${encodeURIComponent(key)}=${encodeURIComponent(value)}`,
        headers: jsonHeaders(ctx),
        ...(method === 'POST' ? { body: JSON.stringify({ revisionNumber: ctx.customer.revisionNumber }) } : {}),
      },
      judge: refusedWith(400, 'INVALID_REQUEST', key),
    };
  },
};
