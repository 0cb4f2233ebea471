import { MISSING_ID } from '../checks/filters/idsMissing.ts';
import { requiredParameters, reportTypesOf } from '../checks/reports/reportAnswers.ts';
import type { SendOptions } from '../runner/httpClient.ts';
import { isDataOperation, type SpecModel, type SpecOperation, type SpecParameter } from '../runner/specModel.ts';

export type Query = NonNullable<SendOptions['query']>;

/** Where a probe's id comes from: an object the reference listed, first or last of a list's first page. */
export interface IdSource {
  operationId: string;
  pick: 'first' | 'last';
  /** The query parameter it goes in; without one, the path's `{id}`. */
  param?: string;
}

/** One read the run sends to both targets, as the spec and the table below make it. */
export interface Probe {
  id: string;
  operationId: string;
  kind: string;
  /** Breadth first: every operation's round 0 before any round 1, so a budget cut keeps coverage. */
  round: number;
  path: string;
  query: Query;
  idFrom?: IdSource;
  /** Walk the list to its end in two pages, then ask once more with the last cursor. */
  afterEnd?: boolean;
}

export interface Period {
  from: string;
  to: string;
}

/** The Service's largest page (the spec states only the smallest). */
export const PAGE_LIMIT_MAX = 150;

type ProbeDraft = Omit<Probe, 'id' | 'operationId' | 'kind' | 'round'> & { detail?: string };

/** What to ask of one kind of operation: a row per kind of read, the operations it applies to found in the spec. */
interface Ask {
  kind: string;
  round: number;
  probes(op: SpecOperation, spec: SpecModel, period: Period): ProbeDraft[];
}

const queryParam = (op: SpecOperation, name: string): SpecParameter | undefined => op.parameters.find((p) => p.in === 'query' && p.name === name);
const hasPathId = (op: SpecOperation): boolean => op.path.includes('{id}');
export const isReport = (op: SpecOperation): boolean => op.path.startsWith('/ledger-desktop/reports/');
const listOf = (spec: SpecModel, op: SpecOperation): SpecOperation | undefined => spec.byId.get(op.operationId.replace(/\.retrieve$/, '.list'));
/** The list naming the objects a parameter refers to: `vendorId` -> `vendors.list`. */
const listForParam = (spec: SpecModel, name: string): SpecOperation | undefined => spec.byId.get(`${name.replace(/Id$/, '')}s.list`);

/**
 * Required query parameters with values the spec allows: an enumerated one its plainest value, an id
 * one an object the reference listed; undefined when one cannot be given.
 */
function requiredQuery(op: SpecOperation, spec: SpecModel, period: Period): { query: Query; idFrom?: IdSource } | undefined {
  const query: Query = {};
  let idFrom: IdSource | undefined;
  for (const p of op.parameters.filter((q) => q.in === 'query' && q.required)) {
    const values = (p.schema.enum ?? p.schema.items?.enum ?? []).map(String);
    if (values.length > 0) {
      query[p.name] = p.schema.type === 'array' ? [values[0] ?? ''] : (values[0] ?? '');
      continue;
    }
    const list = p.name.endsWith('Id') ? listForParam(spec, p.name) : undefined;
    if (p.name === 'fiscalYear') query[p.name] = Number(period.to.slice(0, 4));
    else if (list && !idFrom) idFrom = { operationId: list.operationId, pick: 'first', param: p.name };
    else return undefined;
  }
  return { query, ...(idFrom ? { idFrom } : {}) };
}

/** Filters clients use most, each asked alone where the operation takes it. */
const COMMON_FILTERS: { detail: string; query(period: Period): Query }[] = [
  { detail: 'status=all', query: () => ({ status: 'all' }) },
  { detail: 'status=inactive', query: () => ({ status: 'inactive' }) },
  { detail: 'transaction dates', query: (period) => ({ transactionDateFrom: period.from, transactionDateTo: period.to }) },
  { detail: 'updatedAfter', query: (period) => ({ updatedAfter: period.from }) },
  { detail: 'paymentStatus=not_paid', query: () => ({ paymentStatus: 'not_paid' }) },
  { detail: 'includeLinkedTransactions', query: () => ({ includeLinkedTransactions: true }) },
  { detail: 'nameStartsWith=A', query: () => ({ nameStartsWith: 'A' }) },
];

/** The first parameter a nonsense value is refused for: one the spec enumerates, or a date. */
const badFilterParam = (op: SpecOperation): SpecParameter | undefined =>
  op.parameters.find((p) => p.in === 'query' && p.name !== 'reportType' && p.schema.type === 'string' && (p.schema.enum !== undefined || p.schema.format === 'date'));

