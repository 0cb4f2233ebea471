import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/** JSON Schema as found in the dereferenced spec. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  additionalProperties?: boolean | Schema;
  [keyword: string]: unknown;
}

export interface SpecParameter {
  name: string;
  in: string;
  required: boolean;
  schema: Schema;
}

/** An operation of the spec under test, as the runner sees it (it keeps its own model of the spec). */
export interface SpecOperation {
  operationId: string;
  method: string;
  path: string;
  parameters: SpecParameter[];
  requestBody: Schema | undefined;
  paginated: boolean;
  /** A list (its answer has `data`), paged or not. */
  list: boolean;
  /** The schema of the object the operation answers with, or of one list item. */
  objectSchema: Schema | undefined;
  /**
   * The field that identifies the object: `id`, or for objects without one the first required
   * field named like an id (`transactionId` of a row of the transactions list, `taxLineId`).
   */
  identity: string;
  validateResponse: ValidateFunction | undefined;
  validateError: ValidateFunction | undefined;
}

/** An operation on an end user's company file (it takes `Service-End-User-Id`), not on the account or its end users. */
export const isDataOperation = (op: SpecOperation): boolean => op.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'service-end-user-id');

export interface SpecModel {
  operations: SpecOperation[];
  byId: Map<string, SpecOperation>;
  /** Validates any error body, for responses no operation claims (unknown routes, plain HTTP). */
  validateErrorBody: ValidateFunction;
  /** Finds the operation for a method and a path below the base URL. */
  match(method: string, path: string): SpecOperation | undefined;
}

type AddFormats = (ajv: Ajv2020) => unknown;
const formatsExport = addFormatsModule as unknown as AddFormats | { default: AddFormats };
const addFormats: AddFormats = typeof formatsExport === 'function' ? formatsExport : formatsExport.default;

type RawOperation = {
  operationId?: string;
  parameters?: SpecParameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};

/** Properties and required names of a schema, `allOf` parts merged (list envelopes are composed). */
export function flatten(schema: Schema | undefined): Schema | undefined {
  if (!schema) return undefined;
  const parts = Array.isArray(schema['allOf']) ? (schema['allOf'] as Schema[]).map((p) => flatten(p) ?? {}) : [];
  if (parts.length === 0) return schema;
  return {
    ...schema,
    properties: Object.assign({}, ...parts.map((p) => p.properties ?? {}), schema.properties ?? {}) as Record<string, Schema>,
    required: [...new Set([...parts.flatMap((p) => p.required ?? []), ...(schema.required ?? [])])],
  };
}

function identityOf(schema: Schema | undefined): string {
  if (!schema?.properties || 'id' in schema.properties) return 'id';
  return schema.required?.find((key) => key.endsWith('Id')) ?? 'id';
}

function objectOf(ok: Schema | undefined): { list: boolean; objectSchema: Schema | undefined } {
  const flat = flatten(ok);
  const data = flat?.properties?.['data'];
  if (data?.items) return { list: true, objectSchema: flatten(data.items) };
  return { list: false, objectSchema: flat };
}

const jsonOf = (content: Record<string, { schema?: Schema }> | undefined): Schema | undefined => content?.['application/json']?.schema;

const loaded = new Map<string, Promise<SpecModel>>();

/**
 * Reads any OpenAPI 3.1 document and compiles the validators the checks use, once per document in a
 * process: a spec of 260 operations takes over a second to compile, and a process that runs the
 * contract more than once (a test suite, `contract` then `cleanup`) reads the same document each time.
 */
export function loadSpecModel(specPath: string): Promise<SpecModel> {
  const key = path.resolve(specPath);
  let model = loaded.get(key);
  if (!model) {
    model = compileSpecModel(specPath);
    loaded.set(key, model);
    // A document that could not be read is read again next time (it may have been fixed).
    model.catch(() => loaded.delete(key));
  }
  return model;
}

async function compileSpecModel(specPath: string): Promise<SpecModel> {
  const doc = (await new SwaggerParser().dereference(specPath)) as { paths?: Record<string, Record<string, unknown>> };
  const ajv = new Ajv2020({ strict: false, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  const operations: SpecOperation[] = [];
  // Compiled on first use, once: a run that judges a few operations (or none: drift) does not pay
  // for the 260 (over a second on a quiet machine, five on a busy one).
  const validators = new Map<Schema, ValidateFunction>();
  const compiled = (schema: Schema | undefined): ValidateFunction | undefined => {
    if (schema === undefined) return undefined;
    let validate = validators.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      validators.set(schema, validate);
    }
    return validate;
  };
  let anyError: Schema | undefined;
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const shared = (item['parameters'] as SpecParameter[] | undefined) ?? [];
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const op = item[method] as RawOperation | undefined;
      if (!op) continue;
      const parameters = [...shared, ...(op.parameters ?? [])].map((p) => ({ ...p, required: p.required === true, schema: p.schema ?? {} }));
      const ok = jsonOf(op.responses?.['200']?.content);
      const error = jsonOf((op.responses?.['default'] ?? op.responses?.['400'])?.content);
      anyError ??= error;
      operations.push({
        operationId: op.operationId ?? `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters,
        requestBody: jsonOf(op.requestBody?.content),
        paginated: parameters.some((p) => p.in === 'query' && p.name === 'cursor'),
        ...objectOf(ok),
        identity: identityOf(objectOf(ok).objectSchema),
        get validateResponse() {
          return compiled(ok);
        },
        get validateError() {
          return compiled(error);
        },
      });
    }
  }
  if (!anyError) throw new Error(`${specPath} declares no error response schema`);
  const errorValidator = ajv.compile(anyError);
  const patterns = operations.map((op) => ({
    op,
    re: new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}/?$`),
  }));
  return {
    operations,
    byId: new Map(operations.map((op) => [op.operationId, op])),
    validateErrorBody: errorValidator,
    match: (method, path) => patterns.find((p) => p.op.method === method.toUpperCase() && p.re.test(path))?.op,
  };
}
