import type { ReportBooks } from './ReportBooks.ts';

/** Adds a value to its key's list, making the list the first time: grouping rows without copying them. */
export function pushTo<K, V>(groups: Map<K, V[]>, key: K, value: V): void {
  const list = groups.get(key);
  if (list) list.push(value);
  else groups.set(key, [value]);
}

/** Groups keyed by id in the order of the ids' names (`ReportBooks.byName`). */
export function inNameOrder<K extends string | null, V>(books: ReportBooks, groups: ReadonlyMap<K, V>): [K, V][] {
  const order = books.byName(groups.keys());
  return [...groups].sort(([a], [b]) => order(a, b));
}