/**
 * A report over the period, and as of its end wherever a parameter offers that (`agingAsOf`,
 * `openBalanceAsOf`): "today" is another day on each target (a sandbox's clock may be moved).
 */
function reportQuery(op: SpecOperation, period: Period, reportType: string): Query {
  const asOfEnd = op.parameters.filter((p) => p.in === 'query' && p.schema.enum?.includes('report_end_date')).map((p) => [p.name, 'report_end_date']);
  return {
    reportType,
    ...requiredParameters(op, Number(period.to.slice(0, 4))),
    ...(queryParam(op, 'reportDateFrom') ? { reportDateFrom: period.from } : {}),
    ...(queryParam(op, 'reportDateTo') ? { reportDateTo: period.to } : {}),
    ...Object.fromEntries(asOfEnd),
  };
}

const ASKS: Ask[] = [
  {
    kind: 'first-page',
    round: 0,
    probes: (op, spec, period) => {
      if (!op.list || hasPathId(op)) return [];
      const required = requiredQuery(op, spec, period);
      return required ? [{ path: op.path, ...required }] : [];
    },
  },
  { kind: 'object', round: 0, probes: (op) => (op.list || hasPathId(op) || isReport(op) ? [] : [{ path: op.path, query: {} }]) },
  {
    kind: 'report',
    round: 1,
    probes: (op, _spec, period) => (isReport(op) ? reportTypesOf(op).slice(0, 1).map((t) => ({ path: op.path, query: reportQuery(op, period, t), detail: t })) : []),
  },
  {
    kind: 'retrieve',
    round: 1,
    probes: (op, spec) => {
      const list = listOf(spec, op);
      if (!hasPathId(op) || !list) return [];
      return (['first', 'last'] as const).map((pick) => ({ path: op.path, query: {}, idFrom: { operationId: list.operationId, pick }, detail: `${pick} listed` }));
    },
  },
  { kind: 'unknown-id', round: 2, probes: (op) => (hasPathId(op) ? [{ path: op.path.replace('{id}', MISSING_ID), query: {} }] : []) },
  {
    kind: 'limit-out-of-range',
    round: 2,
    probes: (op) => (queryParam(op, 'limit') ? [0, PAGE_LIMIT_MAX + 1].map((limit) => ({ path: op.path, query: { limit }, detail: `limit=${limit}` })) : []),
  },
  {
    kind: 'bad-filter',
    round: 2,
    probes: (op, spec, period) => {
      const param = badFilterParam(op);
      const required = isReport(op) ? { query: reportQuery(op, period, reportTypesOf(op)[0] ?? '') } : requiredQuery(op, spec, period);
      if (!param || !required || hasPathId(op)) return [];
      return [{ path: op.path, ...required, query: { ...required.query, [param.name]: 'no-such-value' }, detail: `${param.name}=no-such-value` }];
    },
  },
  {
    kind: 'filter',
    round: 3,
    probes: (op, _spec, period) => {
      if (!op.list || hasPathId(op) || op.parameters.some((p) => p.in === 'query' && p.required)) return [];
      return COMMON_FILTERS.map((f) => ({ path: op.path, query: f.query(period), detail: f.detail })).filter((d) => Object.keys(d.query).every((name) => queryParam(op, name)));
    },
  },
  { kind: 'after-end', round: 3, probes: (op) => (op.paginated && !op.parameters.some((p) => p.in === 'query' && p.required) ? [{ path: op.path, query: {}, afterEnd: true }] : []) },
  {
    kind: 'report',
    round: 4,
    probes: (op, _spec, period) => (isReport(op) ? reportTypesOf(op).slice(1).map((t) => ({ path: op.path, query: reportQuery(op, period, t), detail: t })) : []),
  },
];

/**
 * Every read of a drift run, in the order it is sent: the spec's GET operations on a company file
 * (those of the account, its end users, differ between deployments by nature), each asked what the
 * table says of its kind. `only` keeps the operations whose id starts with one of its prefixes.
 */
export function driftPlan(spec: SpecModel, period: Period, only?: readonly string[]): Probe[] {
  const ops = spec.operations.filter((op) => op.method === 'GET' && isDataOperation(op) && (!only || only.some((prefix) => op.operationId === prefix || op.operationId.startsWith(`${prefix.replace(/\.$/, '')}.`))));
  const probes: Probe[] = [];
  for (const ask of ASKS) {
    for (const op of ops) {
      for (const draft of ask.probes(op, spec, period)) {
        const { detail, ...probe } = draft;
        probes.push({ ...probe, id: `${op.operationId} ${ask.kind}${detail ? ` ${detail}` : ''}`, operationId: op.operationId, kind: ask.kind, round: ask.round });
      }
    }
  }
  return probes.sort((a, b) => a.round - b.round);
}
