import type { Check } from '../../runner/checkTypes.ts';
import { describeExchange, expectThat } from '../../runner/CheckFailure.ts';

/** Where the plain-HTTP twin of the target listens: given, or the same host and port over http. */
export function plainHttpCheck(httpUrl: string | undefined): Check {
  return {
    id: 'transport.plain-http-refused',
    area: 'transport',
    rule: 'Plain HTTP to the same host never returns data: the connection is refused or answered with an error status',
    async run(ctx) {
      const list = ctx.spec.operations.find((op) => op.method === 'GET' && op.paginated) ?? ctx.spec.operations.find((op) => op.method === 'GET');
      if (!list) throw new Error('the spec has no GET operation');
      const base = httpUrl ?? ctx.client.config.baseUrl.replace(/^https:/, 'http:');
      const exchange = await ctx.client.send({ path: `${base.replace(/\/$/, '')}${list.path}`, timeoutMs: 10_000 });
      const body = exchange.json as Record<string, unknown> | undefined;
      const refused = exchange.networkError !== undefined || (exchange.status >= 400 && (body === undefined || !('data' in body)));
      expectThat(refused, 'a refused connection or an error status without data', describeExchange(exchange), exchange);
    },
  };
}
