import type { JsonValue } from '../../desktop/json.ts';
import type { OperationSpec } from '../../spec/types.ts';
import { fromDesktop } from '../desktopErrors.ts';
import type { DataTarget, Handler, ServiceDeps, ServiceRequest } from '../types.ts';

const DEFAULT_LIMIT = 150;

function targetOf(req: ServiceRequest): DataTarget {
  if (!req.target) throw new Error(`${req.op.operationId} reached a desktop handler without an end user`);
  return req.target;
}

function objectTypeOf(req: ServiceRequest, deps: ServiceDeps): string {
  const resource = req.op.operationId.split('.')[0] ?? '';
  const type = deps.resourceTypes.get(resource);
  if (!type) throw new Error(`no object type for resource ${resource}`);
  return type;
}

const COMMA = Buffer.from(',');

/**
 * The envelope is written around the stored bytes of each object: nothing stored is parsed or
 * encoded again, and the page goes to the socket as one buffer.
 */
function pageEnvelope(url: string, items: Buffer[], cursor: string | null, remaining: number): Buffer {
  const parts: Buffer[] = [Buffer.from(`{"objectType":"list","url":${JSON.stringify(url)},"data":[`)];
  items.forEach((item, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(item);
  });
  parts.push(Buffer.from(`],"nextCursor":${JSON.stringify(cursor)},"remainingCount":${remaining},"hasMore":${remaining > 0}}`));
  return Buffer.concat(parts);
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

const list: Handler = async (req, deps) => {
  const { desktop } = targetOf(req);
  const type = objectTypeOf(req, deps);
  const limit = typeof req.query['limit'] === 'number' ? req.query['limit'] : DEFAULT_LIMIT;
  const cursor = typeof req.query['cursor'] === 'string' ? req.query['cursor'] : undefined;
  // Both sides of the cursor comparison carry the spec's defaults; a cursor sent alone is not compared.
  const sentFilters = Object.keys(withoutPaging(req.sentQuery)).length > 0;
  const params = cursor === undefined || sentFilters ? withoutPaging(req.query) : {};
  const page = await desktopCall(() => desktop.query(type, params, limit, cursor));
  return pageEnvelope(req.url, page.items, page.cursor, page.remaining);
};

const retrieve: Handler = async (req, deps) => {
  const doc = await desktopCall(() => targetOf(req).desktop.retrieve(objectTypeOf(req, deps), req.pathParams['id'] ?? ''));
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

const BY_VERB: Record<string, Handler> = { list, retrieve, create, update };

/** The generic handler for a `/ledger-desktop/*` operation, chosen by the verb of its operationId. */
export function desktopHandlerFor(op: OperationSpec): Handler | undefined {
  if (op.operationId === 'healthCheck.retrieve') return health;
  if (!op.path.startsWith('/ledger-desktop/')) return undefined;
  return BY_VERB[op.operationId.split('.')[1] ?? ''];
}
