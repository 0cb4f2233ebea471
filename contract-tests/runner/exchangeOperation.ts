import type { Exchange } from './httpClient.ts';
import type { SpecModel, SpecOperation } from './specModel.ts';

/** The path of an exchange below the base URL, or undefined when it went elsewhere. */
export function pathBelowBase(baseUrl: string, exchange: Exchange): string | undefined {
  const base = new URL(baseUrl);
  const url = new URL(exchange.request.url);
  if (url.origin !== base.origin) return undefined;
  const prefix = base.pathname.replace(/\/$/, '');
  return url.pathname.startsWith(`${prefix}/`) ? url.pathname.slice(prefix.length) : undefined;
}

/**
 * The operation each exchange went to, worked out once per exchange: the run counts what it has
 * touched as it goes, and the last checks judge every operation's exchanges (matching thousands of
 * them again for each of 260 operations took seconds). An exchange belongs to one run, whose base
 * URL and spec do not change.
 */
const operationOfExchange = new WeakMap<Exchange, SpecOperation | null>();

export function operationOf(spec: SpecModel, baseUrl: string, exchange: Exchange): SpecOperation | null {
  let op = operationOfExchange.get(exchange);
  if (op === undefined) {
    const path = pathBelowBase(baseUrl, exchange);
    op = path === undefined ? null : (spec.match(exchange.request.method, path) ?? null);
    operationOfExchange.set(exchange, op);
  }
  return op;
}
