import { randomUUID } from 'node:crypto';
import {
  errorOf,
  isPagedList,
  onRequest,
  onResponse,
  pageOf,
  serviceError,
  withJson,
  withParam,
  type BugContext,
  type Json,
  type PlantedBug,
  type ProxyRequest,
  type ProxyResponse,
} from './proxyExchange.ts';

const MAX_LIMIT = 150;

/** Counts the pages of each walk by its cursor: 1 for the page that opened it, then one per request. */
class PageCounter {
  private readonly pages = new Map<string, number>();

  /** The number of this page in its walk, or undefined for a walk the proxy did not see open. */
  count(request: ProxyRequest, page: Json): number | undefined {
    const held = request.url.searchParams.get('cursor');
    if (held === null) {
      if (typeof page['nextCursor'] === 'string') this.pages.set(page['nextCursor'], 1);
      return 1;
    }
    const before = this.pages.get(held);
    if (before === undefined) return undefined;
    this.pages.set(held, before + 1);
    return before + 1;
  }
}

const cursorPerPage: PlantedBug = {
  does: 'hands out a fresh cursor on every page and maps it back to the real one on the next request',
  handler: () => {
    const real = new Map<string, string>();
    return async (request, ctx) => {
      const held = request.url.searchParams.get('cursor');
      const mapped = held === null ? undefined : real.get(held);
      const response = await ctx.forward(mapped ? withParam(request, 'cursor', mapped) : request);
      const page = pageOf(response);
      if (!page || typeof page['nextCursor'] !== 'string') return response;
      const fresh = randomUUID();
      real.set(fresh, page['nextCursor']);
      return withJson(response, { ...page, nextCursor: fresh });
    };
  },
};

const remainingCountOffByOne: PlantedBug = {
  does: 'reports remainingCount one higher than the objects still to come',
  handler: onResponse((response) => {
    const page = pageOf(response);
    return page && typeof page['remainingCount'] === 'number' ? withJson(response, { ...page, remainingCount: page['remainingCount'] + 1 }) : response;
  }),
};

interface OpenWalk {
  /** The filters of the request that opened the walk (no cursor, no limit). */
  filters: URLSearchParams;
  delivered: number;
}

function walkRequest(request: ProxyRequest, filters: URLSearchParams, limit: string | null, cursor: string | undefined): ProxyRequest {
  const url = new URL(request.url);
  url.search = filters.toString();
  if (limit !== null) url.searchParams.set('limit', limit);
  if (cursor !== undefined) url.searchParams.set('cursor', cursor);
  return { ...request, url };
}

/**
 * Never lets a cursor expire: on CURSOR_EXPIRED it walks the same filters again from the start,
 * skips what the client already has, answers the next page, and from then on serves the client's
 * old cursor from the new walk. The client sees one cursor that lives forever, on any target.
 */
const cursorNeverExpires: PlantedBug = {
  does: 'answers a late page by re-walking behind the scenes instead of failing with CURSOR_EXPIRED',
  handler: () => {
    const walks = new Map<string, OpenWalk>();
    const alias = new Map<string, string>();

    const resume = async (request: ProxyRequest, ctx: BugContext, held: string, walk: OpenWalk): Promise<ProxyResponse | undefined> => {
      let cursor: string | undefined;
      for (let skip = walk.delivered; skip > 0; ) {
        const skipped = pageOf(await ctx.forward(walkRequest(request, walk.filters, String(Math.min(MAX_LIMIT, skip)), cursor)));
        if (!skipped || typeof skipped['nextCursor'] !== 'string') return undefined;
        skip -= skipped.data.length;
        cursor = skipped['nextCursor'];
      }
      const response = await ctx.forward(walkRequest(request, walk.filters, request.url.searchParams.get('limit'), cursor));
      const page = pageOf(response);
      if (!page) return undefined;
      if (typeof page['nextCursor'] === 'string') {
        alias.set(held, page['nextCursor']);
        walks.set(page['nextCursor'], { filters: walk.filters, delivered: walk.delivered + page.data.length });
      }
      return withJson(response, { ...page, nextCursor: typeof page['nextCursor'] === 'string' ? held : null });
    };

    return async (request, ctx) => {
      const held = request.url.searchParams.get('cursor');
      const real = held === null ? undefined : (alias.get(held) ?? held);
      const response = await ctx.forward(real !== undefined && real !== held ? withParam(request, 'cursor', real) : request);
      const walk = real === undefined ? undefined : walks.get(real);
      if (held !== null && walk && errorOf(response)?.['code'] === 'CURSOR_EXPIRED') {
        return (await resume(request, ctx, held, walk)) ?? response;
      }
      const page = pageOf(response);
      if (!page || typeof page['nextCursor'] !== 'string') return response;
      if (walk) walk.delivered += page.data.length;
      else if (held === null) {
        const filters = new URLSearchParams(request.url.search);
        filters.delete('limit');
        walks.set(page['nextCursor'], { filters, delivered: page.data.length });
      }
      return held !== null && real !== held ? withJson(response, { ...page, nextCursor: held }) : response;
    };
  },
};

