import { defaultsPlanOf, type DefaultsPlan } from '../../spec/requestDefaults.ts';
import type { JsonSchema } from '../../spec/types.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';
import { isArraySchema, isReferenceSchema, nonNullBranch } from './materialize.ts';
import { GLOBAL_REFERENCES } from '../values/globalReferences.ts';
import type { TransactionShape, TypeRow } from '../table/TypeRow.ts';
import { transactionShapeOf } from './transactionShape.ts';

/** One place in an object where a reference sits: `class`, `lines.item`, `salesTaxItems` (a list). */
export interface ReferencePath {
  /** Dotted, lists left out: `lines.item`. */
  path: string;
  /** Steps to walk in a stored object; `[]` means "each entry of the list". */
  steps: readonly string[];
  targets: readonly string[];
}

/** A row of the type table joined with its schema: what the engine reads on every write. */
export interface TypeModel {
  row: TypeRow;
  objectType: string;
  schema: JsonSchema;
  references: readonly ReferencePath[];
  /** Target types for a reference at `path`; empty when nothing says (the start check forbids that). */
  targetsOf(path: string): readonly string[];
  /** Whether the schema holds a reference at `path` (`lines.item`). */
  isReference(path: string): boolean;
  has(field: string): boolean;
  /** For a transaction: its party, header account, total, lines and their groups (`transactionShape.ts`). */
  shape: TransactionShape;
  /** The defaults the create request's schema gives (what the Service's request check fills in), if any. */
  createDefaults: DefaultsPlan | undefined;
}

function leafOf(path: string): string {
  return path.split('.').pop() ?? path;
}

export function targetsFor(row: TypeRow, path: string): readonly string[] {
  const own = row.refs?.[path] ?? row.refs?.[leafOf(path)];
  const targets = own ?? (path === 'parent' && row.hierarchical ? ['self'] : GLOBAL_REFERENCES.get(leafOf(path))) ?? [];
  return targets.map((t) => (t === 'self' ? row.objectType : t));
}

/** Every place the schema holds a reference, with the steps to reach it in a stored object. */
export function referencePathsOf(schema: JsonSchema, steps: string[] = []): { path: string; steps: string[] }[] {
  const out: { path: string; steps: string[] }[] = [];
  for (const [key, prop] of Object.entries(nonNullBranch(schema).properties ?? {})) {
    const here = [...steps, key];
    if (isReferenceSchema(prop)) {
      out.push({ path: here.filter((s) => s !== '[]').join('.'), steps: here });
      continue;
    }
    if (isArraySchema(prop)) {
      const items = nonNullBranch(prop).items ?? {};
      if (isReferenceSchema(items)) out.push({ path: here.join('.'), steps: [...here, '[]'] });
      else if (nonNullBranch(items).properties) out.push(...referencePathsOf(items, [...here, '[]']));
      continue;
    }
    if (nonNullBranch(prop).properties) out.push(...referencePathsOf(prop, here));
  }
  return out;
}

/** Whether the schema has a field at a dotted path, a step into a list being a step into its items (`lineGroups.lines`). */
function hasPath(schema: JsonSchema, path: string): boolean {
  let at: JsonSchema | undefined = schema;
  for (const step of path.split('.')) {
    const object: JsonSchema = isArraySchema(at) ? nonNullBranch(nonNullBranch(at).items ?? {}) : nonNullBranch(at);
    at = object.properties?.[step];
    if (at === undefined) return false;
  }
  return true;
}

export function buildTypeModel(row: TypeRow, schema: JsonSchema, createRequest?: JsonSchema): TypeModel {
  const fields = new Set(Object.keys(nonNullBranch(schema).properties ?? {}));
  const references = referencePathsOf(schema).map((p) => ({ ...p, targets: targetsFor(row, p.path) }));
  const byPath = new Map(references.map((r) => [r.path, r.targets]));
  return {
    row,
    objectType: row.objectType,
    schema,
    references,
    targetsOf: (path) => byPath.get(path) ?? targetsFor(row, path),
    isReference: (path) => byPath.has(path),
    has: (field) => fields.has(field),
    shape: transactionShapeOf(row, (path) => hasPath(schema, path)),
    createDefaults: createRequest ? defaultsPlanOf(createRequest) : undefined,
  };
}

/** The ids an object points at, with where: what the reference graph stores for it. */
export function referencesIn(model: TypeModel, doc: JsonObject): { path: string; id: string }[] {
  const out: { path: string; id: string }[] = [];
  // By index into the steps: every write walks every reference path of its type.
  const walk = (value: JsonValue | undefined, steps: readonly string[], at: number, path: string): void => {
    if (value === undefined || value === null) return;
    if (at === steps.length) {
      if (isJsonObject(value) && typeof value['id'] === 'string') out.push({ path, id: value['id'] });
      return;
    }
    const step = steps[at] as string;
    if (step === '[]') {
      if (Array.isArray(value)) for (const entry of value) walk(entry, steps, at + 1, path);
      return;
    }
    if (isJsonObject(value)) walk(value[step], steps, at + 1, path);
  };
  for (const ref of model.references) walk(doc, ref.steps, 0, ref.path);
  return out;
}
