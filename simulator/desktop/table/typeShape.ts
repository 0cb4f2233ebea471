/**
 * What kind of object a type is, as the desktop application keeps it:
 * - `list`: named objects that are made inactive, never deleted (customers, items, accounts...);
 * - `transaction`: dated documents with lines and reference numbers;
 * - `singleton`: exactly one per company file, read only through the Service (company, preferences);
 * - `readOnly`: a list the Service can read but not write (templates, item sites);
 * - `view`: a list worked out from other objects when it is read, kept nowhere (payments to deposit).
 * A row without a `resource` is internal: the desktop keeps it but the Service has no endpoint for
 * it (vendor types, job types...); requests may point at it, and the demo file seeds it.
 */
export type TypeKind = 'list' | 'transaction' | 'singleton' | 'readOnly' | 'view';

/** A field of groups (made from item groups), each group holding lines in the field its document keeps its own in: a sale's `lineGroups` of `lines`. */
export interface GroupLayout {
  groups: string;
  lines: string;
}

/**
 * What a transaction is beyond its fields, for everything that reads transactions of any type (the
 * cross-type list, reports, postings): where it names its party, the account its total goes to, its
 * total, its lines and their groups. Each list holds the fields its type has, in the order the first
 * one a document fills wins; `engine/transactionShape.ts` works it out from the schema and reads
 * documents by it.
 */
export interface TransactionShape {
  party: readonly string[];
  headerAccount: readonly string[];
  total: readonly string[];
  /** Summed for the total when the type keeps no total field (an invoice: subtotal and sales tax). */
  totalParts: readonly string[];
  lines: readonly string[];
  /** Where the lines made from item groups are kept (`books/documentLines.ts` reads a collection with its groups' lines). */
  groups: readonly GroupLayout[];
}
