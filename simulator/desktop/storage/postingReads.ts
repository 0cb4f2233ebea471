import type Database from 'better-sqlite3';
import type { OpenLedger } from './Ledger.ts';

/** A statement for an SQL text, prepared once (the store's `statement`). */
export type Prepare = (sql: string) => Database.Statement;

/** What sums of postings go by besides their account (a date summed by: the day; else the span's last day). */
export interface PostingSumKeys {
  type?: boolean;
  entity?: boolean;
  item?: boolean;
  class?: boolean;
  date?: boolean;
  /** The id the posting's transaction names in a field, as each sum's `referenced`. */
  reference?: ReferenceKey;
  /** With `reference`, the id it names in a second field, as each sum's `alsoReferenced` (rows by one field, columns by another). */
  also?: ReferenceKey;
}

/** A field of a transaction (its path in the reference graph) and the types of object it names there: a sales representative. */
export interface ReferenceKey {
  path: string;
  among: readonly string[];
}

/** Several fields of a transaction, in order, and the types of object the first that names one names: a purchase's header account. */
export interface FirstReference {
  paths: readonly string[];
  among: readonly string[];
}

/** Which postings a read keeps besides its days (absent: any); classes name "no class" ''. */
export interface PostingNarrowing {
  accounts?: readonly string[];
  entities?: readonly string[];
  /** Parties of these object types only (customers, vendors). */
  entityTypes?: readonly string[];
  items?: readonly string[];
  classes?: readonly string[];
  types?: readonly string[];
  openLedger?: OpenLedger;
}
