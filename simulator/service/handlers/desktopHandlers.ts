import type { JsonValue } from '../../desktop/values/json.ts';
import type { OperationSpec } from '../../spec/types.ts';
import { resourceOf } from '../../spec/resourceSchemas.ts';
import type { CallOptions } from '../../desktop/DesktopApplication.ts';
import { fromDesktop } from '../desktopErrors.ts';
import { ServiceError } from '../ServiceError.ts';
import { describeIssue } from '../../spec/compileValidators.ts';
import { passthroughKind, type BodyCheck } from '../../desktop/passthrough/answerPassthrough.ts';
import type { DataTarget, Handler, ServiceDeps, ServiceRequest } from '../types.ts';

const DEFAULT_LIMIT = 150;

function targetOf(req: ServiceRequest): DataTarget {
  if (!req.target) throw new Error(`${req.op.operationId} reached a desktop handler without an end user`);
  return req.target;
}

function objectTypeOf(req: ServiceRequest, deps: ServiceDeps): string {
  const resource = resourceOf(req.op) ?? '';
  const model = deps.host.types.forResource(resource);
  if (!model) throw new Error(`no object type for resource ${resource}`);
  return model.objectType;
}

/**
 * The envelope is written around the stored bytes of the objects: nothing stored is parsed or
 * encoded again, and the parts go to the socket one after the other without being copied together.
 */
function envelope(url: string, data: Buffer | readonly Buffer[], paging: { cursor: string | null; remaining: number } | undefined): Buffer[] {
  const head = Buffer.from(`{"objectType":"list","url":${JSON.stringify(url)},"data":[`);
  const tail = paging ? `],"nextCursor":${JSON.stringify(paging.cursor)},"remainingCount":${paging.remaining},"hasMore":${paging.remaining > 0}}` : ']}';
  return [head, ...(Buffer.isBuffer(data) ? [data] : data), Buffer.from(tail)];
}

function withoutPaging(query: Record<string, JsonValue>): Record<string, JsonValue> {
  const { cursor: _cursor, limit: _limit, ...rest } = query;
  return rest;
}

/** How long the Service waits for the desktop application unless `Service-Timeout-Seconds` says otherwise. */
const DEFAULT_TIMEOUT_SECONDS = 90;
const HEALTH_TIMEOUT_SECONDS = 60;
const WRITE_VERBS = new Set(['create', 'update', 'delete', 'void']);

/**
 * Sends one request to the desktop side and waits for its answer, at most the request's time-out
 * on the project's clock: then 504, and the desktop is told (it may still carry out a write).
 */
async function desktopCall<T>(req: ServiceRequest, deps: ServiceDeps, work: (call: CallOptions) => Promise<T>, write = WRITE_VERBS.has(req.op.operationId.split('.')[1] ?? '')): Promise<T> {
  const { desktop, endUser } = targetOf(req);
  const seconds = req.timeoutSeconds ?? (req.op.operationId === 'healthCheck.retrieve' ? HEALTH_TIMEOUT_SECONDS : DEFAULT_TIMEOUT_SECONDS);
  // Nothing slow switched on and nothing queued: the answer cannot be late, so no timer is set.
  if (desktop.machine.idle && desktop.queueDepth === 0) {
    try {
      return await work({ operationId: req.op.operationId });
    } catch (error) {
      throw fromDesktop(error, endUser.id);
    }
  }
  const gaveUp = new AbortController();
  const answered = new AbortController();
  const answer = work({ operationId: req.op.operationId, timeoutMs: seconds * 1000, signal: gaveUp.signal });
  try {
    const late = deps.clocks
      .forProject(req.project.id)
      .sleep(seconds * 1000, answered.signal)
      .then(() => 'late' as const);
    const first = await Promise.race([answer, late]);
    if (first !== 'late') return first;
    gaveUp.abort();
    // The desktop's answer (or its failure) comes later and goes nowhere.
    answer.catch(() => undefined);
    throw ServiceError.of('LDG_REQUEST_TIMEOUT', `The desktop application did not answer within ${seconds} seconds.${write ? ' The write may still be carried out: read the object before sending it again.' : ''}`, {
      // A write sent again may be done twice (there are no idempotency keys): the client must look first.
      shouldRetry: !write,
    });
  } catch (error) {
    throw fromDesktop(error, endUser.id);
  } finally {
    answered.abort();
  }
}

/** Lists without a cursor whose answer still has the paged envelope (templates): every match, on one page. */
const onePageEnvelope = new WeakMap<OperationSpec, boolean>();
function answersOnOnePage(op: OperationSpec): boolean {
  let known = onePageEnvelope.get(op);
  if (known === undefined) {
    known = JSON.stringify(op.responseBody ?? {}).includes('"nextCursor"');
    onePageEnvelope.set(op, known);
  }
  return known;
}

