import type { JsonSchema } from '../../spec/types.ts';
import type { Ledger } from '../storage/Ledger.ts';
import type { PostingProfile } from './PostingProfile.ts';
import type { JsonObject } from '../values/json.ts';
import type { TransactionShape, TypeKind } from './typeShape.ts';
import type { DefaultsPlan } from '../../spec/requestDefaults.ts';

/** What a type's rules may ask of the company file while an add or modify is under way. */
export interface RulesContext {
  /** Current desktop time, epoch seconds. */
  readonly now: number;
  readonly offsetMinutes: number;
  /** Defers balance roll-ups during bulk loads (seeding, fixtures): they run once at the end. */
  readonly bulk: boolean;
  /**
   * A fixture load makes a voided transaction as it was made, to void it at once
   * (`MADE_TO_BE_VOIDED`): what it applies, credits or refunds is not held against what is open now.
   */
  readonly asMade?: boolean;
  schemaOf(objectType: string): JsonSchema;
  /** Resolves a reference of `objectType` at `path` (`lines.item`) to `{id, fullName}`, or fails with 3140. */
  resolve(objectType: string, path: string, id: string): JsonObject;
  find(objectType: string, id: string): JsonObject | undefined;
  /** The object with this id among several types (an item of whichever kind). */
  findAmong(objectTypes: readonly string[], id: string): JsonObject | undefined;
  /** Every stored object of `objectType` that references `id` at `path`, in desktop order. */
  referencing(objectType: string, path: string, id: string): JsonObject[];
  /** Every stored object of a type, in desktop order. */
  all(objectType: string): JsonObject[];
  /** The object types of one kind (every transaction type, every list type). */
  typesOfKind(kind: TypeKind): string[];
  /** Rewrites a stored object without touching its revision number (derived fields only). */
  rewrite(objectType: string, doc: JsonObject, linked?: JsonObject[] | null): void;
  /** Same, for derived amounts only (balances, paid state, linked transactions): names and places unchanged. A bulk load keeps `doc` cached: do not change it afterwards. */
  rewriteAmounts(objectType: string, doc: JsonObject, linked?: JsonObject[] | null): void;
  /** Adds an object the desktop creates by itself (an item site for a new inventory item). */
  addDerived(objectType: string, body: JsonObject): JsonObject;
  /** Posts a stored transaction again: what it posts depends on another's write (an item receipt a bill took over). */
  repost(objectType: string, id: string): void;
  nextTransactionId(): string;
  /** How a transaction type posts (its row's posting profile); undefined for a type that posts nothing. */
  profileOf(objectType: string): PostingProfile | undefined;
  /** Where a transaction type keeps its party, total, lines and their groups (its model's shape). */
  shapeOf(objectType: string): TransactionShape;
  /** What a create request of the type gets for what it leaves out (the spec's defaults): for lines the desktop writes itself. */
  createDefaultsOf(objectType: string): DefaultsPlan | undefined;
  /** The company file's books: postings, links between transactions, deletions. */
  readonly ledger: Ledger;
  getMeta(key: string): string | undefined;
  setMeta(key: string, value: string): void;
  /** What the rules note for later in this write (`rules/writeNotes.ts`). */
  readonly notes: Map<object, WeakMap<JsonObject, unknown>>;
}

/**
 * The few computations the desktop application really does for a type (balances, names made of
 * parts, totals). Everything else a type does is the engine reading its row.
 */
export interface TypeRules {
  /** Sets computed fields after the request's fields were applied (add and modify). */
  compute?(ctx: RulesContext, doc: JsonObject, body: JsonObject, previous: JsonObject | undefined): void;
  /** Keeps other objects consistent after a write (balances up the tree, say). */
  afterWrite?(ctx: RulesContext, doc: JsonObject, previous: JsonObject | undefined): void;
  /** Undoes what the object applied itself to, before it is deleted or voided (a payment's applications). */
  beforeRemove?(ctx: RulesContext, doc: JsonObject): void;
}
