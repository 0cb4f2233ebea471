import type { CheckContext } from '../../runner/checkTypes.ts';
import { operationOf } from '../../runner/exchangeOperation.ts';
import type { Exchange } from '../../runner/httpClient.ts';
import type { SpecOperation } from '../../runner/specModel.ts';

/** Every answered exchange the runner had with this operation. */
export function exchangesOf(ctx: CheckContext, op: SpecOperation): Exchange[] {
  return ctx.exchanges.filter((e) => !e.networkError && operationOf(ctx.spec, ctx.client.config.baseUrl, e) === op);
}
