import { randomBytes } from 'node:crypto';
import { errorOf, isObject, jsonOf, onRequest, onResponse, pageOf, serviceError, withJson, type PlantedBug, type ProxyRequest } from './proxyExchange.ts';

/** The form of a key the Service issues: `Bearer sk_<env>_<random>` (or pk_). */
const WELL_FORMED_KEY = /^Bearer\s+(sk|pk)_[a-z0-9]+_[a-z0-9]+$/i;

const withHeader = (request: ProxyRequest, name: string, value: string): ProxyRequest => ({ ...request, headers: { ...request.headers, [name]: value } });
const isDataPath = (request: ProxyRequest): boolean => /^\/v1\/ledger[-_]desktop\//.test(request.url.pathname);

const noKeyServed: PlantedBug = {
  does: 'serves a request that has no key, as if the project key had been sent',
  handler: onRequest((request, ctx) => (request.headers['authorization'] === undefined ? withHeader(request, 'authorization', `Bearer ${ctx.secretKey}`) : request)),
};

const malformedKeyAccepted: PlantedBug = {
  does: 'serves a request whose Authorization is not a key at all',
  handler: onRequest((request, ctx) => {
    const auth = request.headers['authorization'];
    return auth !== undefined && !WELL_FORMED_KEY.test(auth) ? withHeader(request, 'authorization', `Bearer ${ctx.secretKey}`) : request;
  }),
};

const unknownKeyAccepted: PlantedBug = {
  does: 'serves a request with a well-formed key it never issued',
  handler: onRequest((request, ctx) => {
    const auth = request.headers['authorization'];
    return auth !== undefined && WELL_FORMED_KEY.test(auth) && auth !== `Bearer ${ctx.secretKey}` ? withHeader(request, 'authorization', `Bearer ${ctx.secretKey}`) : request;
  }),
};

const endUserFilledIn: PlantedBug = {
  does: 'serves a data request without Service-End-User-Id for the project\'s end user',
  handler: onRequest((request, ctx) => (isDataPath(request) && request.headers['service-end-user-id'] === undefined ? withHeader(request, 'service-end-user-id', ctx.endUserId) : request)),
};

const unknownEndUserServed: PlantedBug = {
  does: 'serves a data request for an end user the project does not have from the real one\'s file',
  // Only end users the sandbox does not know: a second, real end user keeps its own file.
  handler: () => async (request, ctx) => {
    const response = await ctx.forward(request);
    const endUser = request.headers['service-end-user-id'];
    const unknownEndUser = response.status === 404 && String(errorOf(response)?.['message'] ?? '').startsWith('No end user');
    if (!isDataPath(request) || endUser === undefined || !unknownEndUser) return response;
    return ctx.forward(withHeader(request, 'service-end-user-id', ctx.endUserId));
  },
};

const plainHttpServed: PlantedBug = {
  does: 'serves data over plain HTTP',
  servesPlainHttp: true,
};

const errorWithoutUserFacingMessage: PlantedBug = {
  does: 'leaves userFacingMessage out of every error body',
  handler: onResponse((response) => {
    const error = errorOf(response);
    if (!error) return response;
    const { userFacingMessage: _dropped, ...rest } = error;
    return withJson(response, { error: rest });
  }),
};

const errorRequestIdMismatch: PlantedBug = {
  does: 'puts a request id in error bodies that is not the Service-Request-Id header',
  handler: onResponse((response) => {
    const error = errorOf(response);
    return error ? withJson(response, { error: { ...error, requestId: `req_${randomBytes(8).toString('hex')}` } }) : response;
  }),
};

const serverErrorOnUnknownParameter: PlantedBug = {
  does: 'crashes (500) on a query parameter the spec does not know',
  handler: () => async (request, ctx) => {
    const op = ctx.operation(request);
    const known = new Set(op?.parameters.filter((p) => p.in === 'query').map((p) => p.name));
    const unknown = op ? [...request.url.searchParams.keys()].find((name) => !known.has(name)) : undefined;
    return unknown === undefined ? ctx.forward(request) : serviceError(500, 'INTERNAL_SERVER_ERROR', 'INTERNAL_ERROR', `Cannot read properties of undefined (reading '${unknown}')`);
  },
};

/**
 * Every customer the Service returns (list, retrieve, create, update) carries a property the spec
 * does not have. On all of them, not only retrieve: a retrieve that differed from the create would
 * also (rightly) break writes.create-retrieve-list.
 */
const customerWithUnknownProperty: PlantedBug = {
  does: 'adds a property the spec does not know (`nickname`) to every customer it returns',
  handler: onResponse((response, request, ctx) => {
    if (response.status !== 200 || !ctx.operation(request)?.operationId.startsWith('customers.')) return response;
    const page = pageOf(response);
    if (page) return withJson(response, { ...page, data: page.data.map((c) => ({ ...c, nickname: 'planted' })) });
    const customer = jsonOf(response);
    return isObject(customer) ? withJson(response, { ...customer, nickname: 'planted' }) : response;
  }),
};

export const AUTH_AND_SCHEMA_BUGS = {
  'no-key-served': noKeyServed,
  'malformed-key-accepted': malformedKeyAccepted,
  'unknown-key-accepted': unknownKeyAccepted,
  'end-user-filled-in': endUserFilledIn,
  'unknown-end-user-served': unknownEndUserServed,
  'plain-http-served': plainHttpServed,
  'error-without-user-facing-message': errorWithoutUserFacingMessage,
  'error-request-id-mismatch': errorRequestIdMismatch,
  'server-error-on-unknown-parameter': serverErrorOnUnknownParameter,
  'customer-with-unknown-property': customerWithUnknownProperty,
} satisfies Record<string, PlantedBug>;
