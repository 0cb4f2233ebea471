import type { SendOptions } from '../../runner/httpClient.ts';
import { Rng } from '../../runner/rng.ts';
import type { Schema, SpecOperation } from '../../runner/specModel.ts';

/**
 * `invalid`: the spec forbids it, so the answer must be a 4xx. `hostile`: allowed by the spec but
 * unkind (huge or odd values), so any answer but a crash or a hang will do.
 */
export interface FuzzCase {
  kind: string;
  expect: 'invalid' | 'hostile';
  op: SpecOperation;
  request: SendOptions;
  description: string;
}

type Maker = (rng: Rng, op: SpecOperation) => Omit<FuzzCase, 'op' | 'kind'> | undefined;

const typeOf = (s: Schema): string | undefined => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);
const queryParams = (op: SpecOperation) => op.parameters.filter((p) => p.in === 'query');
const concretePath = (op: SpecOperation, id = 'FFFFFFF0-1000000000'): string => op.path.replace(/\{\w+\}/g, encodeURIComponent(id));

const ODD_IDS = ['not-an-id', '..%2F..%2Fetc', 'x'.repeat(400), '0', '-1', '%00', '\u{1F4A5}', 'DROP TABLE objects', '80000001-'];

const MAKERS: Record<string, Maker> = {
  unknownParameter: (rng, op) => {
    const name = `zz_contract_${rng.int(100, 999)}`;
    return { expect: 'invalid', request: { path: concretePath(op), query: { [name]: '1' } }, description: `unknown query parameter ${name}` };
  },
  wrongType: (rng, op) => {
    const typed = queryParams(op).filter((p) => ['integer', 'number', 'boolean'].includes(typeOf(p.schema) ?? ''));
    if (typed.length === 0) return undefined;
    const p = rng.pick(typed);
    const value = rng.pick(['abc', 'maybe', '1e', '[]', '']);
    return { expect: 'invalid', request: { path: concretePath(op), query: { [p.name]: value } }, description: `${p.name}=${JSON.stringify(value)} (not a ${typeOf(p.schema)})` };
  },
  outOfRange: (rng, op) => {
    const bounded = queryParams(op).filter((p) => typeof p.schema.minimum === 'number' || typeof p.schema.maximum === 'number');
    if (bounded.length === 0) return undefined;
    const p = rng.pick(bounded);
    const choices = [
      ...(typeof p.schema.maximum === 'number' ? [p.schema.maximum + 1, p.schema.maximum * 1000, 10 ** 12] : []),
      ...(typeof p.schema.minimum === 'number' ? [p.schema.minimum - 1, -(10 ** 9)] : []),
    ];
    const value = rng.pick(choices);
    return { expect: 'invalid', request: { path: concretePath(op), query: { [p.name]: value } }, description: `${p.name}=${value} (outside ${p.schema.minimum ?? '-inf'}..${p.schema.maximum ?? 'inf'})` };
  },
  badEnum: (rng, op) => {
    const enums = queryParams(op).filter((p) => Array.isArray(p.schema.enum));
    if (enums.length === 0) return undefined;
    const p = rng.pick(enums);
    return { expect: 'invalid', request: { path: concretePath(op), query: { [p.name]: 'not_a_value' } }, description: `${p.name}=not_a_value (not in its enum)` };
  },
  badDate: (rng, op) => {
    const dates = queryParams(op).filter((p) => p.schema.format === 'date');
    if (dates.length === 0) return undefined;
    const p = rng.pick(dates);
    const value = rng.pick(['2024-13-45', 'yesterday', '20240101', '2024-02-30x']);
    return { expect: 'invalid', request: { path: concretePath(op), query: { [p.name]: value } }, description: `${p.name}=${value} (not a date)` };
  },
  oddId: (rng, op) => {
    if (!op.path.includes('{')) return undefined;
    const id = rng.pick(ODD_IDS);
    return { expect: 'hostile', request: { path: op.path.replace(/\{\w+\}/g, encodeURIComponent(id)) }, description: `path id ${JSON.stringify(id.slice(0, 40))}` };
  },
  hugeString: (rng, op) => {
    const strings = queryParams(op).filter((p) => typeOf(p.schema) === 'string' && p.schema.format === undefined && p.name !== 'cursor');
    if (strings.length === 0) return undefined;
    const p = rng.pick(strings);
    // Long, multi-byte, yet within the request-line size servers commonly accept (about 8 KB).
    const value = 'ÿ'.repeat(rng.int(400, 1200));
    return { expect: 'hostile', request: { path: concretePath(op), query: { [p.name]: value } }, description: `${p.name} of ${value.length} characters` };
  },
};

const BODY_MAKERS: Record<string, Maker> = {
  unknownBodyKey: (rng, op) => ({
    expect: 'invalid',
    request: { method: op.method, path: concretePath(op), body: { zz_contract_key: rng.int(1, 9) } },
    description: 'unknown body key zz_contract_key',
  }),
  wrongBodyType: (rng, op) => {
    const props = Object.entries(op.requestBody?.properties ?? {}).filter(([, s]) => typeOf(s) === 'string');
    if (props.length === 0) return undefined;
    const [name] = rng.pick(props);
    return { expect: 'invalid', request: { method: op.method, path: concretePath(op), body: { [name]: 12345 } }, description: `body ${name} as a number` };
  },
  tooLong: (rng, op) => {
    const props = Object.entries(op.requestBody?.properties ?? {}).filter(([, s]) => typeof s.maxLength === 'number');
    if (props.length === 0) return undefined;
    const [name, schema] = rng.pick(props);
    return { expect: 'invalid', request: { method: op.method, path: concretePath(op), body: { [name]: 'x'.repeat((schema.maxLength ?? 0) + 50) } }, description: `body ${name} longer than ${schema.maxLength}` };
  },
  brokenJson: (_rng, op) => ({ expect: 'invalid', request: { method: op.method, path: concretePath(op), rawBody: '{"name": ' }, description: 'a body that is not JSON' }),
};

/**
 * The cases of one run: kinds taken in turn so every kind is tried, operations and values drawn from
 * the seed. Bodies are only sent when writes are allowed: a target that wrongly accepted one would
 * change someone's books.
 */
export function fuzzCases(rng: Rng, operations: SpecOperation[], count: number, allowWrites: boolean): FuzzCase[] {
  const reads = operations.filter((op) => op.method === 'GET');
  const writes = allowWrites ? operations.filter((op) => op.requestBody && op.method === 'POST') : [];
  const makers: [string, Maker, SpecOperation[]][] = [
    ...Object.entries(MAKERS).map(([k, m]): [string, Maker, SpecOperation[]] => [k, m, reads]),
    ...Object.entries(BODY_MAKERS).map(([k, m]): [string, Maker, SpecOperation[]] => [k, m, writes]),
  ].filter(([, , ops]) => ops.length > 0);
  // Each kind draws only among the operations it can make a case for, so no kind is starved by
  // operations that do not fit it (a date filter exists on one list only, say).
  const fitting = makers
    .map(([kind, make, ops]): [string, Maker, SpecOperation[]] => [kind, make, ops.filter((op) => make(new Rng(0), op) !== undefined)])
    .filter(([, , ops]) => ops.length > 0);
  const cases: FuzzCase[] = [];
  for (let i = 0; cases.length < count && fitting.length > 0; i += 1) {
    const maker = fitting[i % fitting.length];
    if (!maker) break;
    const [kind, make, ops] = maker;
    const op = rng.pick(ops);
    const made = make(rng, op);
    if (made) cases.push({ ...made, kind, op });
  }
  return cases;
}
