import type { Clock } from '../clock.ts';
import { IteratorRegistry } from '../queries/IteratorRegistry.ts';
import type { JsonObject } from '../values/json.ts';

/** One object of an answer: the element it is returned in (`ItemServiceRet`) and the object. */
export type RetEntry = readonly [element: string, ret: JsonObject];

/** A page of an iterator over answers worked out whole: its objects, what is left, and the id. */
export interface RetPage {
  entries: readonly RetEntry[];
  remaining: number;
  id: string;
}

/**
 * The desktop's iterators over the queries answered whole, not from one list's rows (the views,
 * the queries across list types): the answer is worked out when the iterator starts and each
 * `Continue` takes its next slice, so a walk sees the file as it was at its start, as every
 * iterator does. They live and die as the lists' iterators do (10 s after the last page).
 */
export class RetPages {
  private readonly iterators: IteratorRegistry<readonly RetEntry[]>;

  constructor(clock: Clock) {
    this.iterators = new IteratorRegistry<readonly RetEntry[]>(clock);
  }

  start(query: string, entries: readonly RetEntry[], limit: number): RetPage {
    const iterator = this.iterators.open({ objectType: query, filterKey: '', output: {}, plan: entries, snapshot: 0, total: entries.length });
    return this.next(query, iterator.id, limit);
  }

  /** The next slice; throws `IteratorError` for an id unknown, expired, of another query, or after the last page. */
  next(query: string, id: string, limit: number): RetPage {
    const iterator = this.iterators.resume(id, query, undefined);
    const entries = iterator.plan.slice(iterator.delivered, iterator.delivered + limit);
    iterator.delivered += entries.length;
    this.iterators.answered(iterator);
    return { entries, remaining: iterator.total - iterator.delivered, id: iterator.id };
  }
}
