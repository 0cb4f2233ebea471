import type { Exchange, HttpClient } from '../runner/httpClient.ts';
import { PAGE_LIMIT_MAX, type Probe, type Query } from './driftPlan.ts';

/** What the reference answered that later probes build on: each list's first-page ids and size. */
export interface Listed {
  ids: string[];
  /** Objects in the whole list: the first page's plus `remainingCount`; undefined when it does not say. */
  total: number | undefined;
}

export type Side = 'reference' | 'candidate';

/** A probe made concrete: its path with an id filled in, its query, and how many pages to walk first. */
export interface Request {
  path: string;
  query: Query;
  /** For `after-end`: the page size that reaches the end in two pages. */
  walkLimit?: number;
}

/** The request a probe stands for, or why it cannot be made from what the reference listed. */
export function requestOf(probe: Probe, listed: ReadonlyMap<string, Listed>): Request | { skip: string } {
  let { path, query } = probe;
  if (probe.idFrom) {
    const ids = listed.get(probe.idFrom.operationId)?.ids ?? [];
    const id = probe.idFrom.pick === 'first' ? ids[0] : ids.at(-1);
    if (id === undefined) return { skip: `${probe.idFrom.operationId} listed nothing on the reference` };
    if (probe.idFrom.param) query = { ...query, [probe.idFrom.param]: id };
    else path = path.replace('{id}', encodeURIComponent(id));
  }
  if (!probe.afterEnd) return { path, query };
  const total = listed.get(probe.operationId)?.total;
  if (total === undefined) return { skip: 'the reference did not say how long the list is' };
  // Two pages reach the end: more would cost seconds each on a real desktop for nothing new.
  if (total < 2 || total > 2 * PAGE_LIMIT_MAX) return { skip: `the list has ${total} objects: its end is not two pages away` };
  return { path, query, walkLimit: Math.ceil(total / 2) };
}

/** The path and query of a request, as a finding names it. */
export function requestLabel(request: Request): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(name, String(v));
  }
  const text = search.toString();
  const walked = request.walkLimit === undefined ? '' : ` (in pages of ${request.walkLimit}, then once more after the last)`;
  return `${request.path}${text ? `?${text}` : ''}${walked}`;
}

/**
 * Sends one request to one target; for `after-end`, walks the list in pages of `walkLimit` (three
 * at most) and asks once more with the last cursor, at once, while it lives.
 */
export async function ask(client: HttpClient, request: Request): Promise<Exchange> {
  if (request.walkLimit === undefined) return client.send({ path: request.path, query: request.query });
  const query = { ...request.query, limit: request.walkLimit };
  let cursor: string | undefined;
  for (let page = 0; page < 3; page += 1) {
    const exchange = await client.send({ path: request.path, query: { ...query, ...(cursor ? { cursor } : {}) } });
    const next = (exchange.json as { nextCursor?: unknown } | undefined)?.nextCursor;
    if (exchange.status !== 200 || typeof next !== 'string') {
      if (cursor === undefined) return exchange;
      break;
    }
    cursor = next;
  }
  return client.send({ path: request.path, query: { ...query, cursor } });
}
