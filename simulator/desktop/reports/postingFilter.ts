import type { OpenLedger } from '../storage/Ledger.ts';
import type { PostingNarrowing, TransactionPosting } from '../storage/LedgerReads.ts';

/** One posting with what reports show of its transaction (its last change only filters). */
export type PostingRow = Omit<TransactionPosting, 'updatedAt'>;

/** In a class filter, stands for "no class". */
export const UNCLASSIFIED = '';

/** Which postings a report reads; an absent set keeps everything. */
export interface PostingFilter {
  from: string | null;
  to: string;
  accounts?: ReadonlySet<string>;
  entities?: ReadonlySet<string>;
  /** Postings naming a party of these object types only: a report by customer or by vendor. */
  entityTypes?: ReadonlySet<string>;
  items?: ReadonlySet<string>;
  /** Class ids; `UNCLASSIFIED` keeps postings with no class. */
  classes?: ReadonlySet<string>;
  /** Transaction object types; opening balances (no type) are kept only when this is absent. */
  types?: ReadonlySet<string>;
  /** Only postings on the receivable or the payable side. */
  openLedger?: OpenLedger;
  /** Last change of the transaction, epoch seconds, both ends included. */
  updatedFrom?: number;
  updatedTo?: number;
}

/** What SQLite can narrow a read of postings by, of a filter (sets sorted, so equal filters read once). */
export function narrowingOf(filter: PostingFilter): PostingNarrowing {
  const sorted = (set: ReadonlySet<string> | undefined): string[] | undefined => (set ? [...set].sort() : undefined);
  return { accounts: sorted(filter.accounts), entities: sorted(filter.entities), entityTypes: sorted(filter.entityTypes), items: sorted(filter.items), classes: sorted(filter.classes), types: sorted(filter.types), openLedger: filter.openLedger };
}

/** Whether a filter keeps postings by account and day alone, as `account_days` sums them. */
export function byAccountAndDayOnly(f: Omit<PostingFilter, 'from' | 'to'>): boolean {
  return !f.entities && !f.entityTypes && !f.items && !f.classes && !f.types && !f.openLedger && f.updatedFrom === undefined && f.updatedTo === undefined;
}

/** Whether a filter keeps a posting (what SQLite narrowed, checked again, and what it cannot: last change). */
export function keeps(f: PostingFilter, r: TransactionPosting): boolean {
  if (f.accounts && !f.accounts.has(r.account)) return false;
  if (f.entities && (r.entity === null || !f.entities.has(r.entity))) return false;
  if (f.items && (r.item === null || !f.items.has(r.item))) return false;
  if (f.classes && !f.classes.has(r.class ?? UNCLASSIFIED)) return false;
  if (f.types && (r.type === null || !f.types.has(r.type))) return false;
  if (f.openLedger && r.openLedger !== f.openLedger) return false;
  if (f.updatedFrom !== undefined && (r.updatedAt === null || r.updatedAt < f.updatedFrom)) return false;
  if (f.updatedTo !== undefined && (r.updatedAt === null || r.updatedAt > f.updatedTo)) return false;
  return true;
}
