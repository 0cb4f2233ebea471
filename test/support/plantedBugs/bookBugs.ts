import { isObject, jsonOf, withJson, type PlantedBug } from './proxyExchange.ts';

/**
 * Keeps listing payments among those to deposit after a deposit took them: the list is answered
 * from what it showed before, as a cache that a deposit never clears would.
 */
const depositedPaymentStillWaiting: PlantedBug = {
  does: 'keeps listing a payment in payments-to-deposit after it was deposited',
  handler: () => {
    const seen = new Map<string, Record<string, unknown>>();
    return async (request, ctx) => {
      const response = await ctx.forward(request);
      const body = jsonOf(response);
      if (request.method !== 'GET' || !request.url.pathname.endsWith('/payments-to-deposit') || response.status !== 200 || !Array.isArray(body?.['data'])) return response;
      const data = Array.isArray(body?.['data']) ? (body['data'] as unknown[]).filter(isObject) : [];
      for (const entry of data) seen.set(String(entry['paymentTransactionId']), entry);
      const listed = new Set(data.map((entry) => String(entry['paymentTransactionId'])));
      const stale = [...seen.entries()].filter(([id]) => !listed.has(id)).map(([, entry]) => entry);
      return body && stale.length > 0 ? withJson(response, { ...body, data: [...data, ...stale] }) : response;
    };
  },
};

/** Answers the deleted-objects lists with nothing, as a deployment that never records deletions would. */
const deletionsForgotten: PlantedBug = {
  does: 'answers deleted-transactions and deleted-list-objects with no entries',
  handler: () => async (request, ctx) => {
    const response = await ctx.forward(request);
    const body = jsonOf(response);
    if (request.method !== 'GET' || !/\/deleted-(transactions|list-objects)$/.test(request.url.pathname) || response.status !== 200 || !Array.isArray(body?.['data'])) return response;
    return withJson(response, { ...body, data: [] });
  },
};

export const BOOK_BUGS = {
  'deletions-forgotten': deletionsForgotten,
  'deposited-payment-still-waiting': depositedPaymentStillWaiting,
} satisfies Record<string, PlantedBug>;
