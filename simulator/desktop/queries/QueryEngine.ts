import type { CompanyFile } from '../CompanyFile.ts';
import { parseTimeBound } from '../values/desktopTime.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { LIST_OBJECT_ID } from '../storage/IdAllocator.ts';
import { FirstPageCache } from './FirstPageCache.ts';
import { IteratorRegistry, type ListPosition, type QueryIterator } from './IteratorRegistry.ts';
import type { JsonValue } from '../values/json.ts';
import { parameterUse } from '../engine/filterBindings.ts';
import { EXACT_FILTERS, EXCLUSIVE_GROUPS, PAGING_PARAMETERS, type FilterContext } from '../storage/queryFilters.ts';
import { RequestInputError } from '../values/RequestInputError.ts';
import type { PageRow } from '../storage/CompanyFileStore.ts';
import { FEW_IN_ORDER, FEW_MATCHES, listPlanOf, type ListPlan } from './listPlan.ts';
import { ViewPages } from './ViewPages.ts';
import { outputOf, shapeForOutput } from './pageOutput.ts';
import { filterKeyOf, joinObjects, objectParts, type QueryPage, type QueryParams } from './queryPages.ts';

export type { QueryPage, QueryParams } from './queryPages.ts';

function rejectReversedRanges(params: QueryParams, offsetMinutes: number): void {
  const from = params['transactionDateFrom'];
  const to = params['transactionDateTo'];
  if (typeof from === 'string' && typeof to === 'string' && from > to) {
    throw new DesktopError(DESKTOP_STATUS.DATE_RANGE_REVERSED, `transactionDateFrom "${from}" is after transactionDateTo "${to}".`);
  }
  const after = typeof params['updatedAfter'] === 'string' ? parseTimeBound(params['updatedAfter'], offsetMinutes, 'lower') : undefined;
  const before = typeof params['updatedBefore'] === 'string' ? parseTimeBound(params['updatedBefore'], offsetMinutes, 'upper') : undefined;
  if (after !== undefined && before !== undefined && after > before) {
    throw new DesktopError(DESKTOP_STATUS.DATE_RANGE_REVERSED, 'updatedAfter is after updatedBefore.');
  }
  for (const group of EXCLUSIVE_GROUPS) {
    const used = group.filter((name) => name in params);
    if (used.length > 1) throw new RequestInputError(used[1] ?? '', `Use at most one of ${group.join(', ')}; got ${used.join(' and ')}.`);
  }
}

/** Counts are cached per query and kept while no write touches the type: a page of 100,000 should not count 100,000 each time. */
const MAX_CACHED_COUNTS = 1_000;
const MAX_CACHED_PLANS = 1_000;
/** Later pages kept (~12 KB each at 150 rows): every page of a 100,000-object list at 150 fits. */
const MAX_LATER_PAGES = 1_024;

/** A later page's rows as [seq, sort_key, ver], read while the type's last write was `write`. */
interface LaterPage {
  write: number;
  rows: [number, string, number][];
}

interface CachedCount {
  write: number;
  count: number;
}

/** A count, and when there are few matches the matches themselves as [seq, sort_key] in list order. */
interface Counted {
  count: number;
  matches?: [number, string][];
}

export interface QueryEngineOptions {
  /** See FEW_MATCHES; tests set 0 and Infinity to run both ways of reading a page. */
  fewMatches?: number;
}

/**
 * Runs list queries against one company file. The first page compiles the query, counts its
 * matches and opens a sequence on the file's write number; every page then reads the next `limit`
 * objects after the sequence's place, as they were at that write number (current rows born by
 * then, and past versions that were still alive). A page costs the page, whatever the list's size.
 */
export class QueryEngine {
  readonly iterators: IteratorRegistry<ListPlan>;
  private readonly counts = new Map<string, CachedCount>();
  private readonly plans = new Map<string, ListPlan>();
  private readonly firstPages = new FirstPageCache();
  private readonly laterPages = new Map<string, LaterPage>();
  private readonly fewMatches: number;
  private readonly viewPages: ViewPages;

