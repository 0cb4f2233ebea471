import { keepEveryFact } from './books/keptFacts.ts';
import type { JsonSchema } from '../spec/types.ts';
import type { Clock } from './clock.ts';
import { CompanyFileStore, parseDoc, type StoredRow } from './storage/CompanyFileStore.ts';
import { formatDesktopTime } from './values/desktopTime.ts';
import { DESKTOP_STATUS, DesktopError } from './values/DesktopError.ts';
import { noteActiveChange } from './views/deletedObjects.ts';
import { madeToBeVoided } from './books/beforeVoid.ts';
import { assertAccountFitsField, isAccountHeldToRole } from './books/accountRoles.ts';
import { postTransaction } from './books/keepBooks.ts';
import { applyRequest } from './engine/applyRequest.ts';
import { fillDefaults, rememberRefNumber } from './engine/defaults.ts';
import { applyDerivedName } from './engine/derivedName.ts';
import { placeInTree } from './engine/hierarchy.ts';
import type { NameScopes } from './engine/NameScopes.ts';
import { LoadNames } from './engine/LoadNames.ts';
import { identifiedLists } from './engine/identifiedLists.ts';
import { indexColumnsOf, nameOf } from './engine/indexColumns.ts';
import { assertCanDeactivate, assertNameFree, propagateRename } from './engine/listIntegrity.ts';
import { keepEveryListing } from './engine/listedCells.ts';
import type { TypeModel } from './engine/TypeModel.ts';
import type { TypeRegistry } from './engine/TypeRegistry.ts';
import { IdAllocator, LIST_OBJECT_ID } from './storage/IdAllocator.ts';
import { cloneJson, type JsonObject } from './values/json.ts';
import { emptyObject } from './engine/materialize.ts';
import { checkNumericInputs } from './values/numericInputs.ts';
import type { RulesContext } from './table/TypeRules.ts';
import { recomputeAllBalances } from './bulkBalances.ts';
import { RulesContexts } from './RulesContexts.ts';
import { DocumentWrites } from './DocumentWrites.ts';

const SINGLETON_ID = 'singleton';

/** Request keys the generic apply leaves to the type's rules, by model: every write asks. */
const skippedKeys = new WeakMap<TypeModel, ReadonlySet<string>>();
function skippedKeysOf(model: TypeModel): ReadonlySet<string> {
  let skip = skippedKeys.get(model);
  if (!skip) skippedKeys.set(model, (skip = new Set(['revisionNumber', ...(model.row.requestOnly ?? [])])));
  return skip;
}

export interface CompanyFileOptions {
  path: string;
  clock: Clock;
  types: TypeRegistry;
  /** The bytes of a company file a new one starts as (a kept seeded demo). */
  template?: Buffer;
  /** A second, read-only open of a file on disk that another CompanyFile keeps (a report thread's): see CompanyFileStore. */
  readOnly?: boolean;
}

/**
 * The fake desktop application's view of one company file: adds, modifies and retrieves objects of
 * every type by the generic engine reading each type's row, plus the row's own rules. Knows
 * nothing of HTTP.
 */
export class CompanyFile {
  readonly store: CompanyFileStore;
  readonly clock: Clock;
  readonly types: TypeRegistry;
  private readonly ids: IdAllocator;
  private readonly contexts: RulesContexts;
  private readonly loadNames: LoadNames;
  private readonly writes: DocumentWrites;
  /** Overrides the clock while seeding, so seeded timestamps come from the seed, not from now. */
  fixedTime: number | undefined;

  constructor(options: CompanyFileOptions) {
    this.store = new CompanyFileStore(options.path, options.template, options.readOnly);
    this.clock = options.clock;
    this.types = options.types;
    this.ids = new IdAllocator(this.store);
    this.loadNames = new LoadNames((scope) => this.store.rowReads.namesAmong(this.types.typesInScope(scope)));
    this.writes = new DocumentWrites(this.store, this.loadNames);
    this.contexts = new RulesContexts(this, this.ids, {
      resolve: (type, path, id) => this.resolveReference(this.modelOf(type), path, id),
      rewrite: (type, doc, linked) => this.rewrite(type, doc, linked),
      rewriteAmounts: (type, doc, linked) => this.rewriteAmounts(type, doc, linked),
      addDerived: (type, body) => this.addNow(this.modelOf(type), body),
    });
    if (this.store.predatesKeptFacts) keepEveryFact(this.store, this.types);
    if (this.store.predatesListCells) keepEveryListing(this.store, this.types);
  }

