import type { Exchange, HttpClient } from './httpClient.ts';

/** The target cannot be used at all: the run stops with one message and exit code 3. */
export class TargetUnavailable extends Error {}

/** What the runner learned of the target before any check: how long a read takes there. */
export interface TargetFacts {
  /** Median milliseconds of a few reads (the health check and a list page). */
  readMs: number;
}

const HEALTH_PATH = '/ledger-desktop/health-check';

interface ErrorBody {
  code?: unknown;
  message?: unknown;
  integrationCode?: unknown;
}

const errorOf = (exchange: Exchange): ErrorBody | undefined => (exchange.json as { error?: ErrorBody } | undefined)?.error;

/** Why a target that gave this answer cannot be checked, or undefined when it can. */
export function unavailableBecause(exchange: Exchange, endUserId: string): string | undefined {
  const error = errorOf(exchange);
  const said = error ? `${String(error.code)}${error.integrationCode ? ` (${String(error.integrationCode)})` : ''}: ${String(error.message)}` : `HTTP ${exchange.status} ${exchange.text.slice(0, 200)}`;
  if (exchange.networkError !== undefined) {
    if (/certificate|self.signed|TLS|SSL|ERR_TLS|UNABLE_TO_VERIFY/i.test(exchange.networkError)) {
      return `the target's TLS certificate is not trusted (${exchange.networkError}): pass --ca-cert FILE with the CA that signed it`;
    }
    return `cannot reach the target: ${exchange.networkError}`;
  }
  if (exchange.status === 401) return `the target refused the API key: ${said}`;
  if (exchange.status === 404 && error?.code === 'RESOURCE_MISSING') return `the target does not know end user ${endUserId} in the key's project: ${said}`;
  if (exchange.status === 409 && typeof error?.code === 'string' && error.code.startsWith('INTEGRATION_CONNECTION')) return `end user ${endUserId} has no usable connection: ${said}`;
  if (exchange.status === 502 && error?.code === 'LDG_CONNECTION_ERROR') return `the desktop application cannot serve end user ${endUserId}: ${said}`;
  if (exchange.status === 504) return `the desktop application does not answer within the Service's time-out, even after retries: ${said}`;
  return undefined;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Asks the target what every check needs before any runs: reachable, TLS trusted, key accepted, end
 * user known, connection usable, desktop answering (the health check does all of it; its transient
 * answers are retried on the target's advice). Throws TargetUnavailable with what the target said.
 */
export async function preflight(client: HttpClient): Promise<TargetFacts> {
  const health = await client.send({ path: HEALTH_PATH });
  const why = unavailableBecause(health, client.config.endUserId);
  if (why) throw new TargetUnavailable(why);
  const times = [health.ms];
  const again = await client.send({ path: HEALTH_PATH });
  if (again.status === 200) times.push(again.ms);
  return { readMs: median(times) };
}
