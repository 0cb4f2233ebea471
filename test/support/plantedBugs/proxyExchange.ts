import { randomBytes } from 'node:crypto';
import type { OperationSpec } from '../../../simulator/spec/types.ts';

/** A request as the proxy received it; bugs hand a changed copy to `forward`. */
export interface ProxyRequest {
  method: string;
  /** Path and query (`/v1/ledger-desktop/customers?limit=5`) on a placeholder origin. */
  url: URL;
  /** Lower-case names; hop-by-hop headers are already gone. */
  headers: Record<string, string>;
  body: string | undefined;
}

export interface ProxyResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What a planted bug may use: the real sandbox behind it, the spec's routes and the demo identity. */
export interface BugContext {
  forward(request: ProxyRequest): Promise<ProxyResponse>;
  /** The spec operation a request is for, or undefined (`/_sandbox/...`, unknown paths). */
  operation(request: ProxyRequest): OperationSpec | undefined;
  secretKey: string;
  endUserId: string;
}

export type BugHandler = (request: ProxyRequest, ctx: BugContext) => Promise<ProxyResponse>;

/** One broken rule the proxy can plant. */
export interface PlantedBug {
  /** What the broken Service does, in one line. */
  does: string;
  /** The plain-HTTP listener forwards to the Service instead of refusing. */
  servesPlainHttp?: boolean;
  /** Makes a fresh handler (with fresh state) each time the bug is planted. */
  handler?: () => BugHandler;
}

export type Json = Record<string, unknown>;
export type ListPage = Json & { data: Json[] };

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export function jsonOf(response: ProxyResponse): Json | undefined {
  try {
    const value: unknown = JSON.parse(response.body);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function withJson(response: ProxyResponse, body: unknown, status = response.status): ProxyResponse {
  return { status, headers: response.headers, body: JSON.stringify(body) };
}

/** The body of a paged list's 200 answer, or undefined for anything else. */
export function pageOf(response: ProxyResponse): ListPage | undefined {
  if (response.status !== 200) return undefined;
  const body = jsonOf(response);
  if (!body || body['objectType'] !== 'list' || !Array.isArray(body['data']) || !('nextCursor' in body)) return undefined;
  return { ...body, data: body['data'].filter(isObject) };
}

/** The error object of an error answer, or undefined. */
export function errorOf(response: ProxyResponse): Json | undefined {
  if (response.status < 400) return undefined;
  const error = jsonOf(response)?.['error'];
  return isObject(error) ? error : undefined;
}

export function copyRequest(request: ProxyRequest, change: { url?: URL; headers?: Record<string, string>; body?: string | undefined } = {}): ProxyRequest {
  return { method: request.method, url: change.url ?? new URL(request.url), headers: change.headers ?? { ...request.headers }, body: 'body' in change ? change.body : request.body };
}

/** A copy of the request with one query parameter replaced (or removed with `undefined`). */
export function withParam(request: ProxyRequest, name: string, values: string | readonly string[] | undefined): ProxyRequest {
  const url = new URL(request.url);
  url.searchParams.delete(name);
  for (const value of values === undefined ? [] : typeof values === 'string' ? [values] : values) url.searchParams.append(name, value);
  return copyRequest(request, { url });
}

/** An answer made up by the proxy itself, in the Service's error shape with a matching request id. */
export function serviceError(status: number, code: string, type: string, message: string): ProxyResponse {
  const requestId = `req_${randomBytes(8).toString('hex')}`;
  const error = { message, userFacingMessage: 'An internal server error occurred. Please try again.', type, code, httpStatusCode: status, requestId };
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', 'service-request-id': requestId }, body: JSON.stringify({ error }) };
}

/** A bug that only changes what is sent to the Service. */
export function onRequest(change: (request: ProxyRequest, ctx: BugContext) => ProxyRequest | Promise<ProxyRequest>): () => BugHandler {
  return () => async (request, ctx) => ctx.forward(await change(request, ctx));
}

/** A bug that only changes what the Service answered. */
export function onResponse(change: (response: ProxyResponse, request: ProxyRequest, ctx: BugContext) => ProxyResponse | Promise<ProxyResponse>): () => BugHandler {
  return () => async (request, ctx) => change(await ctx.forward(request), request, ctx);
}

export const isPagedList = (request: ProxyRequest, ctx: BugContext): boolean => {
  const op = ctx.operation(request);
  return request.method === 'GET' && op?.paginated === true;
};
