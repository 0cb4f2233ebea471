/**
 * The facts of a JSON Schema that the spec must share with the reference catalog (names, types,
 * formats, enums, required, nullable, lengths and ranges), with `anyOf: [X, null]`, `allOf` and type
 * lists folded into one form, so two documents written differently compare equal when they agree.
 */
export type Schema = Record<string, unknown>;

interface Facts {
  types: string[];
  format?: unknown;
  enum?: unknown[];
  minLength?: unknown;
  maxLength?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
}

function merge(into: Facts, schema: Schema): void {
  const type = schema['type'];
  if (Array.isArray(type)) into.types.push(...(type as string[]));
  else if (typeof type === 'string') into.types.push(type);
  if (schema['const'] !== undefined) into.enum = [...(into.enum ?? []), schema['const']];
  for (const key of ['format', 'minLength', 'maxLength', 'minimum', 'maximum'] as const) if (schema[key] !== undefined) into[key] = schema[key];
  if (Array.isArray(schema['enum'])) into.enum = [...(into.enum ?? []), ...(schema['enum'] as unknown[])];
  if (Array.isArray(schema['required'])) into.required = [...(into.required ?? []), ...(schema['required'] as string[])];
  if (schema['properties']) into.properties = { ...(into.properties ?? {}), ...(schema['properties'] as Record<string, Schema>) };
  if (schema['items']) into.items = schema['items'] as Schema;
  for (const key of ['anyOf', 'oneOf', 'allOf']) for (const part of (schema[key] as Schema[] | undefined) ?? []) merge(into, part);
}

export function factsOf(schema: Schema): Facts {
  const facts: Facts = { types: [] };
  merge(facts, schema);
  facts.types = [...new Set(facts.types)].sort();
  if (facts.enum) facts.enum = [...new Set(facts.enum.filter((v) => v !== null).map((v) => JSON.stringify(v)))].sort();
  if (facts.required) facts.required = [...new Set(facts.required)].sort();
  return facts;
}

/** Every difference between two schemas, as `path: what ours says vs what the catalog says`. */
export function compareSchemas(ours: Schema, theirs: Schema, at: string, out: string[], depth = 0): void {
  if (depth > 8) return;
  const a = factsOf(ours);
  const b = factsOf(theirs);
  const show = (v: unknown): string => (v === undefined ? '(none)' : JSON.stringify(v));
  for (const key of ['types', 'format', 'enum', 'minLength', 'maxLength', 'minimum', 'maximum', 'required'] as const) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) out.push(`${at}: ${key} ${show(a[key])} here, ${show(b[key])} in the catalog`);
  }
  const names = new Set([...Object.keys(a.properties ?? {}), ...Object.keys(b.properties ?? {})]);
  for (const name of [...names].sort()) {
    const mine = a.properties?.[name];
    const real = b.properties?.[name];
    if (!mine) out.push(`${at}.${name}: missing here`);
    else if (!real) out.push(`${at}.${name}: not in the catalog`);
    else compareSchemas(mine, real, `${at}.${name}`, out, depth + 1);
  }
  if (a.items && b.items) compareSchemas(a.items, b.items, `${at}[]`, out, depth + 1);
}
