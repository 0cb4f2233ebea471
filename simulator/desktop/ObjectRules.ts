import type { JsonSchema } from '../spec/types.ts';
import type { IndexColumns } from './CompanyFileStore.ts';
import type { JsonObject } from './json.ts';

/** What the object rules may ask of the company file while an add or modify is under way. */
export interface RulesContext {
  /** Current desktop time, epoch seconds. */
  readonly now: number;
  readonly offsetMinutes: number;
  schemaOf(objectType: string): JsonSchema;
  resolve(field: string, id: string): JsonObject;
  find(objectType: string, id: string): JsonObject | undefined;
  /** Every stored object of a type matching an index column, in desktop order. */
  findAllBy(objectType: string, column: 'entity_id' | 'parent_id', value: string): JsonObject[];
  /** Rewrites a stored object without touching its revision number (derived fields only). */
  rewrite(objectType: string, doc: JsonObject, linked?: JsonObject[] | null): void;
  /**
   * Same, for a change of derived amounts only (balances, paid state, linked transactions): the
   * columns that name and place the object are left alone, so no index has to be rewritten.
   */
  rewriteAmounts(objectType: string, doc: JsonObject, linked?: JsonObject[] | null): void;
  nextTransactionId(): string;
  linkedOf(objectType: string, id: string): JsonObject[];
  getMeta(key: string): string | undefined;
  setMeta(key: string, value: string): void;
  /** Defers balance roll-ups during bulk seeding. */
  readonly bulk: boolean;
}

/**
 * The per-type table entry: everything about a type that the generic engine cannot read from the
 * spec. Adding an object type means a spec entry plus one of these.
 */
export interface ObjectRules {
  objectType: string;
  kind: 'list' | 'transaction';
  /** `fullName` = `Parent:Child` with `sublevel`, and uniqueness by full name. */
  hierarchical: boolean;
  /** Request keys this type handles itself instead of by the generic naming rules. */
  ownKeys: readonly string[];
  /** Index columns fed from this type's fields beyond the generic ones. */
  columns?(doc: JsonObject): Partial<IndexColumns>;
  /** Sets computed fields after the request fields were applied (add and modify). */
  compute?(ctx: RulesContext, doc: JsonObject, body: JsonObject, previous: JsonObject | undefined): void;
  /** Keeps other objects consistent after a write (balances up the customer tree, say). */
  afterWrite?(ctx: RulesContext, doc: JsonObject, previous: JsonObject | undefined): void;
}
