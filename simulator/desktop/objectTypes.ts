import type { JsonSchema } from '../spec/types.ts';
import type { ObjectRules } from './ObjectRules.ts';
import { customerRules } from './types/customerRules.ts';
import { invoiceRules } from './types/invoiceRules.ts';
import { supportRules, supportSchemas } from './types/supportTypes.ts';

/** The per-type table: every object type the fake desktop application keeps. */
export const OBJECT_RULES: ReadonlyMap<string, ObjectRules> = new Map(
  [customerRules, invoiceRules, ...supportRules].map((r) => [r.objectType, r]),
);

/** Response schemas from the spec for served types, internal ones for the supporting lists. */
export function objectSchemas(served: ReadonlyMap<string, JsonSchema>): Map<string, JsonSchema> {
  const schemas = new Map<string, JsonSchema>(supportSchemas);
  for (const [type, schema] of served) schemas.set(type, schema);
  for (const type of OBJECT_RULES.keys()) {
    if (!schemas.has(type)) throw new Error(`object type ${type} has rules but no schema`);
  }
  return schemas;
}
