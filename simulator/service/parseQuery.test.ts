import { describe, expect, it } from 'vitest';
import { createAjv } from '../spec/createAjv.ts';
import { loadServiceSpec } from '../spec/serviceSpec.ts';
import type { OperationSpec } from '../spec/types.ts';
import { parseQuery } from './parseQuery.ts';

const op: OperationSpec = {
  operationId: 'customers.list',
  method: 'get',
  path: '/ledger-desktop/customers',
  parameters: [
    { name: 'ids', in: 'query', required: false, schema: { type: 'array', items: { type: 'string' } } },
    { name: 'fullNames', in: 'query', required: false, schema: { type: 'array', items: { type: 'string' } } },
    { name: 'limit', in: 'query', required: false, schema: { type: 'integer' } },
    { name: 'includeLineItems', in: 'query', required: false, schema: { type: 'boolean' } },
    { name: 'nameContains', in: 'query', required: false, schema: { type: 'string' } },
  ],
  requestBody: undefined,
  responseBody: undefined,
  errorBody: undefined,
  paginated: true,
};

describe('parseQuery', () => {
  it.each([
    ['repeated id keys', 'ids=a-1&ids=b-2', { ids: ['a-1', 'b-2'] }],
    ['comma-joined ids', 'ids=a-1,b-2', { ids: ['a-1', 'b-2'] }],
    ['one id', 'ids=a-1', { ids: ['a-1'] }],
    ['names keep their commas', 'fullNames=Smith%2C%20Jones', { fullNames: ['Smith, Jones'] }],
    ['comma-joined names', 'fullNames=Smith%2C%20Jones,Lee', { fullNames: ['Smith, Jones', 'Lee'] }],
    ['an empty value as sent', 'fullNames=', { fullNames: [''] }],
    ['a trailing comma', 'ids=a-1,', { ids: ['a-1'] }],
    ['repeated names', 'fullNames=A&fullNames=B%2C%20C', { fullNames: ['A', 'B, C'] }],
  ])('reads %s', (_name, search, expected) => {
    expect(parseQuery(op, new URLSearchParams(search))).toEqual(expected);
  });

  it.each([
    ['limit=20', { limit: 20 }],
    ['limit=abc', { limit: 'abc' }],
    ['limit=1&limit=2', { limit: ['1', '2'] }],
    ['includeLineItems=false', { includeLineItems: false }],
    ['includeLineItems=maybe', { includeLineItems: 'maybe' }],
    ['nameContains=42', { nameContains: '42' }],
  ])('types %s by the spec, leaving what does not fit for the validator', (search, expected) => {
    expect(parseQuery(op, new URLSearchParams(search))).toEqual(expected);
  });

  it.each(['unknown=1', '__proto__=x', 'constructor=x', 'toString=1', 'hasOwnProperty=1', 'limit=1&__proto__[x]=1'])(
    'refuses the key nobody declared in %s, naming it',
    (search) => {
      const name = [...new URLSearchParams(search).keys()].find((k) => k !== 'limit');
      expect(() => parseQuery(op, new URLSearchParams(search))).toThrow(`Invalid request at "${name}"`);
    },
  );

  it('keeps every declared key as an own property', () => {
    const query = parseQuery(op, new URLSearchParams('nameContains=a'));
    expect(Object.getPrototypeOf(query)).toBe(Object.prototype);
    expect(Object.keys(query)).toEqual(['nameContains']);
  });
});

const { operations } = await loadServiceSpec();
const ajv = createAjv();
const arrayParameters = [...operations.values()].flatMap((op) =>
  op.parameters.filter((p) => p.in === 'query' && (Array.isArray(p.schema.type) ? p.schema.type.includes('array') : p.schema.type === 'array')).map((p) => [`${op.operationId} ${p.name}`, op, p] as const),
);

describe('every array query parameter of the spec (issue 40)', () => {
  it('exists, ids and the report columns among them', () => {
    const names = new Set(arrayParameters.map(([, , p]) => p.name));
    expect(arrayParameters.length).toBeGreaterThan(200);
    expect([...names]).toEqual(expect.arrayContaining(['ids', 'fullNames', 'names', 'refNumbers', 'includeColumns', 'transactionTypes', 'objectTypes']));
  });

  it.each(arrayParameters)('%s takes repeated keys and comma-joined values alike', (_name, op, parameter) => {
    const allowed = parameter.schema.items?.enum?.map(String) ?? ['first-1', 'second-2'];
    const [a, b] = [allowed[0] ?? '', allowed[1] ?? allowed[0] ?? ''];
    const repeated = parseQuery(op, new URLSearchParams([[parameter.name, a], [parameter.name, b]]));
    const joined = parseQuery(op, new URLSearchParams([[parameter.name, `${a},${b}`]]));
    expect(joined).toEqual(repeated);
    expect(joined[parameter.name]).toEqual([a, b]);
    // The values the joined spelling gave are values the parameter takes (report columns are enums).
    const validate = ajv.compile(parameter.schema);
    expect(validate(joined[parameter.name]), JSON.stringify(validate.errors)).toBe(true);
  });
});
