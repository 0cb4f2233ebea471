import type { RowReads } from '../storage/RowReads.ts';
import { ENTITY_TYPES, ITEM_TYPES } from '../values/globalReferences.ts';
import type { ChartAccount } from './chartOrder.ts';

/** What postings name besides accounts: parties, items, classes. */
const NAMED_TYPES = [...ENTITY_TYPES, ...ITEM_TYPES, 'ldg_class'];

/** The order of `localeCompare` (the default locale's), without making a collator per comparison. */
const NAME_ORDER = new Intl.Collator();

/**
 * The full names of what a report's rows point at, and the order the desktop lists them in.
 * Accounts come from the chart; parties, items and classes from their rows' name column (the full
 * name, else the name, of these types: no document parsed), each read once per report.
 */
export class ReportNames {
  private readonly names = new Map<string, string | null>();

  constructor(
    private readonly accountById: ReadonlyMap<string, ChartAccount>,
    private readonly rows: RowReads,
  ) {}

  /** The full name of an entity, item, class or account by id (null for an id the file no longer has). */
  of(id: string | null): string | null {
    if (id === null) return null;
    const account = this.accountById.get(id);
    if (account) return account.fullName;
    if (!this.names.has(id)) this.names.set(id, this.rows.nameAmong(NAMED_TYPES, id) ?? null);
    return this.names.get(id) ?? null;
  }

  /** Reads the names of many ids at once, for reports that name thousands of parties (`of` then answers from memory). */
  read(ids: Iterable<string | null>): void {
    const wanted = [...new Set(ids)].filter((id): id is string => id !== null && !this.names.has(id) && !this.accountById.has(id));
    if (wanted.length === 0) return;
    const found = this.rows.namesByIds(NAMED_TYPES, wanted);
    for (const id of wanted) this.names.set(id, found.get(id) ?? null);
  }

  /**
   * A comparator of ids by full name, case ignored, as the desktop lists names (an id with no name
   * first); the names of `ids` read at once and each lower-cased once: a report of 9,000 customers
   * compares 120,000 times.
   */
  order(ids: Iterable<string | null>): (a: string | null, b: string | null) => number {
    const keys = this.keys(ids);
    const key = (id: string | null): string => keys.get(id) ?? (this.of(id) ?? '').toLowerCase();
    return (a, b) => NAME_ORDER.compare(key(a), key(b));
  }

  /** What `order` compares of each id: its name lower-cased ('' for none), the names read at once. */
  keys<K extends string | null>(ids: Iterable<K>): Map<K, string> {
    const list = [...ids];
    this.read(list);
    return new Map(list.map((id) => [id, (this.of(id) ?? '').toLowerCase()]));
  }

  /** The order of two of `keys`' keys. */
  compareKeys(a: string, b: string): number {
    return NAME_ORDER.compare(a, b);
  }
}
