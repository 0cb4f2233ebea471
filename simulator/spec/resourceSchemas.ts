import type { JsonSchema, OperationSpec } from './types.ts';

const DESKTOP_PATH = /^\/ledger-desktop\/([a-z-]+)(\/\{id\})?$/;

/** The schema of what a list's `data` holds, through the shared envelope's `allOf`. */
export function listItemsOf(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  const direct = schema.properties?.['data']?.items;
  if (direct) return direct;
  for (const branch of schema.allOf ?? []) {
    const found = listItemsOf(branch);
    if (found) return found;
  }
  return undefined;
}

/**
 * The object schema each `/ledger-desktop/<resource>` serves, read from its retrieve response or
 * from what its list's `data` holds. Resources whose path has an `{id}` deeper down (void) are not
 * object resources of their own and are left out.
 */
export function resourceSchemas(operations: ReadonlyMap<string, OperationSpec>): Map<string, JsonSchema> {
  const out = new Map<string, JsonSchema>();
  for (const op of operations.values()) {
    const match = DESKTOP_PATH.exec(op.path);
    const resource = match?.[1];
    if (!resource || resource === 'health-check' || out.has(resource)) continue;
    const verb = op.operationId.split('.')[1];
    const schema = verb === 'retrieve' ? op.responseBody : verb === 'list' ? listItemsOf(op.responseBody) : undefined;
    if (schema) out.set(resource, schema);
  }
  return out;
}

/** Which resource an operation belongs to (`vendors` for `vendors.list`), or undefined off `/ledger-desktop/`. */
export function resourceOf(op: OperationSpec): string | undefined {
  return /^\/ledger-desktop\/([a-z-]+)/.exec(op.path)?.[1];
}
