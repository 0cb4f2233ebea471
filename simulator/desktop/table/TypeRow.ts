import type { PostingProfile } from './PostingProfile.ts';
import type { TransactionShape, TypeKind } from './typeShape.ts';
import type { JsonObject, JsonValue } from '../values/json.ts';
import type { RulesContext, TypeRules } from './TypeRules.ts';
import type { JsonSchema } from '../../spec/types.ts';
import type { CompanyFileStore } from '../storage/CompanyFileStore.ts';

// Defined beside the rules' context, which reads them too; most readers of the table look for them here.
export type { GroupLayout, TransactionShape, TypeKind } from './typeShape.ts';

/** What a paged view reads of a type: the engine's TypeModel has all of it; named here, below the engine. */
export interface ViewedType {
  readonly objectType: string;
  readonly row: TypeRow;
  readonly schema: JsonSchema;
  readonly references: readonly { readonly path: string; readonly targets: readonly string[] }[];
  readonly shape: TransactionShape;
}

/** What a paged view reads of the company file (CompanyFile is one). */
export interface ViewSource {
  readonly store: CompanyFileStore;
  readonly types: { all(): Iterable<ViewedType> };
  modelOf(objectType: string): ViewedType;
  readonly offsetMinutes: number;
  retrieve(objectType: string, id: string): JsonObject;
}

/**
 * A view with pages (the cross-type `transactions` list): the rows a request matches are worked out
 * when its first page is asked, as small keys the cursor keeps; each page shapes its own rows.
 */
export interface PagedView<Entry = unknown> {
  matches(file: ViewSource, params: Readonly<Record<string, JsonValue>>): readonly Entry[];
  shape(file: ViewSource, entries: readonly Entry[]): Buffer[];
  retrieve(file: ViewSource, id: string): JsonObject;
}


/**
 * A query parameter of a list that is not one of the engine's own filters:
 * - `refs`: objects whose reference at one of these paths (`receivablesAccount`, `lines.item`)
 *   points at one of the ids given; with `through`, at an object that itself points at one of the
 *   ids at one of the `through` paths (the items on the lines whose income account is given);
 * - `tag`: objects whose tag column (see `TypeRow.tag`) holds one of the values `map` gives for the
 *   parameter's value (default: the value itself).
 */
export type FilterBinding = { refs: readonly string[]; through?: readonly string[] } | { tag: true; map?: (value: string) => readonly string[] };

/** A field of an internal type: text, a reference, or a list of lines made of those (a paycheck's earnings). */
export type InternalField = 'text' | 'reference' | { lines: Readonly<Record<string, 'text' | 'reference'>> };

export interface TypeRow {
  objectType: string;
  /** The path segment under `/ledger-desktop/`; absent for internal types. */
  resource?: string;
  kind: TypeKind;
  /**
   * Objects in the same scope may not share a name (their full name, for hierarchies): the
   * desktop's status 3100. Customers, vendors, employees and other names share the scope `entities`;
   * every kind of item shares `items`. Undefined: names may repeat.
   */
  nameScope?: string;
  /** `parent` is an object of the same type; `fullName` and `sublevel` follow from it. */
  hierarchical?: boolean;
  /**
   * Target types of references, by path (`parent`, `lines.item`, `entity`), where the engine's
   * defaults by field name (`globalReferences.ts`) do not fit. `'self'` is this type.
   */
  refs?: Readonly<Record<string, readonly string[]>>;
  /** Query parameters that are not the engine's own filters, and what they select. */
  filters?: Readonly<Record<string, FilterBinding>>;
  /** A top-level field copied into the `tag` column (`accountType`), or what to put there, for filters on it. */
  tag?: string | ((doc: JsonObject) => string | null);
  /** The field that names an object in lists and name filters, when it is not `fullName` or `name`. */
  nameField?: string;
  /** The desktop makes `name` from these fields of the object, joined by spaces (an employee's name). */
  nameFrom?: readonly string[];
  /** The field that identifies an object whose schema has no `id` (`taxLineId`). */
  keyField?: string;
  /** Fields a new object takes from an object it references, when the request leaves them out. */
  copyDefaults?: { from: string; fields: readonly string[] };
  /** Reference numbers counted by the company file when a new object is sent without one. */
  refNumber?: { counter: string; start: number };
  /** Which balance the `totalBalance*` filters and the in-use check read. */
  balance?: 'balance' | 'totalBalance' | 'balanceRemaining';
  /** Request keys the type's rules handle (`openingBalance`); every other key maps by naming rules. */
  requestOnly?: readonly string[];
  /** Values a new object gets for fields the request leaves out. */
  defaults?: Readonly<JsonObject>;
  /** Where a transaction of this type keeps its party, header account, total, lines and groups, where its schema's fields do not say it (`engine/transactionShape.ts`). */
  shape?: Partial<TransactionShape>;
  /** How a transaction of this type posts to the books (`postingProfiles.ts`); none: it posts nothing. */
  posting?: PostingProfile;
  /** A view's objects, worked out from the company file when the list is read; it reads its own query parameters. */
  view?: (ctx: RulesContext, params: Readonly<Record<string, JsonValue>>) => JsonObject[];
  /** A view whose list has pages and whose objects can be retrieved by id. */
  pagedView?: PagedView;
  /** The few computations the desktop really does for this type. */
  rules?: TypeRules;
  /** Fields of an internal type's stored object beyond id, name and isActive (internal types have no spec schema). */
  internalFields?: Readonly<Record<string, InternalField>>;
}
