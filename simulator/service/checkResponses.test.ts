import { describe, expect, it } from 'vitest';
import { loadServiceSpec } from '../spec/serviceSpec.ts';
import { checkResponsesByDefault, ResponseChecker } from './checkResponses.ts';
import { createLogger } from './logger.ts';
import { ServiceError } from './ServiceError.ts';

const { validators } = await loadServiceSpec();

function checker(): { check: ResponseChecker; lines: string[] } {
  const lines: string[] = [];
  return { check: new ResponseChecker(validators, createLogger('debug', (line) => lines.push(line))), lines };
}

describe('ResponseChecker', () => {
  const goodError = JSON.stringify(ServiceError.of('CURSOR_EXPIRED', 'The cursor expired.').toBody('req_1'));

  it.each([
    ['an error of an operation', 'customers.list'],
    ['an error before any operation was known', undefined],
  ])('lets %s in the spec\'s shape go out', (_name, operationId) => {
    expect(checker().check.refusal(operationId, 400, goodError, 'req_1')).toBeUndefined();
  });

  it.each([
    ['a request id without its prefix', JSON.stringify({ error: { ...JSON.parse(goodError).error, requestId: '1' } }), '"error.requestId"'],
    ['a field the shape does not have', JSON.stringify({ error: { ...JSON.parse(goodError).error, hint: 'x' } }), '"error.hint"'],
    ['no user-facing message', JSON.stringify({ error: { ...JSON.parse(goodError).error, userFacingMessage: undefined } }), '"error.userFacingMessage"'],
  ])('refuses an error body with %s, naming the field', (_name, body, field) => {
    const { check, lines } = checker();
    const refusal = check.refusal('customers.list', 400, body, 'req_9');
    expect(refusal?.code).toBe('SIMULATOR_BUG');
    expect(refusal?.message).toContain(field);
    expect(lines.join('\n')).toContain('req_9');
  });

  it('refuses a 200 body that is not JSON, read from its parts', () => {
    const refusal = checker().check.refusal('customers.list', 200, [Buffer.from('{"objectType":"list",'), Buffer.from('"data":[')], 'req_2');
    expect(refusal?.message).toContain('the body is not JSON');
  });

  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    ['1', true],
    ['yes', true],
  ])('LEDGER_SIM_CHECK_RESPONSES=%j turns the check on: %s', (value, on) => {
    expect(checkResponsesByDefault(value === undefined ? {} : { LEDGER_SIM_CHECK_RESPONSES: value })).toBe(on);
  });
});
