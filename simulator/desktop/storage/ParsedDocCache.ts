/**
 * Objects of one type kept at most; past it the type starts over (a crude bound: refreshing recency
 * cost more than the parses it saved). As large as the largest seeded list, so a bulk load's
 * roll-up and its jobs' parents find every object it wrote: a seed keeps them all anyway, and a
 * fixture load holds the fixture's own objects in memory at the same time.
 */
const PER_TYPE = 200_000;

/**
 * Parsed objects kept while a bulk load runs: every invoice line reads its item, tax code and
 * customer, and parsing them each time was most of the cost of seeding. The same object may be
 * handed out again: callers must not change it.
 */
export class ParsedDocCache {
  private readonly byType = new Map<string, Map<string, unknown>>();

  get(type: string, id: string): unknown {
    return this.byType.get(type)?.get(id);
  }

  set(type: string, id: string, parsed: unknown): void {
    const ofType = this.byType.get(type);
    if (!ofType || ofType.size >= PER_TYPE) this.byType.set(type, new Map([[id, parsed]]));
    else ofType.set(id, parsed);
  }

  /** The object changed or went: the next read parses it again. */
  forget(type: string, id: string): void {
    this.byType.get(type)?.delete(id);
  }

  clear(): void {
    this.byType.clear();
  }
}