  /** Set while seeding or loading, so derived balances are computed once at the end instead of per object. */
  get bulk(): boolean {
    return this.loadNames.loading;
  }

  private setBulk(on: boolean): void {
    this.loadNames.set(on);
    this.store.bulk.set(on);
  }

  /** Names taken per uniqueness scope, in memory while a bulk load runs; undefined otherwise. */
  get nameScopes(): NameScopes | undefined {
    return this.loadNames.nameScopes;
  }

  get offsetMinutes(): number {
    return Number(this.store.getMeta('company.utcOffsetMinutes') ?? '0');
  }

  nowSeconds(): number {
    return this.fixedTime ?? Math.floor(this.clock.now() / 1000);
  }

  modelOf(objectType: string): TypeModel {
    return this.types.modelOf(objectType);
  }

  schemaOf(objectType: string): JsonSchema {
    return this.types.schemaOf(objectType);
  }

  retrieve(objectType: string, id: string): JsonObject {
    const paged = this.modelOf(objectType).row.pagedView;
    if (paged) return paged.retrieve(this, id);
    const row = this.rowOf(objectType, id);
    const doc = parseDoc<JsonObject>(row.doc);
    if (row.linked) doc['linkedTransactions'] = JSON.parse(row.linked) as JsonObject[];
    return doc;
  }

  /** The one object of a singleton type (the company, its preferences). */
  single(objectType: string): JsonObject {
    const row = this.store.docs.row(objectType, SINGLETON_ID);
    if (!row) throw new DesktopError(DESKTOP_STATUS.NOT_FOUND, `The company file has no ${objectType} record.`);
    return parseDoc<JsonObject>(row.doc);
  }

  add(objectType: string, body: JsonObject): JsonObject {
    checkNumericInputs(body);
    return this.store.transaction(() => this.addNow(this.modelOf(objectType), body));
  }

  modify(objectType: string, id: string, body: JsonObject): JsonObject {
    checkNumericInputs(body);
    return this.store.transaction(() => this.modifyNow(this.modelOf(objectType), id, body));
  }

  /**
   * Sets fields the desktop application keeps for itself and no request can set (a seeded account's
   * special type, the company's details), without changing the revision number.
   */
  setDerived(objectType: string, id: string, fields: JsonObject): JsonObject {
    return this.store.transaction(() => {
      const model = this.modelOf(objectType);
      const row = this.store.docs.row(objectType, id);
      const doc = row ? parseDoc<JsonObject>(row.doc) : emptyObject(model.schema);
      Object.assign(doc, fields);
      const columns = indexColumnsOf(model, doc);
      // The caller gets `doc` back, so a load does not keep it parsed.
      if (row) this.writes.update(model, id, doc, columns, row.linked, false);
      else this.writes.insert(model, id, doc, columns, false);
      return doc;
    });
  }

  /** Stores the one object of a singleton type (seeding: the Service cannot write it). */
  setSingle(objectType: string, doc: JsonObject): void {
    this.setDerived(objectType, SINGLETON_ID, doc);
  }

  private keyOf(model: TypeModel, doc: JsonObject): string {
    if (typeof doc['id'] === 'string') return doc['id'];
    if (model.row.keyField) return String(doc[model.row.keyField]);
    return SINGLETON_ID;
  }

