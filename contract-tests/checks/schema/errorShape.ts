import type { Check } from '../../runner/checkTypes.ts';
import { CheckSkip, expectThat } from '../../runner/CheckFailure.ts';
import { errorOf } from '../expectError.ts';
import { pathBelowBase } from '../../runner/exchangeOperation.ts';

export const errorShape: Check = {
  id: 'schema.error-shape',
  area: 'schema',
  rule: 'Every error body has the error shape, and its requestId equals the Service-Request-Id header',
  last: true,
  async run(ctx) {
    const errors = ctx.exchanges.filter((e) => !e.networkError && e.status >= 400 && pathBelowBase(ctx.client.config.baseUrl, e) !== undefined);
    if (errors.length === 0) throw new CheckSkip('no error response seen');
    for (const exchange of errors) {
      expectThat(ctx.spec.validateErrorBody(exchange.json), 'the error shape', JSON.stringify(ctx.spec.validateErrorBody.errors?.slice(0, 3)), exchange);
      expectThat(errorOf(exchange)?.['requestId'] === exchange.headers['service-request-id'], 'requestId equal to the Service-Request-Id header', `${String(errorOf(exchange)?.['requestId'])} vs ${String(exchange.headers['service-request-id'])}`, exchange);
    }
  },
};
