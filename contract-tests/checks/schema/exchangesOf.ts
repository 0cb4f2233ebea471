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

/** Every answered exchange the runner had with this operation. */
export function exchangesOf(ctx: CheckContext, op: SpecOperation): Exchange[] {
  return ctx.exchanges.filter((e) => {
    if (e.networkError) return false;
    const path = pathBelowBase(ctx, e);
    return path !== undefined && ctx.spec.match(e.request.method, path) === op;
  });
}