const emptyPageAfterLast: PlantedBug = {
  does: 'answers a page asked after the last one with an empty 200 page instead of NO_MORE_RESULTS',
  handler: onResponse((response, request) =>
    errorOf(response)?.['code'] === 'NO_MORE_RESULTS'
      ? withJson(response, { objectType: 'list', url: request.url.pathname, data: [], nextCursor: null, remainingCount: 0, hasMore: false }, 200)
      : response,
  ),
};

const limitClamped: PlantedBug = {
  does: 'clamps a limit above 150 to 150 instead of refusing it',
  handler: onRequest((request) => {
    const limit = Number(request.url.searchParams.get('limit') ?? Number.NaN);
    return limit > MAX_LIMIT ? withParam(request, 'limit', String(MAX_LIMIT)) : request;
  }),
};

/** Pages after the first ignore a small limit and come twice as large; the counts stay true. */
const limitIgnoredOnLaterPages: PlantedBug = {
  does: 'serves pages after the first with twice the limit asked for',
  handler: onRequest((request) => {
    const limit = Number(request.url.searchParams.get('limit') ?? Number.NaN);
    const later = request.url.searchParams.has('cursor');
    return later && limit < MAX_LIMIT ? withParam(request, 'limit', String(Math.min(MAX_LIMIT, limit * 2))) : request;
  }),
};

/**
 * Repeats the last object of a page in place of the first object of the next one, from the third
 * page of a walk on: on the second page it would also (rightly) break pagination.cursor-resend,
 * which reads pages 1 and 2, and the full-page walks of the test data never reach a third page.
 */
const repeatedAcrossPages: PlantedBug = {
  does: 'repeats the last object of a page as the first object of the next (from page 3 of a walk)',
  handler: () => {
    const counter = new PageCounter();
    const lastOf = new Map<string, Json>();
    return async (request, ctx) => {
      const response = await ctx.forward(request);
      const page = pageOf(response);
      if (!page) return response;
      const n = counter.count(request, page);
      const cursor = request.url.searchParams.get('cursor') ?? page['nextCursor'];
      if (n === undefined || typeof cursor !== 'string') return response;
      const previous = lastOf.get(cursor);
      const last = page.data.at(-1);
      if (last) lastOf.set(cursor, last);
      if (n < 3 || !previous || page.data.length === 0) return response;
      return withJson(response, { ...page, data: [previous, ...page.data.slice(1)] });
    };
  },
};

const defaultPageSize100: PlantedBug = {
  does: 'serves 100 objects per page when no limit is given, instead of 150',
  handler: onRequest((request, ctx) => (isPagedList(request, ctx) && !request.url.searchParams.has('limit') ? withParam(request, 'limit', '100') : request)),
};

const hasMoreOnLastPage: PlantedBug = {
  does: 'says hasMore: true on the last page',
  handler: onResponse((response) => {
    const page = pageOf(response);
    return page && page['hasMore'] === false ? withJson(response, { ...page, hasMore: true }) : response;
  }),
};

/**
 * Drops the first object of page 2 of every walk in pages smaller than 150, and lowers page 1's
 * remainingCount by one so the counts still add up: only the objects delivered are wrong.
 */
const objectDroppedFromSmallPages: PlantedBug = {
  does: 'loses one object on page 2 of a walk in small pages (counts adjusted to match)',
  handler: () => {
    const counter = new PageCounter();
    const dropping = new Set<string>();
    return async (request, ctx) => {
      const response = await ctx.forward(request);
      const page = pageOf(response);
      const limit = Number(request.url.searchParams.get('limit') ?? MAX_LIMIT);
      if (!page || !(limit < MAX_LIMIT)) return response;
      const n = counter.count(request, page);
      const cursor = page['nextCursor'];
      const remaining = page['remainingCount'];
      if (n === 1 && typeof cursor === 'string' && typeof remaining === 'number' && Math.min(limit, remaining) >= 2) {
        dropping.add(cursor);
        return withJson(response, { ...page, remainingCount: remaining - 1 });
      }
      const held = request.url.searchParams.get('cursor');
      if (n === 2 && held !== null && dropping.has(held)) return withJson(response, { ...page, data: page.data.slice(1) });
      return response;
    };
  },
};

const cursorWithFiltersRefused: PlantedBug = {
  does: 'refuses a cursor resent with the status filter as CURSOR_INVALID',
  handler: () => async (request, ctx) =>
    request.url.searchParams.has('cursor') && request.url.searchParams.has('status')
      ? serviceError(400, 'CURSOR_INVALID', 'INVALID_REQUEST_ERROR', 'The cursor was opened with other filters; resend it with the same filters or none.')
      : ctx.forward(request),
};

export const PAGINATION_BUGS = {
  'cursor-per-page': cursorPerPage,
  'remaining-count-off-by-one': remainingCountOffByOne,
  'cursor-never-expires': cursorNeverExpires,
  'empty-page-after-last': emptyPageAfterLast,
  'limit-151-clamped': limitClamped,
  'limit-ignored-on-later-pages': limitIgnoredOnLaterPages,
  'item-repeated-across-pages': repeatedAcrossPages,
  'default-page-size-100': defaultPageSize100,
  'has-more-on-last-page': hasMoreOnLastPage,
  'object-dropped-from-small-pages': objectDroppedFromSmallPages,
  'cursor-with-filters-refused': cursorWithFiltersRefused,
} satisfies Record<string, PlantedBug>;
