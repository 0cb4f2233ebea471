import type { IncomingMessage } from 'node:http';
import type { JsonObject, JsonValue } from '../desktop/json.ts';
import { describeIssue, type OperationValidators } from '../spec/compileValidators.ts';
import type { OperationSpec } from '../spec/types.ts';
import { authenticate } from './authenticate.ts';
import { authSessionHandlers } from './handlers/authSessionHandlers.ts';
import { desktopHandlerFor } from './handlers/desktopHandlers.ts';
import { endUserHandlers } from './handlers/endUserHandlers.ts';
import type { RouteResult } from './matchRoute.ts';
import { parseHeaderParameters, parseQuery } from './parseQuery.ts';
import { parseJsonObject, readBody } from './readBody.ts';
import { resolveDataTarget } from './resolveDataTarget.ts';
import { ServiceError } from './ServiceError.ts';
import type { Handler, RequestNote, ResponseBody, ServiceDeps, ServiceRequest } from './types.ts';

const NAMED_HANDLERS: Record<string, Handler> = { ...endUserHandlers, ...authSessionHandlers };

/** Every operation of the spec must have a handler; a gap stops the start, not a request. */
export function handlerTable(operations: Iterable<OperationSpec>): Map<string, Handler> {
  const table = new Map<string, Handler>();
  for (const op of operations) {
    const handler = NAMED_HANDLERS[op.operationId] ?? desktopHandlerFor(op);
    if (!handler) throw new Error(`spec operation ${op.operationId} has no handler in the simulator`);
    table.set(op.operationId, handler);
  }
  return table;
}

function invalid(field: string, message: string): ServiceError {
  return ServiceError.of('INVALID_REQUEST', field ? `Invalid request at "${field}": ${message}` : `Invalid request: ${message}`);
}

/** Runs one of an operation's validators; the first problem becomes a 400 naming its field. */
function validate(check: OperationValidators[keyof OperationValidators], value: JsonValue): void {
  if (check && !check(value)) {
    const issue = describeIssue(check.errors);
    throw invalid(issue.field, issue.message);
  }
}

/**
 * One `/v1` request from start to the JSON of its 200 body: auth, route, validation by the spec's
 * validators, end user and company file, then the operation's handler. The body is read whole
 * before anything is decided, so every answer leaves the connection ready for the next request.
 */
export async function handleApiRequest(
  deps: ServiceDeps,
  route: (method: string, path: string) => RouteResult,
  handlers: ReadonlyMap<string, Handler>,
  req: IncomingMessage,
  requestId: string,
  note: RequestNote = {},
): Promise<ResponseBody> {
  const bytes = await readBody(req);
  const url = new URL(req.url ?? '/', 'https://sandbox.invalid');
  const project = authenticate(deps.state, req.headers.authorization);
  note.projectId = project.id;
  if (bytes && bytes.length > 0) note.requestBody = bytes;
  const routed = route(req.method ?? 'GET', url.pathname);
  if (routed.kind === 'none') throw ServiceError.of('ROUTE_NOT_FOUND', `Unrecognized request URL (${req.method} ${url.pathname}).`);
  if (routed.kind === 'method') {
    throw ServiceError.of('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${url.pathname}; use ${routed.allowed.join(' or ')}.`);
  }
  if (routed.kind === 'badParam') throw invalid(routed.name, `"${routed.raw}" is not valid percent-encoding`);
  const { op, pathParams } = routed.match;
  note.operationId = op.operationId;
  const validators = deps.validators.get(op.operationId);
  if (!validators) throw new Error(`no validators for ${op.operationId}`);
  validate(validators.path, { ...pathParams });
  const headerParams = parseHeaderParameters(op, req.headers);
  validate(validators.headers, headerParams);
  const timeout = headerParams['Service-Timeout-Seconds'];

  const endUserHeader = req.headers['service-end-user-id'];
  if (typeof endUserHeader === 'string') note.endUserId = endUserHeader;
  const target = op.parameters.some((p) => p.in === 'header' && p.name === 'Service-End-User-Id')
    ? resolveDataTarget(deps, project, endUserHeader)
    : undefined;

  const sentQuery = parseQuery(op, url.searchParams);
  const query = structuredClone(sentQuery);
  validate(validators.query, query);
  let body: JsonObject = {};
  // Operations that take no body ignore one, as the Service does; the rest must send JSON.
  if (validators.body) {
    const parsed = parseJsonObject(bytes, req.headers['content-type']);
    if (parsed === undefined) throw invalid('', 'a JSON body is required');
    validate(validators.body, parsed);
    body = parsed;
  }
  const handler = handlers.get(op.operationId);
  if (!handler) throw new Error(`no handler for ${op.operationId}`);
  const request: ServiceRequest = { requestId, op, project, pathParams, query, sentQuery, body, target, url: `/v1${op.path}`, timeoutSeconds: typeof timeout === 'number' ? timeout : undefined };
  if (!target) return handler(request, deps);
  const clock = deps.clocks.forProject(project.id);
  try {
    const json = await handler(request, deps);
    deps.state.recordRequest(target.connection.id, clock.now(), true);
    return json;
  } catch (error) {
    deps.state.recordRequest(target.connection.id, clock.now(), false);
    throw error;
  }
}