  constructor(
    private readonly file: CompanyFile,
    options: QueryEngineOptions = {},
  ) {
    this.fewMatches = options.fewMatches ?? FEW_MATCHES;
    this.iterators = new IteratorRegistry<ListPlan>(file.clock, (type) => this.forgetUnseen(type));
    file.store.newestSnapshotOf = (type) => this.iterators.newestSnapshot(type);
    this.viewPages = new ViewPages(file);
  }

  firstPage(objectType: string, params: QueryParams, limit: number): QueryPage {
    const paged = this.file.modelOf(objectType).row.pagedView;
    if (paged) return this.viewPages.first(objectType, paged, params, limit);
    const filterKey = filterKeyOf(params);
    const plan = this.cachedPlanOf(objectType, params, filterKey);
    const snapshot = this.file.store.writeNumber;
    const { count: total, matches } = this.countOf(objectType, plan);
    const iterator = this.iterators.open({ objectType, filterKey, output: outputOf(params), plan, snapshot, total });
    const key = `${objectType}\u0000${this.file.offsetMinutes}\u0000${limit}\u0000${filterKey}`;
    const cached = this.firstPages.get(key, snapshot);
    if (cached) return this.answer(iterator, [cached.data], cached.count, cached.after, limit);
    // Found while counting, the matches are the first page's rows: no second pass over them.
    const page = matches ? this.deliver(iterator, matches.slice(0, limit).map(([seq, sortKey]) => ({ seq, sort_key: sortKey, ver: 0 })), limit) : this.page(iterator, limit);
    // Kept as one buffer: it is sent again and again, and one part writes faster than 300.
    const data = Buffer.concat(page.data);
    this.firstPages.set(key, snapshot, { data, count: iterator.delivered, after: iterator.after });
    return { ...page, data: [data] };
  }

  /** Every match at once, for the lists that have no pages; `limit` (no maximum) keeps the first ones. */
  all(objectType: string, params: QueryParams, limit: number | undefined): Buffer {
    const view = this.file.modelOf(objectType).row.view;
    if (view) return joinObjects(view(this.file.context(objectType), params).slice(0, limit).map((doc) => Buffer.from(JSON.stringify(doc))));
    const plan = this.planOf(objectType, params);
    const output = outputOf(params);
    const sql = `SELECT seq, doc, linked FROM objects WHERE ${plan.current} ORDER BY sort_key, seq${limit === undefined ? '' : ' LIMIT ?'}`;
    const rows = this.file.store.statement(sql).all(...plan.params, ...(limit === undefined ? [] : [limit])) as PageRow[];
    const { shape } = this.file.modelOf(objectType);
    return joinObjects(rows.map((row) => shapeForOutput(row, output, shape)));
  }

  nextPage(objectType: string, cursor: string, params: QueryParams, limit: number): QueryPage {
    const paged = this.file.modelOf(objectType).row.pagedView;
    if (paged) return this.viewPages.next(objectType, paged, cursor, params, limit);
    const sentFilters = Object.keys(params).some((k) => !PAGING_PARAMETERS.has(k));
    const iterator = this.iterators.resume(cursor, objectType, sentFilters ? filterKeyOf(params) : undefined);
    return this.page(iterator, limit);
  }

  /**
   * The next page of a sequence. A sequence whose snapshot is no older than the type's last write
   * sees the list as it is now, so its page after a place is the same for every such sequence:
   * those pages are kept until the type is written again (walkers of one list share them).
   */
  private page(iterator: QueryIterator<ListPlan>, limit: number): QueryPage {
    const { plan, snapshot, after } = iterator;
    const { sortKey, seq } = after;
    const few = iterator.total <= this.fewMatches;
    const typeWrite = this.file.store.lastWriteOf(iterator.objectType);
    const key = snapshot >= typeWrite ? `${iterator.objectType}\u0000${few ? 'few' : 'walk'}\u0000${limit}\u0000${seq}\u0000${sortKey}\u0000${plan.countKey}` : undefined;
    const kept = key === undefined ? undefined : this.laterPages.get(key);
    let raw = kept?.write === typeWrite ? kept.rows : undefined;
    if (!raw) {
      const p = plan.params;
      // Rows as arrays [seq, sort_key, ver]: 150 objects with named keys cost a quarter of the query.
      raw = this.file.store
        .statement(few ? plan.fewPageSql : plan.pageSql)
        .raw(true)
        .all(...p, snapshot, sortKey, seq, ...p, snapshot, sortKey, ...p, snapshot, snapshot, sortKey, seq, ...p, snapshot, snapshot, sortKey, limit) as [number, string, number][];
      if (key !== undefined) {
        if (this.laterPages.size >= MAX_LATER_PAGES) this.laterPages.clear();
        this.laterPages.set(key, { write: typeWrite, rows: raw });
      }
    }
    return this.deliver(
      iterator,
      raw.map(([rowSeq, rowSortKey, ver]) => ({ seq: rowSeq, sort_key: rowSortKey, ver })),
      limit,
    );
  }

