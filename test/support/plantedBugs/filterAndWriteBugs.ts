import { randomBytes } from 'node:crypto';
import { copyRequest, errorOf, isObject, jsonOf, onRequest, onResponse, pageOf, withJson, withParam, type PlantedBug, type ProxyRequest, type ProxyResponse } from './proxyExchange.ts';

/** An empty answer in the envelope of the list asked for: paged lists carry the cursor fields, unpaged ones do not. */
function emptyPage(response: ProxyResponse, request: ProxyRequest, paged: boolean): ProxyResponse {
  const envelope = { objectType: 'list', url: request.url.pathname, data: [] };
  return withJson(response, paged ? { ...envelope, nextCursor: null, remainingCount: 0, hasMore: false } : envelope, 200);
}

function jsonBody(request: ProxyRequest): Record<string, unknown> | undefined {
  if (request.body === undefined) return undefined;
  try {
    const body: unknown = JSON.parse(request.body);
    return isObject(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

const withBody = (request: ProxyRequest, body: Record<string, unknown>): ProxyRequest => copyRequest(request, { body: JSON.stringify(body) });

const idsReturnExtra: PlantedBug = {
  does: 'returns one object more than the ids asked for',
  handler: onResponse(async (response, request, ctx) => {
    const page = pageOf(response);
    if (!page || !request.url.searchParams.has('ids') || request.url.searchParams.has('cursor')) return response;
    const unfiltered = new URL(request.url.pathname, request.url);
    unfiltered.searchParams.set('limit', String(Math.min(150, page.data.length + 1)));
    const asked = new Set(page.data.map((item) => String(item['id'])));
    const extra = pageOf(await ctx.forward(copyRequest(request, { url: unfiltered })))?.data.find((item) => !asked.has(String(item['id'])));
    return extra ? withJson(response, { ...page, data: [...page.data, extra] }) : response;
  }),
};

/**
 * When an exact-match filter fails, asks for each value alone and answers with the values that
 * exist, dropping the others without a word.
 */
function missingValuesIgnored(params: readonly string[], does: string): PlantedBug {
  return {
    does,
    handler: onResponse(async (response, request, ctx) => {
      const name = params.find((p) => request.url.searchParams.has(p));
      if (name === undefined || request.method !== 'GET' || !errorOf(response)) return response;
      const values = request.url.searchParams.getAll(name);
      const found: string[] = [];
      for (const value of values) {
        const alone = pageOf(await ctx.forward(withParam(request, name, value)));
        if (alone && alone.data.length > 0) found.push(value);
      }
      if (found.length === values.length) return response;
      const paged = ctx.operation(request)?.parameters.some((p) => p.name === 'cursor') ?? true;
      return found.length === 0 ? emptyPage(response, request, paged) : ctx.forward(withParam(request, name, found));
    }),
  };
}

const inactiveMeansAll: PlantedBug = {
  does: 'answers status=inactive with every object, active ones included',
  handler: onRequest((request) => (request.url.searchParams.get('status') === 'inactive' ? withParam(request, 'status', 'all') : request)),
};

const dateRangeEndExcluded: PlantedBug = {
  does: 'leaves the last day of a transactionDateFrom/To range out',
  handler: onRequest((request) => {
    const to = request.url.searchParams.get('transactionDateTo') ?? '';
    const day = /^\d{4}-\d{2}-\d{2}$/.test(to) ? Date.parse(`${to}T00:00:00Z`) : Number.NaN;
    return Number.isNaN(day) ? request : withParam(request, 'transactionDateTo', new Date(day - 86_400_000).toISOString().slice(0, 10));
  }),
};

const updateIgnoresCustomerFields: PlantedBug = {
  does: 'answers customer updates with a new revision but applies none of the fields sent',
  handler: onRequest((request, ctx) => {
    const body = jsonBody(request);
    if (!body || ctx.operation(request)?.operationId !== 'customers.update') return request;
    return withBody(request, { revisionNumber: body['revisionNumber'] });
  }),
};

const unknownBodyKeyDropped: PlantedBug = {
  does: 'silently drops body keys the operation does not know instead of refusing the request',
  handler: onRequest((request, ctx) => {
    const body = jsonBody(request);
    const schema = ctx.operation(request)?.requestBody;
    const known = schema?.['properties'] as Record<string, unknown> | undefined;
    // A body that takes any key (passthrough's: the desktop's own request elements) has none unknown.
    if (!body || !known || schema?.['additionalProperties'] !== false) return request;
    const kept = Object.fromEntries(Object.entries(body).filter(([key]) => key in known));
    return Object.keys(kept).length === Object.keys(body).length ? request : withBody(request, kept);
  }),
};

const createdMissingFromIdsList: PlantedBug = {
  does: 'leaves objects created through it out of lists filtered by ids',
  handler: () => {
    const created = new Set<string>();
    return async (request, ctx) => {
      const response = await ctx.forward(request);
      const id = jsonOf(response)?.['id'];
      if (response.status === 200 && ctx.operation(request)?.operationId.endsWith('.create') && typeof id === 'string') created.add(id);
      const page = pageOf(response);
      if (!page || !request.url.searchParams.has('ids')) return response;
      const kept = page.data.filter((item) => !created.has(String(item['id'])));
      return kept.length === page.data.length ? response : withJson(response, { ...page, data: kept });
    };
  },
};

const staleRevisionAccepted: PlantedBug = {
  does: 'updates with the current revisionNumber whatever revisionNumber was sent',
  handler: onRequest(async (request, ctx) => {
    const body = jsonBody(request);
    if (!body || request.method !== 'POST' || !ctx.operation(request)?.operationId.endsWith('.update') || !('revisionNumber' in body)) return request;
    const { 'content-type': _type, ...headers } = request.headers;
    const current = jsonOf(await ctx.forward({ method: 'GET', url: new URL(request.url.pathname, request.url), headers, body: undefined }));
    const revision = current?.['revisionNumber'];
    return typeof revision === 'string' ? withBody(request, { ...body, revisionNumber: revision }) : request;
  }),
};

const duplicateNameRenamed: PlantedBug = {
  does: 'accepts a name already in use by quietly appending a suffix',
  handler: () => async (request, ctx) => {
    const response = await ctx.forward(request);
    const body = jsonBody(request);
    const name = body?.['name'];
    if (!body || typeof name !== 'string' || errorOf(response)?.['integrationCode'] !== '3100' || !ctx.operation(request)?.operationId.endsWith('.create')) return response;
    return ctx.forward(withBody(request, { ...body, name: `${name.slice(0, 34)} (${randomBytes(2).toString('hex')})` }));
  },
};

/** Answers a delete with the documented shape but never removes anything. */
const deleteAnswersButKeeps: PlantedBug = {
  does: 'answers a transaction delete as done without deleting it',
  handler: () => async (request, ctx) => {
    if (request.method !== 'DELETE' || !ctx.operation(request)?.path.startsWith('/ledger-desktop/')) return ctx.forward(request);
    const { 'content-type': _type, ...headers } = request.headers;
    const current = await ctx.forward({ ...request, method: 'GET', headers, body: undefined });
    const found = jsonOf(current);
    if (current.status !== 200 || !found) return current;
    return withJson(current, { id: found['id'], objectType: found['objectType'], ...('refNumber' in found ? { refNumber: found['refNumber'] } : {}), deleted: true });
  },
};

/** Carries out a void as a delete, and answers with the void's shape. */
const voidDeletes: PlantedBug = {
  does: 'deletes a transaction it is asked to void',
  handler: () => async (request, ctx) => {
    if (request.method !== 'POST' || !request.url.pathname.endsWith('/void')) return ctx.forward(request);
    const item = new URL(request.url.pathname.replace(/\/void$/, ''), request.url);
    const { 'content-type': _type, ...headers } = request.headers;
    const before = jsonOf(await ctx.forward({ ...request, method: 'GET', url: item, headers, body: undefined }));
    const deleted = await ctx.forward({ ...request, method: 'DELETE', url: item, headers, body: undefined });
    if (deleted.status !== 200 || !before) return deleted;
    const refNumber = 'refNumber' in before ? { refNumber: before['refNumber'] } : {};
    return withJson(deleted, { id: before['id'], objectType: before['objectType'], createdAt: before['createdAt'], updatedAt: before['updatedAt'], ...refNumber, voided: true });
  },
};

/** Records payments without applying them to what they name. */
const paymentNotApplied: PlantedBug = {
  does: 'creates a payment but applies it to nothing',
  handler: onRequest((request, ctx) => {
    const body = jsonBody(request);
    if (!body || !('applyToTransactions' in body) || ctx.operation(request)?.operationId !== 'receivePayments.create') return request;
    const { applyToTransactions: _dropped, ...rest } = body;
    return withBody(request, rest);
  }),
};

/** Deletes a paid invoice anyway: its payments go first, so the desktop has nothing to refuse. */
const linkedDeleteAllowed: PlantedBug = {
  does: 'deletes an invoice that payments are applied to, deleting the payments with it',
  handler: () => async (request, ctx) => {
    if (request.method !== 'DELETE' || ctx.operation(request)?.operationId !== 'invoices.delete') return ctx.forward(request);
    const { 'content-type': _type, ...headers } = request.headers;
    const invoice = jsonOf(await ctx.forward({ ...request, method: 'GET', headers, body: undefined }));
    const linked = Array.isArray(invoice?.['linkedTransactions']) ? (invoice['linkedTransactions'] as unknown[]).filter(isObject) : [];
    for (const link of linked) {
      const url = new URL(`/v1/ledger-desktop/receive-payments/${encodeURIComponent(String(link['id']))}`, request.url);
      await ctx.forward({ ...request, url, headers, body: undefined });
    }
    return ctx.forward(request);
  },
};

export const FILTER_AND_WRITE_BUGS = {
  'payment-not-applied': paymentNotApplied,
  'linked-delete-allowed': linkedDeleteAllowed,
  'delete-answers-but-keeps': deleteAnswersButKeeps,
  'void-deletes': voidDeletes,
  'ids-return-extra': idsReturnExtra,
  'missing-id-ignored': missingValuesIgnored(['ids'], 'drops ids that do not exist and answers with the rest'),
  'missing-name-ignored': missingValuesIgnored(['fullNames', 'names', 'refNumbers'], 'drops fullNames / names / refNumbers that do not exist and answers with the rest'),
  'inactive-means-all': inactiveMeansAll,
  'date-range-end-excluded': dateRangeEndExcluded,
  'update-ignores-customer-fields': updateIgnoresCustomerFields,
  'unknown-body-key-dropped': unknownBodyKeyDropped,
  'created-missing-from-ids-list': createdMissingFromIdsList,
  'stale-revision-accepted': staleRevisionAccepted,
  'duplicate-name-renamed': duplicateNameRenamed,
} satisfies Record<string, PlantedBug>;
