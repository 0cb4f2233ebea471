import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';

/** How long an iterator lives after its last response, as in the real desktop connector. */
export const ITERATOR_TTL_MS = 10_000;
/** Ended iterators are remembered (to tell "expired" from "never existed"), up to this many. */
const MAX_TOMBSTONES = 10_000;

/** Where a sequence stands in its list: after this (sort key, seq); the first page starts after ('', 0). */
export interface ListPosition {
  sortKey: string;
  seq: number;
}

/** What a sequence was opened on: its snapshot and how many objects it holds, not the objects. */
export interface SequenceStart<Plan> {
  objectType: string;
  /** The filters of the request that opened it, canonical; a resent cursor must match them. */
  filterKey: string;
  output: Readonly<Record<string, unknown>>;
  plan: Plan;
  /** The company file's write number when the first page was asked: the sequence sees the list as it was then. */
  snapshot: number;
  total: number;
}

export interface QueryIterator<Plan = unknown> extends Readonly<SequenceStart<Plan>> {
  readonly id: string;
  after: ListPosition;
  delivered: number;
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
 * Live query iterators of one company file. Each holds its snapshot's write number and its place,
 * never the matching rows: its size does not grow with the list. Iterators die 10 s after their
 * last response and are freed; `onTypeIdle` hears when the last sequence of a type or the oldest
 * snapshot of one ends, so past versions no one can see go.
 */
export class IteratorRegistry<Plan = unknown> {
  private readonly live = new Map<string, QueryIterator<Plan>>();
  private readonly ended = new Map<string, IteratorEnd>();
  /** Live iterators per object type, and the newest snapshot opened on the type while any was live. */
  private readonly perType = new Map<string, { live: number; newest: number }>();
  private lastSweep = -Infinity;

  constructor(
    private readonly clock: Clock,
    private readonly onEnded: (objectType: string) => void = () => undefined,
  ) {}

  open(start: SequenceStart<Plan>): QueryIterator<Plan> {
    this.sweepNowAndThen();
    const iterator: QueryIterator<Plan> = { ...start, id: randomUUID(), after: { sortKey: '', seq: 0 }, delivered: 0, lastResponseAt: this.clock.now() };
    this.live.set(iterator.id, iterator);
    const counts = this.perType.get(start.objectType);
    if (counts) {
      counts.live += 1;
      counts.newest = Math.max(counts.newest, start.snapshot);
    } else {
      this.perType.set(start.objectType, { live: 1, newest: start.snapshot });
    }
    return iterator;
  }

  /** Whether a sequence of `objectType` is open (expired ones not yet swept count too). */
  hasOpen(objectType: string): boolean {
    return this.perType.has(objectType);
  }

  /**
   * The newest snapshot of the open sequences of `objectType`, or undefined when none is open. It
   * may be that of a sequence ended since, while others stay open: a bound, which keeps a version too
   * many at worst, never one too few.
   */
  newestSnapshot(objectType: string): number | undefined {
    return this.perType.get(objectType)?.newest;
  }

  /** The oldest snapshot among the open sequences of `objectType`, or undefined when there is none. */
  oldestSnapshot(objectType: string): number | undefined {
    if (!this.hasOpen(objectType)) return undefined;
    let oldest = Infinity;
    for (const iterator of this.live.values()) if (iterator.objectType === objectType && iterator.snapshot < oldest) oldest = iterator.snapshot;
    return oldest;
  }

  /** The iterator for a resent cursor, or the reason it cannot continue. */
  resume(id: string, objectType: string, filterKey: string | undefined): QueryIterator<Plan> {
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
  answered(iterator: QueryIterator<Plan>): void {
    iterator.lastResponseAt = this.clock.now();
    if (iterator.delivered >= iterator.total) this.end(iterator.id, 'exhausted');
  }

  /** Opening a page should not cost a walk over every live iterator: sweep at most once a second. */
  private sweepNowAndThen(): void {
    if (this.clock.now() - this.lastSweep >= 1000) this.sweep();
  }

  sweep(): void {
    const now = this.clock.now();
    this.lastSweep = now;
    const types = new Set<string>();
    for (const iterator of this.live.values()) {
      if (now - iterator.lastResponseAt > ITERATOR_TTL_MS) {
        this.end(iterator.id, 'expired', false);
        types.add(iterator.objectType);
      }
    }
    // Once per type, not per iterator: ten thousand sequences may expire in one sweep.
    for (const type of types) this.onEnded(type);
  }

  private end(id: string, reason: IteratorEnd, notify = true): void {
    const iterator = this.live.get(id);
    this.live.delete(id);
    if (iterator) {
      const counts = this.perType.get(iterator.objectType);
      if (counts && counts.live > 1) counts.live -= 1;
      else this.perType.delete(iterator.objectType);
      if (notify) this.onEnded(iterator.objectType);
    }
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
