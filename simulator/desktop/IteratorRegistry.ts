import { randomUUID } from 'node:crypto';
import type { Clock } from './clock.ts';

/** How long an iterator lives after its last response, as in the real desktop connector. */
export const ITERATOR_TTL_MS = 10_000;
/** Ended iterators are remembered (to tell "expired" from "never existed"), up to this many. */
const MAX_TOMBSTONES = 10_000;

export interface QueryIterator {
  readonly id: string;
  readonly objectType: string;
  /** The filters of the request that opened it, canonical; a resent cursor must match them. */
  readonly filterKey: string;
  readonly output: Readonly<Record<string, unknown>>;
  readonly seqs: readonly number[];
  position: number;
  lastResponseAt: number;
}

export type IteratorEnd = 'expired' | 'exhausted';

export class IteratorError extends Error {
  constructor(
    readonly reason: 'unknown' | 'mismatch' | IteratorEnd,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Live query iterators of one company file. The snapshot of matching rows is taken when the first
 * page is asked; later pages walk it. Iterators die 10 s after their last response and are freed.
 */
export class IteratorRegistry {
  private readonly live = new Map<string, QueryIterator>();
  private readonly ended = new Map<string, IteratorEnd>();
  private lastSweep = -Infinity;

  constructor(private readonly clock: Clock) {}

  open(objectType: string, filterKey: string, output: Record<string, unknown>, seqs: number[]): QueryIterator {
    this.sweepNowAndThen();
    const iterator: QueryIterator = {
      id: randomUUID(),
      objectType,
      filterKey,
      output,
      seqs,
      position: 0,
      lastResponseAt: this.clock.now(),
    };
    this.live.set(iterator.id, iterator);
    return iterator;
  }

  /** The iterator for a resent cursor, or the reason it cannot continue. */
  resume(id: string, objectType: string, filterKey: string | undefined): QueryIterator {
    this.sweepNowAndThen();
    const found = this.live.get(id);
    if (found && this.clock.now() - found.lastResponseAt > ITERATOR_TTL_MS) this.end(id, 'expired');
    const iterator = this.live.get(id);
    if (!iterator) {
      const end = this.ended.get(id);
      if (end === 'exhausted') throw new IteratorError('exhausted', 'No more results are available: this cursor has already returned its last page.');
      if (end === 'expired') throw new IteratorError('expired', `The cursor expired: the next page must be requested within ${ITERATOR_TTL_MS / 1000} seconds of the previous one.`);
      throw new IteratorError('unknown', `The cursor "${id}" is not valid for this end user.`);
    }
    if (iterator.objectType !== objectType) throw new IteratorError('mismatch', `The cursor "${id}" belongs to a list of another object type.`);
    if (filterKey !== undefined && filterKey !== iterator.filterKey) {
      throw new IteratorError('mismatch', `The cursor "${id}" was opened with other filters; resend it with the same filters or none.`);
    }
    return iterator;
  }

  /** Marks a page as answered: the 10 s start again, or the iterator ends after its last page. */
  answered(iterator: QueryIterator): void {
    iterator.lastResponseAt = this.clock.now();
    if (iterator.position >= iterator.seqs.length) this.end(iterator.id, 'exhausted');
  }

  /** Opening a page should not cost a walk over every live iterator: sweep at most once a second. */
  private sweepNowAndThen(): void {
    if (this.clock.now() - this.lastSweep >= 1000) this.sweep();
  }

  sweep(): void {
    const now = this.clock.now();
    this.lastSweep = now;
    for (const iterator of this.live.values()) {
      if (now - iterator.lastResponseAt > ITERATOR_TTL_MS) this.end(iterator.id, 'expired');
    }
  }

  private end(id: string, reason: IteratorEnd): void {
    this.live.delete(id);
    this.ended.set(id, reason);
    if (this.ended.size > MAX_TOMBSTONES) {
      const oldest = this.ended.keys().next().value;
      if (oldest !== undefined) this.ended.delete(oldest);
    }
  }

  get liveCount(): number {
    return this.live.size;
  }

  get endedCount(): number {
    return this.ended.size;
  }
}