  private addNow(model: TypeModel, body: JsonObject): JsonObject {
    const ctx: RulesContext = madeToBeVoided(body) ? { ...this.context(model.objectType), asMade: true } : this.context(model.objectType);
    const doc = emptyObject(model.schema);
    const stamp = formatDesktopTime(ctx.now, ctx.offsetMinutes);
    if (model.has('id')) doc['id'] = model.row.kind === 'transaction' ? this.ids.transactionId(model.objectType, ctx.now) : this.ids.listObjectId(model.objectType, ctx.now);
    if (model.has('objectType')) doc['objectType'] = model.objectType;
    if (model.has('createdAt')) doc['createdAt'] = stamp;
    if (model.has('updatedAt')) doc['updatedAt'] = stamp;
    if (model.has('revisionNumber')) doc['revisionNumber'] = String(ctx.now);
    this.applyBody(model, ctx, doc, body);
    fillDefaults(model, ctx, doc, body);
    applyDerivedName(model.row, doc);
    if (model.row.hierarchical) placeInTree(model, doc, (id) => this.store.docs.find<JsonObject>(model.objectType, id));
    model.row.rules?.compute?.(ctx, doc, body, undefined);
    const key = this.keyOf(model, doc);
    const columns = indexColumnsOf(model, doc);
    assertNameFree(this, model, columns.name, key);
    this.writes.insert(model, key, doc, columns, true);
    this.loadNames.add(model, key, columns.name);
    rememberRefNumber(model, ctx, doc);
    model.row.rules?.afterWrite?.(ctx, doc, undefined);
    postTransaction(ctx, model, doc, true);
    return this.afterRules(model, key, doc);
  }

  /** The object as stored once the rules ran: they may rewrite what they derive (balances) after the write. */
  private afterRules(model: TypeModel, key: string, doc: JsonObject): JsonObject {
    if (!(model.row.rules?.afterWrite || model.row.posting) || this.bulk) return doc;
    const stored = this.store.docs.find<JsonObject>(model.objectType, key) ?? doc;
    const linked = this.store.docs.linkedOf(model.objectType, key);
    return linked ? { ...stored, linkedTransactions: JSON.parse(linked) as JsonObject[] } : stored;
  }

  private modifyNow(model: TypeModel, id: string, body: JsonObject): JsonObject {
    const row = this.rowOf(model.objectType, id);
    const previous = parseDoc<JsonObject>(row.doc);
    const sent = body['revisionNumber'];
    if (sent !== previous['revisionNumber']) {
      throw new DesktopError(DESKTOP_STATUS.STALE_REVISION, `The provided revision number (edit sequence) "${String(sent)}" is out-of-date.`);
    }
    const ctx = this.context(model.objectType);
    const doc = cloneJson(previous);
    this.applyBody(model, ctx, doc, body);
    applyDerivedName(model.row, doc);
    if (model.row.hierarchical) placeInTree(model, doc, (parentId) => this.store.docs.find<JsonObject>(model.objectType, parentId));
    if (previous['isActive'] !== false && doc['isActive'] === false) assertCanDeactivate(this, model, doc);
    const stored = this.storeModified(model, ctx, row, previous, doc, body);
    noteActiveChange(this.store.ledger, model, previous, doc, ctx.now);
    return stored;
  }

  /**
   * Writes a modified object: a new revision, the type's rules, its postings, and what it renamed.
   * Inside a store transaction; a void (`removeTransaction.ts`) writes its zeroed copy here too.
   */
  storeModified(model: TypeModel, ctx: RulesContext, row: StoredRow, previous: JsonObject, doc: JsonObject, body: JsonObject): JsonObject {
    const id = row.id;
    doc['updatedAt'] = formatDesktopTime(ctx.now, ctx.offsetMinutes);
    // Revision numbers only grow, even for two edits within the same second.
    doc['revisionNumber'] = String(Math.max(ctx.now, Number(previous['revisionNumber']) + 1));
    model.row.rules?.compute?.(ctx, doc, body, previous);
    const columns = indexColumnsOf(model, doc);
    assertNameFree(this, model, columns.name, id);
    // Read again: the rules (a void's unlinking) may have rewritten the linked transactions since `row` was read.
    this.writes.update(model, id, doc, columns, this.store.docs.linkedOf(model.objectType, id) ?? null);
    if (nameOf(model, previous) !== columns.name) propagateRename(this, model, doc);
    rememberRefNumber(model, ctx, doc);
    model.row.rules?.afterWrite?.(ctx, doc, previous);
    postTransaction(ctx, model, doc, false);
    return this.afterRules(model, id, doc);
  }