  /** A page of the given rows (in list order), the sequence moved past them. */
  private deliver(iterator: QueryIterator<ListPlan>, rows: readonly { seq: number; sort_key: string; ver: number }[], limit: number): QueryPage {
    const last = rows.at(-1);
    const { shape } = this.file.modelOf(iterator.objectType);
    const data = objectParts(this.bytesOf(rows).map((row) => shapeForOutput(row, iterator.output, shape)));
    return this.answer(iterator, data, rows.length, last ? { sortKey: last.sort_key, seq: last.seq } : iterator.after, limit);
  }

  /** Moves the sequence past a page of `count` objects ending at `after`, and says what is left. */
  private answer(iterator: QueryIterator<ListPlan>, data: Buffer[], count: number, after: ListPosition, limit: number): QueryPage {
    iterator.after = after;
    iterator.delivered += count;
    // A walk that ran out early (it cannot, unless the count was wrong) ends rather than promising more.
    const remaining = count < limit ? 0 : iterator.total - iterator.delivered;
    if (remaining === 0) iterator.delivered = iterator.total;
    this.iterators.answered(iterator);
    return { data, count, cursor: remaining > 0 ? iterator.id : null, remaining };
  }

  /** The stored bytes of a page's rows: current ones from the page cache, past versions from the history. */
  private bytesOf(rows: readonly { seq: number; ver: number }[]): PageRow[] {
    const current = this.file.store.pages.read(rows.filter((r) => r.ver === 0).map((r) => r.seq));
    if (current.length === rows.length) return current;
    const bySeq = new Map(current.map((row) => [row.seq, row]));
    const past = this.file.store.history.docs(rows.filter((r) => r.ver !== 0).map((r) => r.ver));
    return rows.flatMap((r) => {
      const row = r.ver === 0 ? bySeq.get(r.seq) : past.get(r.ver);
      return row ? [{ seq: r.seq, doc: row.doc, linked: row.linked }] : [];
    });
  }

  /**
   * Matches of a plan now; cached until the next write to the type. Counting first reads up to
   * FEW_MATCHES matches by the filter's own index: when that is all of them, they are the count and,
   * sorted, the first page (a filter no index serves, `nameEndsWith`, then reads the list once, not twice).
   */
  private countOf(objectType: string, plan: ListPlan): Counted {
    const store = this.file.store;
    const key = plan.countKey;
    const cached = this.counts.get(key);
    if (cached && store.lastWriteOf(objectType) <= cached.write) return { count: cached.count };
    let counted: Counted;
    // Only seq is asked for, so that SQLite can answer from whichever index serves the filter.
    const probe = Number.isFinite(this.fewMatches) ? Math.max(0, this.fewMatches) + 1 : -1;
    const seqs = store.statement(plan.probeSql).pluck().all(...plan.params, probe) as number[];
    if (probe < 0 || seqs.length < probe) {
      const matches = store.statement(FEW_IN_ORDER).raw(true).all(JSON.stringify(seqs)) as [number, string][];
      counted = { count: seqs.length, matches };
    } else {
      counted = { count: store.statement(`SELECT COUNT(*) FROM object_rows WHERE ${plan.current}`).pluck().get(...plan.params) as number };
    }
    if (this.counts.size >= MAX_CACHED_COUNTS) this.counts.clear();
    this.counts.set(key, { write: store.writeNumber, count: counted.count });
    return counted;
  }

