import type { JsonSchema } from '../spec/types.ts';
import type { Clock } from './clock.ts';
import { CompanyFileStore, parseDoc, type StoredRow } from './CompanyFileStore.ts';
import { formatDesktopTime } from './desktopTime.ts';
import { DESKTOP_STATUS, DesktopError } from './DesktopError.ts';
import { IdAllocator, LIST_OBJECT_ID } from './IdAllocator.ts';
import { indexColumnsOf } from './indexColumns.ts';
import type { JsonObject } from './json.ts';
import { applyRequestFields, emptyObject } from './materialize.ts';
import { checkNumericInputs } from './numericInputs.ts';
import type { ObjectRules, RulesContext } from './ObjectRules.ts';
import { REFERENCE_TARGETS } from './referenceTargets.ts';

const SYSTEM_KEYS = new Set(['revisionNumber']);

export interface CompanyFileOptions {
  path: string;
  clock: Clock;
  rules: ReadonlyMap<string, ObjectRules>;
  schemas: ReadonlyMap<string, JsonSchema>;
}

/**
 * The fake desktop application's view of one company file: adds, modifies and retrieves objects by
 * the generic rules plus each type's table entry. Knows nothing of HTTP.
 */
export class CompanyFile {
  readonly store: CompanyFileStore;
  readonly clock: Clock;
  readonly rules: ReadonlyMap<string, ObjectRules>;
  private readonly schemas: ReadonlyMap<string, JsonSchema>;
  private readonly ids: IdAllocator;
  private bulkMode = false;
  /** Overrides the clock while seeding, so seeded timestamps come from the seed, not from now. */
  fixedTime: number | undefined;

  constructor(options: CompanyFileOptions) {
    this.store = new CompanyFileStore(options.path);
    this.clock = options.clock;
    this.rules = options.rules;
    this.schemas = options.schemas;
    this.ids = new IdAllocator(this.store);
  }

  /** Set while seeding, so derived balances are computed once at the end instead of per object. */
  get bulk(): boolean {
    return this.bulkMode;
  }

  set bulk(on: boolean) {
    this.bulkMode = on;
    this.store.cacheDocs(on);
  }

  get offsetMinutes(): number {
    return Number(this.store.getMeta('company.utcOffsetMinutes') ?? '0');
  }

  nowSeconds(): number {
    return this.fixedTime ?? Math.floor(this.clock.now() / 1000);
  }

  rulesOf(objectType: string): ObjectRules {
    const rules = this.rules.get(objectType);
    if (!rules) throw new Error(`no rules for object type ${objectType}`);
    return rules;
  }

  schemaOf(objectType: string): JsonSchema {
    const schema = this.schemas.get(objectType);
    if (!schema) throw new Error(`no schema for object type ${objectType}`);
    return schema;
  }

  retrieve(objectType: string, id: string): JsonObject {
    const row = this.rowOf(objectType, id);
    const doc = parseDoc<JsonObject>(row.doc);
    if (row.linked) doc['linkedTransactions'] = JSON.parse(row.linked) as JsonObject[];
    return doc;
  }

  add(objectType: string, body: JsonObject): JsonObject {
    checkNumericInputs(body);
    return this.store.transaction(() => {
      const rules = this.rulesOf(objectType);
      const ctx = this.context();
      const doc = emptyObject(this.schemaOf(objectType));
      const stamp = formatDesktopTime(ctx.now, ctx.offsetMinutes);
      doc['id'] = rules.kind === 'list' ? this.ids.listObjectId(ctx.now) : this.ids.transactionId(ctx.now);
      doc['objectType'] = objectType;
      doc['createdAt'] = stamp;
      doc['updatedAt'] = stamp;
      doc['revisionNumber'] = String(ctx.now);
      this.applyBody(rules, ctx, doc, body, undefined);
      const columns = indexColumnsOf(rules, doc);
      this.assertNameFree(rules, columns.name, String(doc['id']));
      this.store.insert(objectType, String(doc['id']), columns, JSON.stringify(doc), null);
      rules.afterWrite?.(ctx, doc, undefined);
      return doc;
    });
  }

  modify(objectType: string, id: string, body: JsonObject): JsonObject {
    checkNumericInputs(body);
    return this.store.transaction(() => {
      const rules = this.rulesOf(objectType);
      const row = this.rowOf(objectType, id);
      const previous = parseDoc<JsonObject>(row.doc);
      const sent = body['revisionNumber'];
      if (sent !== previous['revisionNumber']) {
        throw new DesktopError(
          DESKTOP_STATUS.STALE_REVISION,
          `The provided revision number (edit sequence) "${String(sent)}" is out-of-date.`,
        );
      }
      const ctx = this.context();
      const doc = structuredClone(previous);
      this.applyBody(rules, ctx, doc, body, previous);
      doc['updatedAt'] = formatDesktopTime(ctx.now, ctx.offsetMinutes);
      // Revision numbers only grow, even for two edits within the same second.
      doc['revisionNumber'] = String(Math.max(ctx.now, Number(previous['revisionNumber']) + 1));
      const columns = indexColumnsOf(rules, doc);
      this.assertNameFree(rules, columns.name, id);
      this.store.update(objectType, id, columns, JSON.stringify(doc), row.linked);
      rules.afterWrite?.(ctx, doc, previous);
      if (row.linked) doc['linkedTransactions'] = JSON.parse(row.linked) as JsonObject[];
      return doc;
    });
  }

