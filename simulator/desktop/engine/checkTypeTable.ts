import { resourceOf, resourceSchemas } from '../../spec/resourceSchemas.ts';
import type { JsonSchema, OperationSpec } from '../../spec/types.ts';
import { isArraySchema, isReferenceSchema, nonNullBranch } from './materialize.ts';
import type { TypeRow } from '../table/TypeRow.ts';
import { parameterUse } from './filterBindings.ts';
import { TypeRegistry } from './TypeRegistry.ts';
import type { TypeModel } from './TypeModel.ts';

function props(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  return schema ? (nonNullBranch(schema).properties ?? {}) : {};
}

function itemsOf(schema: JsonSchema): JsonSchema {
  return nonNullBranch(schema).items ?? {};
}

/** Request keys (with their paths) that no naming rule maps onto the stored object and no rule claims. */
function unmappedRequestKeys(request: JsonSchema, stored: JsonSchema, skip: ReadonlySet<string>, path = ''): string[] {
  const out: string[] = [];
  const target = props(stored);
  for (const [key, sent] of Object.entries(props(request))) {
    const at = path ? `${path}.${key}` : key;
    if (skip.has(at)) continue;
    const own = target[key];
    if (own && !isReferenceSchema(own)) {
      if (isArraySchema(sent) && isArraySchema(own)) out.push(...unmappedRequestKeys(itemsOf(sent), itemsOf(own), skip, at));
      else if (nonNullBranch(sent).properties && nonNullBranch(own).properties) out.push(...unmappedRequestKeys(sent, own, skip, at));
      else if (nonNullBranch(sent).properties && !('value' in props(sent))) out.push(at);
      continue;
    }
    const ref = key.endsWith('Id') ? target[key.slice(0, -2)] : undefined;
    if (ref && isReferenceSchema(ref)) continue;
    const list = key.endsWith('Ids') ? target[`${key.slice(0, -3)}s`] : undefined;
    if (list && isArraySchema(list) && isReferenceSchema(itemsOf(list))) continue;
    out.push(at);
  }
  return out;
}

function checkRow(model: TypeModel, ops: OperationSpec[], rows: ReadonlyMap<string, TypeRow>): string[] {
  const { row, schema } = model;
  const fields = props(schema);
  const problems: string[] = [];
  const say = (text: string): void => {
    problems.push(`${row.objectType}${row.resource ? ` (${row.resource})` : ''}: ${text}`);
  };
  for (const ref of model.references) {
    if (ref.targets.length === 0) say(`the reference "${ref.path}" has no target type (add it to the row's refs or to globalReferences.ts)`);
    for (const target of ref.targets) if (!rows.has(target)) say(`the reference "${ref.path}" points at ${target}, which has no row`);
  }
  const hasTree = 'fullName' in fields && 'sublevel' in fields && 'parent' in fields;
  if (Boolean(row.hierarchical) !== hasTree) say(`the row says hierarchical: ${Boolean(row.hierarchical)}, the schema ${hasTree ? 'has' : 'lacks'} parent, fullName and sublevel`);
  if (row.nameScope && !((row.nameField ?? 'name') in fields)) say(`names are unique in "${row.nameScope}" but the schema has no ${row.nameField ?? 'name'}`);
  if (row.balance && !(row.balance in fields)) say(`balance reads "${row.balance}", which the schema lacks`);
  if (typeof row.tag === 'string' && !(row.tag in fields)) say(`the tag column reads "${row.tag}", which the schema lacks`);
  if (row.keyField && !(row.keyField in fields)) say(`objects are keyed by "${row.keyField}", which the schema lacks`);
  if (row.copyDefaults) {
    if (!model.references.some((r) => r.path === row.copyDefaults?.from)) say(`defaults are copied from "${row.copyDefaults.from}", which is not a reference`);
    for (const field of row.copyDefaults.fields) if (!(field in fields)) say(`the copied default "${field}" is not a field`);
  }
  for (const field of Object.keys(row.defaults ?? {})) if (!(field in fields)) say(`the default "${field}" is not a field`);
  if (!row.resource) return problems;
  const verbs = new Map(ops.map((op) => [op.operationId.split('.')[1] ?? '', op]));
  const collectionGet = ops.find((op) => op.method === 'get' && !op.path.includes('{'));
  if (row.kind === 'singleton' && collectionGet && verbs.get('retrieve') !== collectionGet) say('a singleton must be read by GET on its collection path');
  if (row.kind !== 'singleton' && !verbs.has('list')) say('the spec has no list operation for it');
  if ((row.kind === 'readOnly' || row.kind === 'singleton' || row.kind === 'view') && (verbs.has('create') || verbs.has('update'))) say(`a ${row.kind} type has write operations in the spec`);
  if ((row.kind === 'view') !== (row.view !== undefined || row.pagedView !== undefined)) say('a view, and only a view, works its objects out with `view` or `pagedView`');
  if (row.view !== undefined && row.pagedView !== undefined) say('a view works its objects out with `view` or with `pagedView`, not both');
  const skip = new Set(['revisionNumber', ...(row.requestOnly ?? [])]);
  for (const verb of ['create', 'update']) {
    const body = verbs.get(verb)?.requestBody;
    if (!body) continue;
    // Lines of transactions are built by their own rules (`requestOnly: lines`).
    for (const key of unmappedRequestKeys(body, schema, skip)) say(`the ${verb} field "${key}" maps to no field by the naming rules and no rule claims it (requestOnly)`);
  }
  const list = verbs.get('list');
  // A view reads its own parameters.
  for (const p of row.kind === 'view' ? [] : (list?.parameters ?? [])) {
    if (p.in === 'query' && !parameterUse(model, p.name)) say(`the list parameter "${p.name}" has no filter binding`);
  }
  return problems;
}

/**
 * Builds the type registry from the spec and the type table, after checking one against the
 * other: a resource with no row, a reference with no target type, a request field nothing maps,
 * a filter with no binding, a trait the schema contradicts. Any of these stops the start with
 * every problem listed.
 */
export function buildTypeRegistry(rows: readonly TypeRow[], operations: ReadonlyMap<string, OperationSpec>): TypeRegistry {
  const schemas = resourceSchemas(operations);
  const problems: string[] = [];
  const byResource = new Map(rows.filter((r) => r.resource).map((r) => [r.resource as string, r]));
  for (const resource of schemas.keys()) if (!byResource.has(resource)) problems.push(`${resource}: served by the spec but has no row in the type table`);
  const served = new Map<string, JsonSchema>();
  const creates = new Map<string, JsonSchema>();
  for (const row of rows) {
    if (!row.resource) continue;
    const schema = schemas.get(row.resource);
    if (!schema) problems.push(`${row.objectType}: the row serves "${row.resource}", which the spec does not have`);
    else served.set(row.objectType, schema);
    const create = [...operations.values()].find((op) => resourceOf(op) === row.resource && op.operationId.endsWith('.create'))?.requestBody;
    if (create) creates.set(row.objectType, create);
  }
  if (problems.length > 0) throw new Error(`the type table does not fit the spec:\n  ${problems.join('\n  ')}`);
  const registry = new TypeRegistry(rows, served, creates);
  const rowMap = new Map(rows.map((r) => [r.objectType, r]));
  for (const model of registry.all()) {
    const ops = [...operations.values()].filter((op) => resourceOf(op) === model.row.resource);
    problems.push(...checkRow(model, model.row.resource ? ops : [], rowMap));
  }
  if (problems.length > 0) throw new Error(`the type table does not fit the spec:\n  ${problems.join('\n  ')}`);
  return registry;
}
