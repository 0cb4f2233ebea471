import type { OpenApiDocument } from './loadSpec.ts';
import type { HttpMethod, JsonSchema, OperationSpec, ParameterSpec } from './types.ts';

const METHODS: HttpMethod[] = ['get', 'post', 'delete', 'put', 'patch'];

interface RawParameter {
  name: string;
  in: ParameterSpec['in'];
  required?: boolean;
  schema?: JsonSchema;
}

interface RawOperation {
  operationId?: string;
  parameters?: RawParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

function jsonSchemaOf(content: Record<string, { schema?: JsonSchema }> | undefined): JsonSchema | undefined {
  return content?.['application/json']?.schema;
}

/**
 * Flattens the dereferenced spec into operations keyed by operationId. Fails loudly on anything the
 * simulator would otherwise have to guess about (missing operationId, duplicate ids, non-JSON bodies).
 */
export function indexOperations(doc: OpenApiDocument): Map<string, OperationSpec> {
  const operations = new Map<string, OperationSpec>();
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = rawItem as Record<string, unknown> & { parameters?: RawParameter[] };
    for (const method of METHODS) {
      const op = item[method] as RawOperation | undefined;
      if (!op) continue;
      if (!op.operationId) throw new Error(`spec: ${method.toUpperCase()} ${path} has no operationId`);
      if (operations.has(op.operationId)) throw new Error(`spec: operationId ${op.operationId} is used twice`);
      const merged = new Map<string, RawParameter>();
      for (const p of [...(item.parameters ?? []), ...(op.parameters ?? [])]) merged.set(`${p.in}:${p.name}`, p);
      const parameters: ParameterSpec[] = [...merged.values()].map((p) => ({
        name: p.name,
        in: p.in,
        required: p.required === true,
        schema: p.schema ?? {},
      }));
      if (op.requestBody && !jsonSchemaOf(op.requestBody.content)) {
        throw new Error(`spec: ${op.operationId} has a request body that is not application/json`);
      }
      operations.set(op.operationId, {
        operationId: op.operationId,
        method,
        path,
        parameters,
        requestBody: jsonSchemaOf(op.requestBody?.content),
        responseBody: jsonSchemaOf(op.responses?.['200']?.content),
        errorBody: jsonSchemaOf(op.responses?.['default']?.content),
        paginated: parameters.some((p) => p.in === 'query' && p.name === 'cursor'),
      });
    }
  }
  return operations;
}
