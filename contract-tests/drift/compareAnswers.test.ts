import { describe, expect, it } from 'vitest';
import type { Exchange } from '../runner/httpClient.ts';
import type { SpecOperation } from '../runner/specModel.ts';
import { compareAnswers } from './compareAnswers.ts';

const answer = (status: number, json: unknown): Exchange => ({ request: { method: 'GET', url: 'https://x.test/v1/things', headers: {}, body: undefined }, status, headers: {}, text: JSON.stringify(json), json, ms: 1 });
const gone = (): Exchange => ({ ...answer(0, undefined), networkError: 'connect ECONNREFUSED' });

const thing = { type: 'object', properties: { id: { type: 'string' }, kind: { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] }, lines: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, amount: { type: 'string' } } } } } };
const listOp = { operationId: 'things.list', list: true, identity: 'id', objectSchema: thing } as unknown as SpecOperation;
const getOp = { operationId: 'things.retrieve', list: false, identity: 'id', objectSchema: thing } as unknown as SpecOperation;

const page = (data: unknown[], extra: Record<string, unknown> = {}): unknown => ({ objectType: 'list', data, nextCursor: null, remainingCount: 0, ...extra });
const error = (code: string, extra: Record<string, unknown> = {}): unknown => ({ error: { type: 'INVALID_REQUEST_ERROR', code, message: 'm', requestId: 'req_1', ...extra } });
const obj = { id: '1', kind: 'a', name: 'One', lines: [{ id: 'l1', amount: '1.00' }] };

describe('compareAnswers: each way two answers to one request differ', () => {
  it.each([
    ['the same list, request id and cursor aside', listOp, answer(200, page([obj], { nextCursor: 'c1' })), answer(200, page([obj], { nextCursor: 'c2' })), []],
    ['the same error but for its request id and message', getOp, answer(404, error('X')), answer(404, { error: { ...(error('X') as { error: object }).error, requestId: 'req_2', message: 'other' } }), []],
    ['a field made null', getOp, answer(200, obj), answer(200, { ...obj, name: null }), [['presence', 'name', 'present (string)', 'null']]],
    ['a field left out', getOp, answer(200, obj), answer(200, { ...obj, name: undefined }), [['presence', 'name', 'present (string)', 'absent']]],
    ['a field of another type', getOp, answer(200, obj), answer(200, { ...obj, name: 1 }), [['type', 'name', 'string', 'number']]],
    ['an enum value (through a nullable anyOf)', getOp, answer(200, obj), answer(200, { ...obj, kind: 'c' }), [['enum', 'kind', '"a"', '"c"']]],
    ['a value', getOp, answer(200, obj), answer(200, { ...obj, lines: [{ id: 'l1', amount: '2.00' }] }), [['value', 'lines[].amount', '"1.00"', '"2.00"']]],
    ['a list count and remainingCount', listOp, answer(200, page([obj, { ...obj, id: '2' }], { remainingCount: 3 })), answer(200, page([obj], { remainingCount: 4 })), [['count', 'data.length', '2', '1'], ['count', 'remainingCount', '3', '4'], ['objects', 'data[]', 'only here: 2', '-']]],
    ['a status', getOp, answer(200, obj), answer(502, error('LDG_REQUEST_ERROR')), [['status', '(status)', '200', '502 LDG_REQUEST_ERROR']]],
    ['a missing operation', getOp, answer(200, obj), answer(404, error('ROUTE_NOT_FOUND')), [['missing-operation', '(status)', '200', '404 ROUTE_NOT_FOUND']]],
    ['an error code', getOp, answer(502, error('LDG_REQUEST_ERROR', { integrationCode: '3000' })), answer(502, error('LDG_OBJECT_MISSING', { integrationCode: '3000' })), [['error', 'error.code', '"LDG_REQUEST_ERROR"', '"LDG_OBJECT_MISSING"']]],
    ['an answer missing on one side', getOp, answer(200, obj), gone(), [['unanswered', '(status)', '200', 'no answer (connect ECONNREFUSED)']]],
  ])('%s', (_name, op, reference, candidate, expected) => {
    expect(compareAnswers(reference, candidate, op).map((d) => [d.kind, d.field, d.reference, d.candidate])).toEqual(expected);
  });

  it('matches lines by position when an id repeats (a credit applied twice to one document), not all to the last', () => {
    const twice = { ...obj, lines: [{ id: 'l1', amount: '1.00' }, { id: 'l1', amount: '2.00' }] };
    expect(compareAnswers(answer(200, twice), answer(200, twice), getOp)).toEqual([]);
  });

  it('names the object a difference was seen on, the outermost one', () => {
    const [d] = compareAnswers(answer(200, page([obj])), answer(200, page([{ ...obj, lines: [{ id: 'l1', amount: '9.00' }] }])), listOp);
    expect([d?.field, d?.objectId]).toEqual(['data[].lines[].amount', '1']);
  });
});
