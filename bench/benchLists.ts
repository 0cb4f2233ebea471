import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { CompanyFile } from '../simulator/desktop/CompanyFile.ts';
import { parseDoc } from '../simulator/desktop/storage/CompanyFileStore.ts';
import type { JsonObject, JsonValue } from '../simulator/desktop/values/json.ts';
import { QueryEngine, type QueryParams } from '../simulator/desktop/queries/QueryEngine.ts';
import type { TypeRegistry } from '../simulator/desktop/engine/TypeRegistry.ts';
import type { OperationSpec } from '../simulator/spec/types.ts';
import { median } from './latencyStats.ts';

export interface FilterTiming {
  resource: string;
  parameter: string;
  value: string;
  matches: number;
  /** Median of first pages on a fresh query engine each time: no plan, count or page cached. */
  coldMs: number;
  /** The same query asked again before any write (plan, count and first page cached). */
  warmMs: number;
}

export interface SequenceMemory {
  sequences: number;
  listSize: number;
  heapGrowthMb: number;
  rssGrowthMb: number;
  liveAfter: number;
}

export interface ListsResult {
  memory: SequenceMemory;
  filters: FilterTiming[];
  /** Parameters of the measured lists with no benchmark value rule: listed, never silently left out. */
  unmeasured: string[];
}

const COLD_RUNS = 5;
const WARM_RUNS = 20;
const LIMIT = 150;
const SEQUENCES = 10_000;

/** A full collection, repeated until the heap stops shrinking (the seeding just before left a lot to free). */
function gcNow(): () => void {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return () => {
    let last = Infinity;
    for (let i = 0; i < 10; i += 1) {
      gc();
      const used = process.memoryUsage().heapUsed;
      if (used >= last * 0.99) return;
      last = used;
    }
  };
}

/** Ids of what objects of the list point at through `field` (at the top or in their lines). */
function referencedId(docs: readonly JsonObject[], field: string): string | undefined {
  for (const doc of docs) {
    const direct = doc[field];
    if (direct && typeof direct === 'object' && !Array.isArray(direct) && typeof direct['id'] === 'string') return direct['id'];
    for (const line of Array.isArray(doc['lines']) ? doc['lines'] : []) {
      const nested = (line as JsonObject)[field];
      if (nested && typeof nested === 'object' && !Array.isArray(nested) && typeof nested['id'] === 'string') return nested['id'];
    }
  }
  return undefined;
}

/** A value for a filter that selects a realistic share of the list, taken from the list itself. */
function valueFor(parameter: string, docs: readonly JsonObject[]): JsonValue | undefined {
  const mid = docs[docs.length >> 1] ?? {};
  const text = (field: string): string => String(mid[field] ?? '');
  const five = (field: string): string[] => docs.slice(0, 5).map((d) => String(d[field]));
  switch (parameter) {
    case 'ids':
      return five('id');
    case 'fullNames':
    case 'names':
      return five('fullName');
    case 'refNumbers':
      return five('refNumber');
    case 'status':
      return 'all';
    case 'paymentStatus':
      return 'not_paid';
    case 'nameContains':
      return text('fullName').toLowerCase().slice(1, 4);
    case 'nameStartsWith':
      return text('fullName').slice(0, 2);
    case 'nameEndsWith':
      return text('fullName').slice(-3);
    case 'nameFrom':
      return text('fullName').slice(0, 1);
    case 'nameTo':
      return text('fullName').slice(0, 2);
    case 'refNumberContains':
      return text('refNumber').slice(1, 3);
    case 'refNumberStartsWith':
      return text('refNumber').slice(0, 2);
    case 'refNumberEndsWith':
      return text('refNumber').slice(-2);
    case 'refNumberFrom':
      return text('refNumber');
    case 'refNumberTo':
      return text('refNumber');
    case 'updatedAfter':
    case 'updatedBefore':
      return text('updatedAt');
    case 'transactionDateFrom':
    case 'transactionDateTo':
      return text('transactionDate');
    case 'totalBalance':
      return '0.00';
    case 'totalBalanceGreaterThan':
    case 'totalBalanceGreaterThanOrEqualTo':
    case 'totalBalanceLessThan':
    case 'totalBalanceLessThanOrEqualTo':
      return '100.00';
    default:
      if (parameter.endsWith('Ids')) {
        // Nothing in the list points there (a one-currency file): an id of the list itself, which nothing names.
        const id = referencedId(docs, parameter.slice(0, -3)) ?? docs[0]?.['id'];
        return typeof id === 'string' ? [id] : undefined;
      }
      return undefined;
  }
}

