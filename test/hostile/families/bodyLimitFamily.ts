import type { Rng } from '../../../contract-tests/runner/rng.ts';
import { jsonHeaders, refusedWith, type HostileContext, type HostileFamily } from '../hostileCase.ts';

/** JSON nested `depth` levels deep inside one field, built as text (no recursion, no stack). */
export function nestedJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

interface Target {
  path: string;
  /** A valid body as text, with `"HOLE"` where the hostile value goes (as a value of some key). */
  template: string;
}

function targets(ctx: HostileContext): Target[] {
  return [
    { path: `/_sandbox/end-users/${ctx.endUser}/fixture`, template: '{"fixtureVersion":1,"company":{"name":"Acme"},"lists":{"classes":[{"name":"Hostile","x":"HOLE"}]}}' },
    { path: `/_sandbox/end-users/${ctx.endUser}/fixture`, template: '{"fixtureVersion":1,"company":{"name":"Acme","x":"HOLE"}}' },
    { path: '/_sandbox/clock/advance', template: '{"seconds":0,"x":"HOLE"}' },
    { path: `/_sandbox/end-users/${ctx.endUser}/company-file`, template: '{"seed":2,"x":"HOLE"}' },
    { path: '/v1/ledger-desktop/customers', template: '{"name":"Hostile body","billingAddress":{"line1":"1 Way","x":"HOLE"}}' },
    { path: `/v1/ledger-desktop/customers/${ctx.customer.id}`, template: `{"revisionNumber":"${ctx.customer.revisionNumber}","x":"HOLE"}` },
    { path: '/v1/ledger-desktop/invoices', template: `{"customerId":"${ctx.customer.id}","transactionDate":"2025-01-02","lines":[{"quantity":1,"x":"HOLE"}]}` },
    { path: '/v1/end-users', template: '{"companyName":"Hostile","sourceId":"hostile-src","email":"h@x.test","x":"HOLE"}' },
    { path: '/v1/auth-sessions', template: `{"publishableKey":"${ctx.publishableKey}","endUserId":"${ctx.endUser}","x":"HOLE"}` },
  ];
}

function protoBody(rng: Rng, template: string): { body: string; label: string } {
  // `"__proto__"` replaces the hostile key itself, or sits one level further down.
  const inner = rng.pick(['{}', '{"isAdmin":true}', '[]', '"x"', '{"__proto__":{"polluted":1}}']);
  return rng.next() < 0.6
    ? { body: template.replace('"x":"HOLE"', `"__proto__":${inner}`), label: `"__proto__": ${inner}` }
    : { body: template.replace('"HOLE"', `{"__proto__":${inner}}`), label: `x: {"__proto__": ${inner}}` };
}

/** Item 3: `__proto__` keys and documents nested beyond the limit, in every JSON body the sandbox reads. */
export const bodyLimitFamily: HostileFamily = {
  name: 'body-limits',
  item: 3,
  make(rng, ctx) {
    const target = rng.pick(targets(ctx));
    let body: string;
    let label: string;
    let field: string | undefined;
    if (rng.next() < 0.5) {
      ({ body, label } = protoBody(rng, target.template));
      field = '__proto__';
    } else {
      const depth = rng.pick([33, 34, 40, 64, 100, 1000, 10_000, rng.int(33, 20_000)]);
      const kind = rng.pick(['array', 'object'] as const);
      body = target.template.replace('"HOLE"', nestedJson(depth, kind));
      label = `${depth} levels of ${kind}s`;
    }
    return {
      family: 'body-limits',
      label: `POST ${target.path}: ${label}`,
      send: { kind: 'api', method: 'POST', path: target.path, headers: jsonHeaders(ctx), body },
      judge: refusedWith(400, 'INVALID_REQUEST', field),
    };
  },
};
