import type { Exchange } from '../runner/httpClient.ts';
import { describeExchange, expectThat } from '../runner/CheckFailure.ts';

/** The error shape's `error` object, or undefined. */
export function errorOf(exchange: Exchange): Record<string, unknown> | undefined {
  const body = exchange.json as { error?: Record<string, unknown> } | undefined;
  return body && typeof body.error === 'object' && body.error !== null ? body.error : undefined;
}

/** A refusal: the expected status (or class), an error body, and never data. */
export function expectRefusal(exchange: Exchange, status: number | '4xx', what: string): void {
  const ok = status === '4xx' ? exchange.status >= 400 && exchange.status < 500 : exchange.status === status;
  expectThat(ok && errorOf(exchange) !== undefined, `${what}: HTTP ${status} with an error body`, describeExchange(exchange), exchange);
}