/** Parameters that choose objects (paging and output options are not filters). */
const NOT_FILTERS = new Set(['cursor', 'limit', 'includeLineItems', 'includeLinkedTransactions', 'excludeAlternateShippingAddresses']);

function timeFirstPage(file: CompanyFile, objectType: string, params: QueryParams, fresh: boolean, engine: QueryEngine): { ms: number; matches: number } {
  const queries = fresh ? new QueryEngine(file) : engine;
  const started = performance.now();
  const page = queries.firstPage(objectType, params, LIMIT);
  const ms = performance.now() - started;
  return { ms, matches: page.remaining + page.count };
}

/** A list the bench measures: its list operation (GET on the resource's path) and the type it lists. */
export function listsOf(resources: readonly string[], operations: ReadonlyMap<string, OperationSpec>, types: TypeRegistry): { op: OperationSpec; objectType: string }[] {
  return resources.map((resource) => {
    const op = [...operations.values()].find((o) => o.method === 'get' && o.path === `/ledger-desktop/${resource}`);
    const model = types.forResource(resource);
    if (!op || !model) throw new Error(`no list operation or type for ${resource}`);
    return { op, objectType: model.objectType };
  });
}

/** The first page of every filter of the given lists, cold and warm. */
export function benchFilters(file: CompanyFile, lists: readonly { op: OperationSpec; objectType: string }[]): Pick<ListsResult, 'filters' | 'unmeasured'> {
  const filters: FilterTiming[] = [];
  const unmeasured: string[] = [];
  for (const { op, objectType } of lists) {
    const docs = file.store.rowReads.allOf(objectType).slice(0, 2_000).map((doc) => parseDoc<JsonObject>(doc));
    const resource = op.path.split('/').at(-1) ?? op.path;
    for (const parameter of op.parameters.filter((p) => p.in === 'query' && !NOT_FILTERS.has(p.name))) {
      const value = valueFor(parameter.name, docs);
      if (value === undefined || value === '') {
        unmeasured.push(`${resource}.${parameter.name}`);
        continue;
      }
      const params: QueryParams = { [parameter.name]: value };
      const cold = Array.from({ length: COLD_RUNS }, () => timeFirstPage(file, objectType, params, true, new QueryEngine(file)));
      const engine = new QueryEngine(file);
      const warm = Array.from({ length: WARM_RUNS }, () => timeFirstPage(file, objectType, params, false, engine));
      filters.push({
        resource,
        parameter: parameter.name,
        value: JSON.stringify(value).slice(0, 40),
        matches: cold[0]?.matches ?? 0,
        coldMs: median(cold.map((t) => t.ms)),
        warmMs: median(warm.map((t) => t.ms)),
      });
    }
  }
  return { filters, unmeasured };
}

/** Opens 10,000 sequences of one page each and leaves them: what they hold stays in the process until they expire. */
function measureSequences(file: CompanyFile, objectType: string): SequenceMemory {
  const gc = gcNow();
  const engine = new QueryEngine(file);
  const listSize = engine.firstPage(objectType, {}, 1).remaining + 1;
  gc();
  const before = process.memoryUsage();
  for (let i = 0; i < SEQUENCES; i += 1) engine.firstPage(objectType, {}, 1);
  gc();
  const after = process.memoryUsage();
  const heap = (m: NodeJS.MemoryUsage): number => m.heapUsed + m.external + m.arrayBuffers;
  return {
    sequences: SEQUENCES,
    listSize,
    heapGrowthMb: (heap(after) - heap(before)) / 1e6,
    rssGrowthMb: (after.rss - before.rss) / 1e6,
    liveAfter: engine.iterators.liveCount,
  };
}

/**
 * On a seeded company file: the memory 10,000 abandoned sequences keep, and the first page of
 * every filter of the given lists, cold and warm.
 */
export function benchLists(file: CompanyFile, lists: readonly { op: OperationSpec; objectType: string }[]): ListsResult {
  const memory = measureSequences(file, lists[0]?.objectType ?? 'ldg_customer');
  return { memory, ...benchFilters(file, lists) };
}
