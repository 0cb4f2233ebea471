import type { JsonValue } from '../../desktop/json.ts';
import type { OperationSpec } from '../../spec/types.ts';
import { resourceOf } from '../../spec/resourceSchemas.ts';
import { fromDesktop } from '../desktopErrors.ts';
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

async function desktopCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw fromDesktop(error);
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
    const data = await desktopCall(() => desktop.list(type, withoutPaging(req.query), limit));
    return envelope(req.url, data, answersOnOnePage(req.op) ? { cursor: null, remaining: 0 } : undefined);
  }
  const cursor = typeof req.query['cursor'] === 'string' ? req.query['cursor'] : undefined;
  // Both sides of the cursor comparison carry the spec's defaults; a cursor sent alone is not compared.
  const sentFilters = Object.keys(withoutPaging(req.sentQuery)).length > 0;
  const params = cursor === undefined || sentFilters ? withoutPaging(req.query) : {};
  const page = await desktopCall(() => desktop.query(type, params, limit ?? DEFAULT_LIMIT, cursor));
  return envelope(req.url, page.data, page);
};

const retrieve: Handler = async (req, deps) => {
  const type = objectTypeOf(req, deps);
  const { desktop } = targetOf(req);
  const id = req.pathParams['id'];
  const doc = await desktopCall(() => (id === undefined ? desktop.single(type) : desktop.retrieve(type, id)));
  return JSON.stringify(doc);
};

const create: Handler = async (req, deps) => {
  const doc = await desktopCall(() => targetOf(req).desktop.add(objectTypeOf(req, deps), req.body));
  return JSON.stringify(doc);
};

const update: Handler = async (req, deps) => {
  const doc = await desktopCall(() => targetOf(req).desktop.modify(objectTypeOf(req, deps), req.pathParams['id'] ?? '', req.body));
  return JSON.stringify(doc);
};

const health: Handler = async (req, deps) => {
  const clock = deps.clocks.forProject(req.project.id);
  const started = clock.now();
  await targetOf(req).desktop.ping();
  return JSON.stringify({ duration: clock.now() - started, status: 'ok' });
};

const BY_VERB: Readonly<Record<string, Handler>> = { list, retrieve, create, update };

/** The generic handler for a `/ledger-desktop/*` operation, chosen by the verb of its operationId. */
export function desktopHandlerFor(op: OperationSpec): Handler | undefined {
  if (op.operationId === 'healthCheck.retrieve') return health;
  if (!op.path.startsWith('/ledger-desktop/')) return undefined;
  const verb = op.operationId.split('.')[1] ?? '';
  return Object.hasOwn(BY_VERB, verb) ? BY_VERB[verb] : undefined;
}
