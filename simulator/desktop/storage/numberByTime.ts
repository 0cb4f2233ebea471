import type { CompanyFileStore } from './CompanyFileStore.ts';

/** Where objects numbered by their time start: far above any file's count of objects numbered one by one. */
const TIME_REGION = 2 ** 52;
/** Places per second of time: objects stamped in one second keep the order they came in. */
const PER_SECOND = 2 ** 16;

/**
 * Sequence numbers for a bulk load that writes out of time order (the seeder writes type by type,
 * each type on its own clock): objects of `timed` types are numbered by the time their ids say
 * they were made (`<counter>-<epoch seconds>`), ties in the order they came; the others one after
 * another, as SQLite numbers them. The file then lists and costs its transactions in the order of
 * their times, as a file kept day by day does and as a load of its export makes them (decision 4,
 * "Order across collections"). Nothing is moved afterwards: each row is written once, at its place.
 */
export function numberByTime(store: CompanyFileStore, timed: ReadonlySet<string>): (type: string, id: string) => number {
  let next = Number(store.statement('SELECT COALESCE(MAX(seq), 0) FROM object_rows WHERE seq < ?').pluck().get(TIME_REGION));
  const taken = new Map<number, number>();
  return (type, id) => {
    const epoch = timed.has(type) ? Number(/-(\d{1,12})$/.exec(id)?.[1]) : NaN;
    if (!Number.isFinite(epoch)) return (next += 1);
    const place = taken.get(epoch) ?? 0;
    if (place >= PER_SECOND) throw new Error(`more than ${PER_SECOND} objects made in one second cannot be numbered by their time`);
    taken.set(epoch, place + 1);
    return TIME_REGION + epoch * PER_SECOND + place;
  };
}
