import type { JsonSchema, OperationSpec } from './types.ts';

/**
 * Which object type each desktop resource serves, read from its retrieve operation's response
 * (`objectType: const ldg_customer`), with that response schema. No table to keep in step.
 */
export function servedObjectTypes(operations: ReadonlyMap<string, OperationSpec>): {
  resourceTypes: Map<string, string>;
  schemas: Map<string, JsonSchema>;
} {
  const resourceTypes = new Map<string, string>();
  const schemas = new Map<string, JsonSchema>();
  for (const op of operations.values()) {
    if (!op.path.startsWith('/ledger-desktop/') || !op.operationId.endsWith('.retrieve')) continue;
    const schema = op.responseBody;
    const type = schema?.properties?.['objectType']?.const;
    if (typeof type !== 'string' || !schema) continue;
    resourceTypes.set(op.operationId.split('.')[0] ?? '', type);
    schemas.set(type, schema);
  }
  return { resourceTypes, schemas };
}
