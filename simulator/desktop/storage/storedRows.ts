/**
 * The indexed columns every stored object feeds. Filters are written against these, never against
 * a type's own fields, so one query engine serves every object type.
 */
export interface IndexColumns {
  name: string | null;
  ref_number: string | null;
  is_active: number;
  updated_at: number;
  txn_date: string | null;
  /** A field of the type's own (see `TypeRow.tag`), for filters on it. */
  tag: string | null;
  is_paid: number | null;
  balance_cents: number | null;
}

/** One edge of the reference graph: the object at `from_seq` points at `to_id` from `path`. */
export interface ReferenceEdge {
  path: string;
  id: string;
}

export interface StoredRow extends IndexColumns {
  seq: number;
  type: string;
  id: string;
  /** The object's JSON as UTF-8 bytes: pages are assembled from these without re-encoding. */
  doc: Buffer;
  linked: string | null;
}

/** What a list page needs of a row. */
export type PageRow = Pick<StoredRow, 'seq' | 'doc' | 'linked'>;
