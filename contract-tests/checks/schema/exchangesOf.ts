import type { CheckContext } from '../../runner/checkTypes.ts';
import type { Exchange } from '../../runner/httpClient.ts';
import type { SpecOperation } from '../../runner/specModel.ts';

/** The path of an exchange below the base URL, or undefined when it went elsewhere. */
export function pathBelowBase(ctx: CheckContext, exchange: Exchange): string | undefined {
  const base = new URL(ctx.client.config.baseUrl);
  const url = new URL(exchange.request.url);
  if (url.origin !== base.origin) return undefined;
  const prefix = base.pathname.replace(/\/$/, '');
  return url.pathname.startsWith(`${prefix}/`) ? url.pathname.slice(prefix.length) : undefined;
}

/**
 * The operation each exchange went to, worked out once per exchange: a run judges every operation's
 * exchanges, and matching thousands of them again for each of 260 operations took seconds. An
 * exchange belongs to one run, whose base URL and spec do not change.
 */
const operationOfExchange = new WeakMap<Exchange, SpecOperation | null>();

function operationOf(ctx: CheckContext, exchange: Exchange): SpecOperation | null {
  let op = operationOfExchange.get(exchange);
  if (op === undefined) {
    const path = pathBelowBase(ctx, exchange);
    op = path === undefined ? null : (ctx.spec.match(exchange.request.method, path) ?? null);
    operationOfExchange.set(exchange, op);
  }
  return op;
}

/** Every answered exchange the runner had with this operation. */
export function exchangesOf(ctx: CheckContext, op: SpecOperation): Exchange[] {
  return ctx.exchanges.filter((e) => !e.networkError && operationOf(ctx, e) === op);
}
