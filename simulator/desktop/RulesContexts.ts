import { postTransaction } from './books/keepBooks.ts';
import type { TypeRegistry } from './engine/TypeRegistry.ts';
import { parseDoc, type CompanyFileStore } from './storage/CompanyFileStore.ts';
import type { IdAllocator } from './storage/IdAllocator.ts';
import type { RulesContext } from './table/TypeRules.ts';
import type { JsonObject } from './values/json.ts';

/** What a rules context writes through the company file's own write pipeline: no one else may take these steps. */
export type RuleWrites = Pick<RulesContext, 'resolve' | 'rewrite' | 'rewriteAmounts' | 'addDerived'>;

/** The company file as a context reads it when it is made. */
export interface ContextSource {
  readonly store: CompanyFileStore;
  readonly types: TypeRegistry;
  readonly offsetMinutes: number;
  readonly bulk: boolean;
  nowSeconds(): number;
}

type SharedMethods = Omit<RulesContext, 'now' | 'offsetMinutes' | 'bulk' | 'asMade' | 'nextTransactionId' | 'ledger' | 'notes'>;

/**
 * The rules' view of a company file (`RulesContext`): reads from its store and types, writes
 * through the company file's pipeline (`RuleWrites`). One is made per write, and a bulk load makes
 * one per object, so what every context shares is made once.
 */
export class RulesContexts {
  private readonly shared: SharedMethods;

  constructor(
    private readonly source: ContextSource,
    private readonly ids: IdAllocator,
    writes: RuleWrites,
  ) {
    const { store, types } = source;
    this.shared = {
      ...writes,
      schemaOf: (t) => types.schemaOf(t),
      find: (type, id) => store.docs.find<JsonObject>(type, id),
      findAmong: (typesAmong, id) => store.docs.findAmong<JsonObject>(typesAmong, id),
      referencing: (type, path, id) => store.graph.referencing(type, path, id).map((doc) => parseDoc<JsonObject>(doc)),
      all: (type) => store.docs.all<JsonObject>(type),
      typesOfKind: (kind) => [...types.all()].filter((m) => m.row.kind === kind).map((m) => m.objectType),
      repost: (type, id) => {
        const doc = store.docs.find<JsonObject>(type, id);
        if (doc) postTransaction(this.of(type), types.modelOf(type), doc, false);
      },
      getMeta: (key) => store.getMeta(key),
      setMeta: (key, value) => store.setMeta(key, value),
      profileOf: (type) => types.modelOf(type).row.posting,
      shapeOf: (type) => types.modelOf(type).shape,
      createDefaultsOf: (type) => types.modelOf(type).createDefaults,
    };
  }

  /**
   * The context of a write of `objectType` (its new lines count in that type's id block); without
   * a type, a context that reads and keeps the books (roll-ups, costing, openings) but makes no lines.
   */
  of(objectType?: string): RulesContext {
    const { source, ids } = this;
    const now = source.nowSeconds();
    const m = this.shared;
    // Listed one by one: an object spread here cost more than the closures it replaced.
    return {
      schemaOf: m.schemaOf,
      resolve: m.resolve,
      find: m.find,
      findAmong: m.findAmong,
      referencing: m.referencing,
      all: m.all,
      typesOfKind: m.typesOfKind,
      rewrite: m.rewrite,
      rewriteAmounts: m.rewriteAmounts,
      addDerived: m.addDerived,
      repost: m.repost,
      getMeta: m.getMeta,
      setMeta: m.setMeta,
      profileOf: m.profileOf,
      shapeOf: m.shapeOf,
      createDefaultsOf: m.createDefaultsOf,
      ledger: source.store.ledger,
      now,
      offsetMinutes: source.offsetMinutes,
      bulk: source.bulk,
      notes: new Map(),
      nextTransactionId:
        objectType === undefined
          ? () => {
              throw new Error('a context made without an object type makes no transaction lines');
            }
          : () => ids.transactionId(objectType, now),
    };
  }
}
