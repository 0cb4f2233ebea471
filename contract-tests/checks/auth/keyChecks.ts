import type { Check, CheckContext } from '../../runner/checkTypes.ts';
import { expectRefusal } from '../expectError.ts';

function probePath(ctx: CheckContext): string {
  const op = ctx.spec.operations.find((o) => o.method === 'GET' && o.paginated) ?? ctx.spec.operations.find((o) => o.method === 'GET');
  if (!op) throw new Error('the spec has no GET operation');
  return op.path;
}

function keyCheck(id: string, rule: string, authorization: string | null): Check {
  return {
    id,
    area: 'auth',
    rule,
    async run(ctx) {
      const exchange = await ctx.client.send({ path: probePath(ctx), query: { limit: 1 }, authorization });
      expectRefusal(exchange, 401, 'the request is refused as unauthenticated');
    },
  };
}

export const noKey = keyCheck('auth.no-key', 'A request without a key is refused with 401 in the error shape', null);
export const malformedKey = keyCheck('auth.malformed-key', 'A malformed key is refused with 401 in the error shape', 'Bearer not a key');
export const unknownKey = keyCheck(
  'auth.unknown-key',
  'A well-formed key the Service never issued is refused with 401 in the error shape',
  'Bearer sk_test_0000000000000000000000000000contract',
);
