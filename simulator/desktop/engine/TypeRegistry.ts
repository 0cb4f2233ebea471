import type { JsonSchema } from '../../spec/types.ts';
import type { InternalField, TypeRow } from '../table/TypeRow.ts';
import { idBlockOf } from '../storage/IdAllocator.ts';
import { buildTypeModel, type TypeModel } from './TypeModel.ts';

const nullableText: JsonSchema = { type: ['string', 'null'] };
const reference: JsonSchema = {
  anyOf: [{ type: 'object', properties: { id: nullableText, fullName: nullableText } }, { type: 'null' }],
};

/** The stored shape of an internal type (no spec schema): identity, name, and the row's own fields. */
export function internalSchemaOf(row: TypeRow): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    id: { type: 'string' },
    objectType: { type: 'string' },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
    revisionNumber: { type: 'string' },
  };
  if (row.kind === 'list') Object.assign(properties, { name: { type: 'string' }, isActive: { type: ['boolean', 'null'] } });
  for (const [field, kind] of Object.entries(row.internalFields ?? {})) properties[field] = fieldSchema(kind);
  return { type: 'object', properties };
}

function fieldSchema(kind: InternalField): JsonSchema {
  if (kind === 'reference') return reference;
  if (kind === 'text') return nullableText;
  const line: Record<string, JsonSchema> = {};
  for (const [field, k] of Object.entries(kind.lines)) line[field] = fieldSchema(k);
  return { type: 'array', items: { type: 'object', properties: line } };
}

/**
 * Every type the company file keeps, each row joined with its schema (from the spec for served
 * types, from the row for internal ones). Built once at start; every company file shares it.
 */
export class TypeRegistry {
  private readonly models = new Map<string, TypeModel>();
  private readonly byResource = new Map<string, TypeModel>();
  private readonly scopes = new Map<string, string[]>();

  /** `createRequests`: the create operation's request body, by type, for the types that have one. */
  constructor(rows: readonly TypeRow[], servedSchemas: ReadonlyMap<string, JsonSchema>, createRequests: ReadonlyMap<string, JsonSchema> = new Map()) {
    const blocks = new Map<number, string>();
    for (const row of rows) {
      const block = idBlockOf(row.objectType);
      const other = blocks.get(block);
      if (other) throw new Error(`type table: ${row.objectType} and ${other} would count ids in the same block; rename one or change the salt in IdAllocator`);
      blocks.set(block, row.objectType);
      const schema = row.resource ? servedSchemas.get(row.objectType) : internalSchemaOf(row);
      if (!schema) throw new Error(`type table: ${row.objectType} has no schema in the spec`);
      const model = buildTypeModel(row, schema, createRequests.get(row.objectType));
      this.models.set(row.objectType, model);
      if (row.resource) this.byResource.set(row.resource, model);
      if (row.nameScope) this.scopes.set(row.nameScope, [...(this.scopes.get(row.nameScope) ?? []), row.objectType]);
    }
  }

  modelOf(objectType: string): TypeModel {
    const model = this.models.get(objectType);
    if (!model) throw new Error(`no type ${objectType} in the type table`);
    return model;
  }

  has(objectType: string): boolean {
    return this.models.has(objectType);
  }

  forResource(resource: string): TypeModel | undefined {
    return this.byResource.get(resource);
  }

  /** The types whose names must not clash with each other (customers, vendors, employees...). */
  typesInScope(scope: string): readonly string[] {
    return this.scopes.get(scope) ?? [];
  }

  all(): IterableIterator<TypeModel> {
    return this.models.values();
  }

  schemaOf(objectType: string): JsonSchema {
    return this.modelOf(objectType).schema;
  }
}
