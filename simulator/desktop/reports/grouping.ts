import type { ReportNames } from './ReportNames.ts';

/** Adds a value to its key's list, making the list the first time: grouping rows without copying them. */
export function pushTo<K, V>(groups: Map<K, V[]>, key: K, value: V): void {
  const list = groups.get(key);
  if (list) list.push(value);
  else groups.set(key, [value]);
}

/** What putting groups in name order reads of the books (`ReportBooks` has it). */
export interface NameOrder {
  readonly names: Pick<ReportNames, 'keys' | 'compareKeys'>;
}

/**
 * Groups keyed by id in the order of the ids' names (`ReportNames.keys`): each key read once and
 * the groups sorted beside their keys, so that a comparison is the collator's alone (9,000 parties
 * of an aging summary are 120,000 comparisons).
 */
export function inNameOrder<K extends string | null, V>(books: NameOrder, groups: ReadonlyMap<K, V>): [K, V][] {
  const keys = books.names.keys(groups.keys());
  const decorated = [...groups].map((group) => ({ key: keys.get(group[0]) ?? '', group }));
  decorated.sort((a, b) => books.names.compareKeys(a.key, b.key));
  return decorated.map((d) => d.group);
}
