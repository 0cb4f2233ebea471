import type { Exchange } from './httpClient.ts';

/** A broken rule: what the rule expects, what came back, and the exchange that shows it. */
export class CheckFailure extends Error {
  constructor(
    readonly expected: string,
    readonly received: string,
    readonly exchange?: Exchange,
  ) {
    super(`expected ${expected}, received ${received}`);
  }
}

/** The check cannot run against this target; the reason is reported. */
export class CheckSkip extends Error {}

/** Short text of what an exchange brought back, for "received": an error object whole (its integrationCode is often the point), other bodies cut. */
export function describeExchange(exchange: Exchange): string {
  if (exchange.networkError) return `no answer (${exchange.networkError})`;
  const error = (exchange.json as { error?: unknown } | undefined)?.error;
  if (error !== undefined && typeof error === 'object') return `HTTP ${exchange.status} ${JSON.stringify({ error })}`;
  const text = exchange.text.length > 300 ? `${exchange.text.slice(0, 300)}...` : exchange.text;
  return `HTTP ${exchange.status} ${text}`;
}

export function expectThat(condition: boolean, expected: string, received: string | (() => string), exchange?: Exchange): asserts condition {
  if (!condition) throw new CheckFailure(expected, typeof received === 'function' ? received() : received, exchange);
}
