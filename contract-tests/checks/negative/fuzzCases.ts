import type { SendOptions } from '../../runner/httpClient.ts';
import { Rng } from '../../runner/rng.ts';
import type { Schema, SpecOperation } from '../../runner/specModel.ts';
import { concrete } from '../writes/writeBodies.ts';
import { verbOf } from '../../runner/related.ts';

/**
 * `invalid`: the spec forbids it, so the answer must be a 4xx. `hostile`: allowed by the spec but
 * unkind (huge or odd values), so any answer but a crash or a hang will do.
 *
 * Every case starts from a request the target accepts and changes one thing in it, so a refusal can
 * only be for that thing: `{id}` in the path becomes an id that exists, and a body case changes one
 * field of a body that the write checks would send (`mutate`).
 */
export interface FuzzCase {
  kind: string;
  expect: 'invalid' | 'hostile';
  op: SpecOperation;
  request: SendOptions;
  /** The one change made to a valid body; the request is sent with its result. */
  mutate?: (valid: Record<string, unknown>) => Record<string, unknown>;
  description: string;
}

type Maker = (rng: Rng, op: SpecOperation) => Omit<FuzzCase, 'op' | 'kind'> | undefined;

const typeOf = (s: Schema): string | undefined => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);
const queryParams = (op: SpecOperation) => op.parameters.filter((p) => p.in === 'query');
/** The path as the spec writes it: `{id}` is replaced by a real id when the case is sent. */
const concretePath = (op: SpecOperation): string => op.path;
const bodyFields = (op: SpecOperation, fits: (s: Schema) => boolean): [string, Schema][] =>
  Object.entries(op.requestBody?.properties ?? {})
    .map(([name, s]): [string, Schema] => [name, concrete(s)])
    .filter(([name, s]) => name !== 'revisionNumber' && fits(s));

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

const bodyCase = (op: SpecOperation, description: string, change: (valid: Record<string, unknown>) => Record<string, unknown>): Omit<FuzzCase, 'op' | 'kind'> => ({
  expect: 'invalid',
  request: { method: op.method, path: concretePath(op) },
  mutate: change,
  description,
});

const BODY_MAKERS: Record<string, Maker> = {
  unknownBodyKey: (rng, op) => {
    const value = rng.int(1, 9);
    return bodyCase(op, 'a valid body plus the unknown key zz_contract_key', (valid) => ({ ...valid, zz_contract_key: value }));
  },
  wrongBodyType: (rng, op) => {
    const fields = bodyFields(op, (s) => typeOf(s) === 'string');
    if (fields.length === 0) return undefined;
    const [name] = rng.pick(fields);
    return bodyCase(op, `a valid body with ${name} as a number`, (valid) => ({ ...valid, [name]: 12345 }));
  },
  tooLong: (rng, op) => {
    const fields = bodyFields(op, (s) => typeof s.maxLength === 'number' && s.enum === undefined);
    if (fields.length === 0) return undefined;
    const [name, schema] = rng.pick(fields);
    const max = schema.maxLength ?? 0;
    return bodyCase(op, `a valid body with ${name} one character over its ${max}`, (valid) => ({ ...valid, [name]: 'x'.repeat(max + 1) }));
  },
  badBodyEnum: (rng, op) => {
    const fields = bodyFields(op, (s) => Array.isArray(s.enum) && typeOf(s) === 'string');
    if (fields.length === 0) return undefined;
    const [name] = rng.pick(fields);
    return bodyCase(op, `a valid body with ${name} = "not_a_value" (not in its enum)`, (valid) => ({ ...valid, [name]: 'not_a_value' }));
  },
  offPattern: (rng, op) => {
    const fields = bodyFields(op, (s) => typeof s['pattern'] === 'string' && !new RegExp(String(s['pattern']), 'u').test(OFF_PATTERN));
    if (fields.length === 0) return undefined;
    const [name] = rng.pick(fields);
    return bodyCase(op, `a valid body with ${name} = ${JSON.stringify(OFF_PATTERN)} (off its pattern)`, (valid) => ({ ...valid, [name]: OFF_PATTERN }));
  },
  bodyOutOfRange: (rng, op) => {
    const fields = bodyFields(op, (s) => ['integer', 'number'].includes(typeOf(s) ?? '') && (typeof s.maximum === 'number' || typeof s.minimum === 'number'));
    if (fields.length === 0) return undefined;
    const [name, schema] = rng.pick(fields);
    const value = typeof schema.maximum === 'number' ? schema.maximum + 1 : (schema.minimum ?? 0) - 1;
    return bodyCase(op, `a valid body with ${name} = ${value} (outside ${schema.minimum ?? '-inf'}..${schema.maximum ?? 'inf'})`, (valid) => ({ ...valid, [name]: value }));
  },
  brokenJson: (_rng, op) => ({ expect: 'invalid', request: { method: op.method, path: concretePath(op), rawBody: '{"name": ' }, description: 'a body that is not JSON' }),
};

/** A value no money, date, time or code pattern of the spec accepts. */
const OFF_PATTERN = 'not-a-valid value!';

/**
 * The cases of one run: kinds taken in turn so every kind is tried, operations and values drawn from
 * the seed. Bodies are only sent when writes are allowed: a target that wrongly accepted one would
 * change someone's books.
 */
export function fuzzCases(rng: Rng, operations: SpecOperation[], count: number, allowWrites: boolean): FuzzCase[] {
  const reads = operations.filter((op) => op.method === 'GET');
  // Body cases change one field of a body the write checks know how to build: the desktop's own writes.
  const writes = allowWrites ? operations.filter((op) => ['create', 'update'].includes(verbOf(op) ?? '') && op.path.startsWith('/ledger-desktop/')) : [];
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
