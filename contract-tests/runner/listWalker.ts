import type { CheckContext } from './checkTypes.ts';
import { CheckFailure, describeExchange } from './CheckFailure.ts';
import type { Exchange, SendOptions } from './httpClient.ts';
import type { SpecOperation } from './specModel.ts';

export type Item = Record<string, unknown> & { id?: unknown };

export interface Page {
  exchange: Exchange;
  data: Item[];
  nextCursor: unknown;
  remainingCount: unknown;
  hasMore: unknown;
}

export interface Walk {
  pages: Page[];
  items: Item[];
  /** What the target answered when asked once more with the walk's cursor right after its last page; undefined when not asked or the walk had no cursor. */
  afterEnd?: Exchange;
}

/**
 * The limit of a walk in small pages: three pages (two cursors and a last page show every rule a
 * walk is judged by), more where a third of the list would not stay under 150 (a small page holds at most 149); a list of more than
 * 745 objects is walked in full pages (150), its full walk. Each page costs seconds on a real desktop.
 */
export const smallLimit = (objects: number): number => (objects > 745 ? 150 : Math.max(1, Math.ceil(objects / Math.max(3, Math.floor(objects / 149) + 1))));

/** The cursor a request sent, or null for a walk's first page. */
const cursorSent = (exchange: Exchange | undefined): string | null => (exchange === undefined ? null : new URL(exchange.request.url).searchParams.get('cursor'));

/** Asks once more with a walk's cursor, at once after its last page while the cursor is alive. */
export async function askAfterEnd(ctx: CheckContext, op: SpecOperation, walked: Walk, limit: number): Promise<Walk> {
  const cursor = cursorSent(walked.pages.at(-1)?.exchange);
  return cursor === null ? walked : { ...walked, afterEnd: await ctx.client.send({ path: op.path, query: { limit, cursor } }) };
}

export const MAX_PAGES = 2000;

/** A page's objects, each with `id` set to what identifies it (a transactions row has `transactionId` instead). */
function pageOf(exchange: Exchange, op: SpecOperation): Page {
  const body = exchange.json as Record<string, unknown> | undefined;
  if (exchange.status !== 200 || !body || !Array.isArray(body['data'])) {
    throw new CheckFailure('a list page (HTTP 200 with data)', describeExchange(exchange), exchange);
  }
  const items = body['data'] as Item[];
  const data = op.identity === 'id' ? items : items.map((item) => ({ ...item, id: item[op.identity] }));
  return { exchange, data, nextCursor: body['nextCursor'], remainingCount: body['remainingCount'], hasMore: body['hasMore'] };
}

/**
 * Walks a paged list the way official clients do: the same filters and limit on every request plus
 * the cursor, until `nextCursor` is null or a page is empty. An unpaged list is one request, without
 * `limit` (there it cuts the answer short instead of sizing pages).
 */
export async function walk(ctx: CheckContext, op: SpecOperation, query: SendOptions['query'] = {}, limit?: number): Promise<Walk> {
  const pages: Page[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < MAX_PAGES; i += 1) {
    const exchange = await ctx.client.send({ path: op.path, query: { ...query, ...(limit && op.paginated ? { limit } : {}), ...(cursor ? { cursor } : {}) } });
    const page = pageOf(exchange, op);
    pages.push(page);
    if (typeof page.nextCursor !== 'string' || page.data.length === 0) break;
    cursor = page.nextCursor;
  }
  return { pages, items: pages.flatMap((p) => p.data) };
}

export async function firstPage(ctx: CheckContext, op: SpecOperation, query: SendOptions['query'] = {}): Promise<Page> {
  return pageOf(await ctx.client.send({ path: op.path, query }), op);
}

const fullKey = (op: SpecOperation, query: SendOptions['query'] = {}): string => `full:${op.operationId}:${JSON.stringify(query)}`;

/** The whole list, if a check has read it already (and the run has not written since); undefined otherwise. */
export const walkedList = (ctx: CheckContext, op: SpecOperation): Promise<Walk> | undefined => ctx.recall<Walk>(fullKey(op));

/**
 * The whole list in full pages, read once (until the run writes) and shared by the checks that
 * compare with it. A long unfiltered list is also asked once more after its end: its walk in small
 * pages would be this same walk (`smallLimit`), which is not read twice.
 */
export function fullList(ctx: CheckContext, op: SpecOperation, query: SendOptions['query'] = {}): Promise<Walk> {
  return ctx.memo(
    fullKey(op, query),
    async () => {
      const walked = await walk(ctx, op, query, 150);
      return op.paginated && Object.keys(query ?? {}).length === 0 && smallLimit(walked.items.length) === 150 ? askAfterEnd(ctx, op, walked, 150) : walked;
    },
    { untilWrite: true },
  );
}

export function idOf(item: Item): string {
  return String(item.id);
}

/** A list operation's sibling: `customers.list` -> `customers.retrieve`. */
export function sibling(ctx: CheckContext, op: SpecOperation, verb: string): SpecOperation | undefined {
  return ctx.spec.byId.get(op.operationId.replace(/\.list$/, `.${verb}`));
}

export function hasParam(op: SpecOperation, name: string): boolean {
  return op.parameters.some((p) => p.in === 'query' && p.name === name);
}