const list: Handler = async (req, deps) => {
  const { desktop } = targetOf(req);
  const type = objectTypeOf(req, deps);
  const limit = typeof req.query['limit'] === 'number' ? req.query['limit'] : undefined;
  if (!req.op.paginated) {
    const data = await desktopCall(req, deps, (call) => desktop.list(type, withoutPaging(req.query), limit, call));
    return envelope(req.url, data, answersOnOnePage(req.op) ? { cursor: null, remaining: 0 } : undefined);
  }
  const cursor = typeof req.query['cursor'] === 'string' ? req.query['cursor'] : undefined;
  // Both sides of the cursor comparison carry the spec's defaults; a cursor sent alone is not compared.
  const sentFilters = Object.keys(withoutPaging(req.sentQuery)).length > 0;
  const params = cursor === undefined || sentFilters ? withoutPaging(req.query) : {};
  const page = await desktopCall(req, deps, (call) => desktop.query(type, params, limit ?? DEFAULT_LIMIT, cursor, call));
  return envelope(req.url, page.data, page);
};

const retrieve: Handler = async (req, deps) => {
  const type = objectTypeOf(req, deps);
  const { desktop } = targetOf(req);
  const id = req.pathParams['id'];
  const doc = await desktopCall(req, deps, (call) => (id === undefined ? desktop.single(type, call) : desktop.retrieve(type, id, call)));
  return JSON.stringify(doc);
};

const create: Handler = async (req, deps) => {
  const doc = await desktopCall(req, deps, (call) => targetOf(req).desktop.add(objectTypeOf(req, deps), req.body, call));
  return JSON.stringify(doc);
};

const update: Handler = async (req, deps) => {
  const doc = await desktopCall(req, deps, (call) => targetOf(req).desktop.modify(objectTypeOf(req, deps), req.pathParams['id'] ?? '', req.body, call));
  return JSON.stringify(doc);
};

const remove: Handler = async (req, deps) => {
  const doc = await desktopCall(req, deps, (call) => targetOf(req).desktop.delete(objectTypeOf(req, deps), req.pathParams['id'] ?? '', call));
  return JSON.stringify(doc);
};

const voidTransaction: Handler = async (req, deps) => {
  const doc = await desktopCall(req, deps, (call) => targetOf(req).desktop.void(objectTypeOf(req, deps), req.pathParams['id'] ?? '', call));
  return JSON.stringify(doc);
};

const health: Handler = async (req, deps) => {
  const clock = deps.clocks.forProject(req.project.id);
  const started = clock.now();
  await desktopCall(req, deps, (call) => targetOf(req).desktop.ping(call));
  return JSON.stringify({ duration: clock.now() - started, status: 'ok' });
};

/** Every report endpoint: the family is the last segment of its path. */
const report: Handler = async (req, deps) => {
  const family = req.op.path.split('/').pop() ?? '';
  // Its JSON as the desktop side made it (on the report thread, for a file on disk).
  return desktopCall(req, deps, (call) => targetOf(req).desktop.report(family, req.query, call));
};

/** The typed writes' operations by resource and verb (`invoices` + `create`), whose body validators check a passthrough write. */
const writeOperations = new WeakMap<ServiceDeps, Map<string, string>>();

/** A passthrough add or modify is checked with the same validator as the typed write of its type. */
function bodyCheck(deps: ServiceDeps): BodyCheck {
  let ops = writeOperations.get(deps);
  if (!ops) {
    ops = new Map([...deps.operations.values()].flatMap((op) => (resourceOf(op) && !op.path.startsWith('/ledger-desktop/reports/') ? [[`${resourceOf(op) ?? ''}:${op.operationId.split('.')[1] ?? ''}`, op.operationId] as const] : [])));
    writeOperations.set(deps, ops);
  }
  const known = ops;
  return (objectType, verb, body) => {
    const resource = deps.host.types.modelOf(objectType).row.resource;
    const operationId = resource === undefined ? undefined : known.get(`${resource}:${verb}`);
    const check = operationId === undefined ? undefined : deps.validators.get(operationId)?.body;
    if (!check) return `the Service cannot ${verb} ${objectType}`;
    if (check(body)) return undefined;
    const issue = describeIssue(check.errors);
    return issue.field ? `${issue.field}: ${issue.message}` : issue.message;
  };
}

/** One request of the desktop's own vocabulary, answered in it; its writes are waited for as writes are. */
const passthrough: Handler = async (req, deps) => {
  const write = passthroughKind(req.body) !== 'list';
  const answer = await desktopCall(req, deps, (call) => targetOf(req).desktop.passthrough(req.body, bodyCheck(deps), call), write);
  return JSON.stringify(answer);
};

const BY_VERB: Readonly<Record<string, Handler>> = { list, retrieve, create, update, delete: remove, void: voidTransaction };

/** The generic handler for a `/ledger-desktop/*` operation, chosen by the verb of its operationId. */
export function desktopHandlerFor(op: OperationSpec): Handler | undefined {
  if (op.operationId === 'healthCheck.retrieve') return health;
  if (op.operationId === 'endUsers.passthrough') return passthrough;
  if (!op.path.startsWith('/ledger-desktop/')) return undefined;
  if (op.path.startsWith('/ledger-desktop/reports/')) return report;
  const verb = op.operationId.split('.')[1] ?? '';
  return Object.hasOwn(BY_VERB, verb) ? BY_VERB[verb] : undefined;
}
