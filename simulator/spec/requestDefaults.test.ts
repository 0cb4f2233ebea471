import { beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../desktop/values/json.ts';
import { createAjv } from './createAjv.ts';
import { indexOperations } from './indexOperations.ts';
import { loadSpec } from './loadSpec.ts';
import { defaultsPlanOf, withRequestDefaults } from './requestDefaults.ts';
import type { JsonSchema, OperationSpec } from './types.ts';

let operations: ReadonlyMap<string, OperationSpec>;
beforeAll(async () => {
  operations = indexOperations(await loadSpec());
});

/**
 * A body that reaches every object the schema can hold, each empty: one entry in each list, the
 * first object branch of a union. Whatever a default could be filled into is there.
 */
function skeletonOf(schema: JsonSchema, depth = 0): JsonValue | undefined {
  if (depth > 6) return undefined;
  const branch = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find((s) => s.properties || s.items || s.allOf);
  if (!branch) return undefined;
  if (branch.items) {
    const entry = skeletonOf(branch.items, depth + 1);
    return entry === undefined ? undefined : [entry];
  }
  const out: JsonObject = {};
  const props = Object.assign({}, branch.properties, ...(branch.allOf ?? []).map((p) => p.properties ?? {})) as Record<string, JsonSchema>;
  for (const [field, prop] of Object.entries(props)) {
    const inner = skeletonOf(prop, depth + 1);
    if (inner !== undefined) out[field] = inner;
  }
  return out;
}

describe('the defaults a request schema gives, as the Service fills them in', () => {
  it('fills in what ajv (useDefaults) fills in, for every create and update body of the spec', () => {
    const ajv = createAjv({ useDefaults: true, allErrors: true });
    let filled = 0;
    for (const op of operations.values()) {
      if (!op.requestBody || !/\.(create|update)$/.test(op.operationId)) continue;
      const body = skeletonOf(op.requestBody) as JsonObject | undefined;
      if (!body) continue;
      const byAjv = structuredClone(body);
      ajv.compile(op.requestBody)(byAjv);
      const plan = defaultsPlanOf(op.requestBody);
      const ours = plan ? withRequestDefaults(plan, body) : body;
      expect(ours, op.operationId).toEqual(byAjv);
      if (ours !== body) filled += 1;
    }
    // Lines' billing status, customers' job status, orders' closing flags...
    expect(filled).toBeGreaterThan(20);
  });

  it.each([
    ['a field left out takes its default', { name: 'A' }, { name: 'A', isActive: true }],
    ['a field sent keeps its value, false included', { name: 'A', isActive: false }, { name: 'A', isActive: false }],
  ])('%s', (_label, body: JsonObject, expected: JsonObject) => {
    const plan = defaultsPlanOf({ type: 'object', properties: { name: { type: 'string' }, isActive: { type: 'boolean', default: true } } });
    expect(plan && withRequestDefaults(plan, body)).toEqual(expected);
  });

  it('fills lines in, without changing the body it was given (a caller may send one twice)', () => {
    const schema: JsonSchema = { type: 'object', properties: { lines: { type: 'array', items: { type: 'object', properties: { billingStatus: { type: 'string', default: 'billable' } } } } } };
    const body: JsonObject = { lines: [{ billingStatus: 'not_billable' }, {}] };
    const plan = defaultsPlanOf(schema);
    expect(plan && withRequestDefaults(plan, body)).toEqual({ lines: [{ billingStatus: 'not_billable' }, { billingStatus: 'billable' }] });
    expect(body).toEqual({ lines: [{ billingStatus: 'not_billable' }, {}] });
    expect(defaultsPlanOf({ type: 'object', properties: { name: { type: 'string' } } })).toBeUndefined();
  });
});
