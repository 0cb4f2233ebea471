import type { Request, RequestHandler } from 'express';
import type { JsonObject, JsonValue } from '../desktop/values/json.ts';
import { describeIssue, type OperationValidators } from '../spec/compileValidators.ts';
import type { OperationSpec } from '../spec/types.ts';
import { authSessionHandlers } from './handlers/authSessionHandlers.ts';
import { desktopHandlerFor } from './handlers/desktopHandlers.ts';
import { endUserHandlers } from './handlers/endUserHandlers.ts';
import type { OperationHandler } from './apiRouter.ts';
import { answerJson, exchangeOf, type Exchange } from './exchange.ts';
import { parseHeaderParameters, parseQuery } from './parseQuery.ts';
import { bodyBytes, parseJsonObject } from './readBody.ts';
import { resolveDataTarget } from './resolveDataTarget.ts';
import { ServiceError } from './ServiceError.ts';
import type { Handler, ResponseBody, ServiceDeps, ServiceRequest } from './types.ts';
import { StreamedJson } from '../desktop/reportThread/StreamedJson.ts';

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

/** Once the key is checked, a `/v1` request is the project's: it goes into the project's request log, with its body. */
export const noteForLog: RequestHandler = (req, res, next) => {
  const exchange = exchangeOf(res);
  exchange.note.projectId = exchange.project?.id;
  const bytes = bodyBytes(req);
  if (bytes) exchange.note.requestBody = bytes;
  next();
};

/** Express's handler for each spec operation: the JSON of its 200 body, or the error it throws. */
export function serveOperations(deps: ServiceDeps): OperationHandler {
  const handlers = handlerTable(deps.operations.values());
  return (op, req, res, next) => {
    const exchange = exchangeOf(res);
    runOperation(deps, handlers, op, req, exchange)
      // Checked against the spec, a streamed report is sent whole: the check needs all of it before any is sent.
      .then(async (answer) => (deps.responseChecker && answer instanceof StreamedJson ? answer.whole() : answer))
      .then((json) => {
        const refusal = deps.responseChecker?.refusal(op.operationId, 200, json, exchange.requestId);
        if (refusal) throw refusal;
        answerJson(res, json);
      })
      .catch(next);
  };
}

/**
 * One `/v1` operation, once express has read the whole body, the key was checked and the route
 * found: validation by the spec's validators, end user and company file, then the handler.
 */
async function runOperation(deps: ServiceDeps, handlers: ReadonlyMap<string, Handler>, op: OperationSpec, req: Request, exchange: Exchange): Promise<ResponseBody> {
  const { project, note, requestId } = exchange;
  if (!project) throw new Error('an operation ran before its key was checked');
  const url = new URL(req.originalUrl, 'https://sandbox.invalid');
  // The spec's paths have only single-segment parameters: each is one string.
  const pathParams = Object.fromEntries(Object.entries(req.params).map(([name, value]) => [name, String(value)]));
  note.operationId = op.operationId;
  const validators = deps.validators.get(op.operationId);
  if (!validators) throw new Error(`no validators for ${op.operationId}`);
  validate(validators.path, { ...pathParams });
  const headerParams = parseHeaderParameters(op, req.headers);
  validate(validators.headers, headerParams);
  const timeout = headerParams['Service-Timeout-Seconds'];

  const endUserHeader = req.headers['service-end-user-id'];
  if (typeof endUserHeader === 'string') note.endUserId = endUserHeader;
  // Passthrough names its end user in the path, not in the header.
  const endUserInPath = op.path.startsWith('/end-users/{id}/') ? pathParams['id'] : undefined;
  if (endUserInPath !== undefined) note.endUserId = endUserInPath;
  const target = op.parameters.some((p) => p.in === 'header' && p.name === 'Service-End-User-Id')
    ? resolveDataTarget(deps, project, endUserHeader)
    : endUserInPath !== undefined
      ? resolveDataTarget(deps, project, endUserInPath)
      : undefined;

  const sentQuery = parseQuery(op, url.searchParams);
  const query = structuredClone(sentQuery);
  validate(validators.query, query);
  let body: JsonObject = {};
  // Operations that take no body ignore one, as the Service does; the rest must send JSON.
  if (validators.body) {
    const parsed = parseJsonObject(bodyBytes(req), req.headers['content-type']);
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