  private applyBody(model: TypeModel, ctx: RulesContext, doc: JsonObject, body: JsonObject): void {
    const leftover = applyRequest(model.schema, doc, body, {
      resolve: (path, id) => this.resolveReference(model, path, id),
      skip: skippedKeysOf(model),
      lists: identifiedLists(ctx.now, ctx.offsetMinutes),
    });
    if (leftover.length > 0) {
      // The spec allows a key that neither the naming rules nor the type's row handle: refuse loudly
      // rather than drop what the client sent (the start check should have caught it).
      throw new Error(`${model.objectType}: request keys not handled: ${leftover.join(', ')}`);
    }
  }

  /** `{id, fullName}` of the object `id` among the types a reference at `path` may point at, or 3140. */
  resolveReference(model: TypeModel, path: string, id: string): JsonObject {
    const targets = model.targetsOf(path);
    if (targets.length === 0) throw new Error(`${model.objectType}.${path}: a reference with no target type`);
    if (LIST_OBJECT_ID.test(id)) {
      const field = { objectType: model.objectType, isList: model.row.kind === 'list', path };
      if (targets.includes('ldg_account') && isAccountHeldToRole(field)) assertAccountFitsField(field, this.store.docs.find<JsonObject>('ldg_account', id));
      const loaded = this.loadNames.fullNameOf(id, targets);
      if (loaded) return { id, ...loaded };
      const found = this.store.rowReads.nameAmong(targets, id);
      if (found !== undefined) return { id, fullName: found };
    }
    throw new DesktopError(DESKTOP_STATUS.INVALID_REFERENCE, `There is an invalid reference in the field "${path.split('.').pop() ?? path}Id": no object with id "${id}" exists.`);
  }

  rowOf(objectType: string, id: string): StoredRow {
    const model = this.modelOf(objectType);
    if (!model.row.keyField && !LIST_OBJECT_ID.test(id)) {
      throw new DesktopError(DESKTOP_STATUS.INVALID_ID, `Object id "${id}" is not in the form the desktop application uses.`);
    }
    const row = this.store.docs.row(objectType, id);
    if (!row) {
      throw new DesktopError(DESKTOP_STATUS.NOT_FOUND, `The query request has not been fully completed: no ${objectType} with id "${id}" could be found.`);
    }
    return row;
  }

  /** Linked transactions to store: as given, or as they are when the caller leaves them out. */
  private linkedText(type: string, doc: JsonObject, linked: JsonObject[] | null | undefined): string | null {
    if (linked === undefined) return this.store.docs.linkedOf(type, this.keyOf(this.modelOf(type), doc)) ?? null;
    return linked === null ? null : JSON.stringify(linked);
  }

  /** Rewrites a stored object's derived fields, keeping its revision number; its references may change. */
  rewrite(type: string, doc: JsonObject, linked?: JsonObject[] | null): void {
    const model = this.modelOf(type);
    this.writes.update(model, this.keyOf(model, doc), doc, indexColumnsOf(model, doc), this.linkedText(type, doc, linked));
  }

  /** Derived amounts only (RulesContext.rewriteAmounts): a bulk load keeps `doc` parsed. */
  private rewriteAmounts(type: string, doc: JsonObject, linked?: JsonObject[] | null): void {
    const model = this.modelOf(type);
    this.writes.updateAmounts(model, this.keyOf(model, doc), doc, indexColumnsOf(model, doc), this.linkedText(type, doc, linked));
  }

  /**
   * The rules context of a write of `objectType` (its new lines count in that type's id block); without
   * a type, a context that reads and keeps the books (roll-ups, costing, openings) but makes no lines.
   */
  context(objectType?: string): RulesContext {
    return this.contexts.of(objectType);
  }

  /**
   * The desktop's one bulk load (seeding, a fixture): every write of `work` in one transaction with
   * roll-ups deferred, then every balance from the postings once, before it commits. Nothing else
   * sets bulk mode, so no loader can forget the balances; a throw leaves the file as it was.
   */
  bulkLoad<T>(work: () => T): T {
    const was = this.bulk;
    this.setBulk(true);
    try {
      return this.store.bulk.transaction(() => {
        const result = work();
        recomputeAllBalances(this);
        return result;
      });
    } finally {
      this.setBulk(was);
      this.fixedTime = undefined;
    }
  }

  close(): void {
    this.store.close();
  }
}