  private applyBody(rules: ObjectRules, ctx: RulesContext, doc: JsonObject, body: JsonObject, previous: JsonObject | undefined): void {
    const own = new Set([...SYSTEM_KEYS, ...rules.ownKeys]);
    const leftover = applyRequestFields(this.schemaOf(rules.objectType), doc, body, ctx.resolve, own);
    if (leftover.length > 0) {
      // The spec allows a key that neither the naming rules nor the type's table entry handle:
      // refuse loudly rather than drop what the client sent.
      throw new Error(`${rules.objectType}: request keys not handled: ${leftover.join(', ')}`);
    }
    rules.compute?.(ctx, doc, body, previous);
  }

  private assertNameFree(rules: ObjectRules, name: string | null, ownId: string): void {
    if (rules.kind !== 'list' || name === null) return;
    const clash = this.store
      .statement('SELECT id FROM objects WHERE type = ? AND name_lc = ? AND id <> ? LIMIT 1')
      .get(rules.objectType, name.toLowerCase(), ownId);
    if (clash) {
      throw new DesktopError(DESKTOP_STATUS.NAME_IN_USE, `The name "${name}" of the list element is already in use.`);
    }
  }

  rowOf(objectType: string, id: string): StoredRow {
    if (!LIST_OBJECT_ID.test(id)) {
      throw new DesktopError(DESKTOP_STATUS.INVALID_ID, `Object id "${id}" is not in the form the desktop application uses.`);
    }
    const row = this.store.get(objectType, id);
    if (!row) {
      throw new DesktopError(
        DESKTOP_STATUS.NOT_FOUND,
        `The query request has not been fully completed: no ${objectType} with id "${id}" could be found.`,
      );
    }
    return row;
  }

  private resolveReference(field: string, id: string): JsonObject {
    const targets = REFERENCE_TARGETS.get(field);
    if (!targets) throw new Error(`reference field "${field}" has no target types in REFERENCE_TARGETS`);
    if (LIST_OBJECT_ID.test(id)) {
      for (const type of targets) {
        const name = this.bulkMode ? this.cachedNameOf(type, id) : this.store.nameOf(type, id);
        if (name !== undefined) return { id, fullName: name };
      }
    }
    throw new DesktopError(
      DESKTOP_STATUS.INVALID_REFERENCE,
      `There is an invalid reference in the field "${field}Id": no object with id "${id}" exists.`,
    );
  }

  /** Linked transactions to store: as given, or as they are when the caller leaves them out. */
  private linkedText(type: string, doc: JsonObject, linked: JsonObject[] | null | undefined): string | null {
    if (linked === undefined) return this.store.linkedOf(type, String(doc['id'])) ?? null;
    return linked === null ? null : JSON.stringify(linked);
  }

  /** The name column's value (full name, else name) read from the bulk doc cache. */
  private cachedNameOf(type: string, id: string): string | null | undefined {
    const doc = this.store.findDoc<JsonObject>(type, id);
    if (!doc) return undefined;
    const name = doc['fullName'] ?? doc['name'];
    return typeof name === 'string' ? name : null;
  }

  /** What every rules context shares: made once, since a bulk load asks for a context per object. */
  private readonly contextMethods: Omit<RulesContext, 'now' | 'offsetMinutes' | 'bulk' | 'nextTransactionId'> = {
    schemaOf: (t) => this.schemaOf(t),
    resolve: (field, id) => this.resolveReference(field, id),
    find: (type, id) => this.store.findDoc<JsonObject>(type, id),
    findAllBy: (type, column, value) =>
      (
        this.store.statement(`SELECT doc FROM objects WHERE type = ? AND ${column} = ? ORDER BY seq`).all(type, value) as {
          doc: Buffer;
        }[]
      ).map((r) => parseDoc<JsonObject>(r.doc)),
    rewrite: (type, doc, linked) => {
      this.store.update(type, String(doc['id']), indexColumnsOf(this.rulesOf(type), doc), JSON.stringify(doc), this.linkedText(type, doc, linked));
    },
    rewriteAmounts: (type, doc, linked) => {
      this.store.updateAmounts(type, String(doc['id']), indexColumnsOf(this.rulesOf(type), doc), JSON.stringify(doc), this.linkedText(type, doc, linked));
    },
    getMeta: (key) => this.store.getMeta(key),
    setMeta: (key, value) => this.store.setMeta(key, value),
    linkedOf: (type, id) => {
      const linked = this.store.linkedOf(type, id);
      return linked ? (JSON.parse(linked) as JsonObject[]) : [];
    },
  };

  context(): RulesContext {
    const now = this.nowSeconds();
    const m = this.contextMethods;
    // Listed one by one: an object spread here cost more than the closures it replaced.
    return {
      schemaOf: m.schemaOf,
      resolve: m.resolve,
      find: m.find,
      findAllBy: m.findAllBy,
      rewrite: m.rewrite,
      rewriteAmounts: m.rewriteAmounts,
      getMeta: m.getMeta,
      setMeta: m.setMeta,
      linkedOf: m.linkedOf,
      now,
      offsetMinutes: this.offsetMinutes,
      bulk: this.bulk,
      nextTransactionId: () => this.ids.transactionId(now),
    };
  }

  close(): void {
    this.store.close();
  }
}