  /** Past versions of `objectType` that no open sequence can see any more go. */
  private forgetUnseen(objectType: string): void {
    const history = this.file.store.history;
    if (!history.holds(objectType)) return;
    history.forget(objectType, this.iterators.oldestSnapshot(objectType) ?? Number.MAX_SAFE_INTEGER);
  }

  /**
   * The same query asked again (a sync job's first page, every few seconds) reuses its plan. Exact
   * filters are planned afresh: they check that what they name exists, now.
   */
  private cachedPlanOf(objectType: string, params: QueryParams, filterKey: string): ListPlan {
    if (Object.keys(EXACT_FILTERS).some((name) => Object.hasOwn(params, name))) return this.planOf(objectType, params);
    const key = `${objectType}\u0000${this.file.offsetMinutes}\u0000${filterKey}`;
    let plan = this.plans.get(key);
    if (!plan) {
      plan = this.planOf(objectType, params);
      if (this.plans.size >= MAX_CACHED_PLANS) this.plans.clear();
      this.plans.set(key, plan);
    }
    return plan;
  }

  /** The conditions a list query puts on its objects, once for current rows and once for past versions. */
  private planOf(objectType: string, params: QueryParams): ListPlan {
    const current = this.conditions(objectType, params, 'current', false);
    const where = { current: current.where.join(' AND '), past: this.conditions(objectType, params, 'past', false).where.join(' AND ') };
    const walk = (rows: FilterContext['rows']): string => this.conditions(objectType, params, rows, true).where.join(' AND ');
    return listPlanOf(where, { current: walk('current'), past: walk('past') }, current.params);
  }

  private conditions(objectType: string, params: QueryParams, rows: FilterContext['rows'], walk: boolean): FilterContext {
    const model = this.file.modelOf(objectType);
    const ctx: FilterContext = { offsetMinutes: this.file.offsetMinutes, rows, walk, where: ['type = ?'], params: [objectType] };
    const exact = Object.keys(EXACT_FILTERS).find((name) => Object.hasOwn(params, name));
    if (exact !== undefined) {
      this.exactCondition(ctx, exact, params[exact] ?? []);
      return ctx;
    }
    rejectReversedRanges(params, this.file.offsetMinutes);
    for (const [name, value] of Object.entries(params)) {
      const use = parameterUse(model, name);
      if (!use) throw new Error(`${objectType}: no filter serves the parameter "${name}"`);
      if (use.kind === 'filter') use.filter(ctx, value, params);
    }
    if (model.has('isActive') && !Object.hasOwn(params, 'status')) ctx.where.push('is_active = 1');
    return ctx;
  }

  /** An exact filter alone decides, and every value it names must exist now. */
  private exactCondition(ctx: FilterContext, name: string, value: JsonValue): void {
    const spec = EXACT_FILTERS[name];
    if (!spec) throw new Error(`no exact filter "${name}"`);
    const objectType = String(ctx.params[0]);
    const wanted = (Array.isArray(value) ? value : [value]).map(String);
    if (spec.column === 'id') {
      const malformed = wanted.find((v) => !LIST_OBJECT_ID.test(v));
      if (malformed !== undefined) throw new DesktopError(DESKTOP_STATUS.INVALID_ID, `Object id "${malformed}" is not in the form the desktop application uses.`);
    }
    const keys = [...new Set(spec.caseInsensitive ? wanted.map((v) => v.toLowerCase()) : wanted)];
    const condition = `${spec.column} IN (${keys.map(() => '?').join(',')})`;
    if (ctx.rows === 'current' && !ctx.walk) {
      const found = new Set(this.file.store.statement(`SELECT ${spec.column} FROM object_rows WHERE type = ? AND ${condition}`).pluck().all(objectType, ...keys) as string[]);
      const missing = wanted.find((v) => !found.has(spec.caseInsensitive ? v.toLowerCase() : v));
      if (missing !== undefined) {
        throw new DesktopError(
          DESKTOP_STATUS.NOT_FOUND,
          `The query request has not been fully completed. There was a required element ("${missing}") that could not be found in the company file.`,
        );
      }
    }
    ctx.where.push(condition);
    ctx.params.push(...keys);
  }
}
