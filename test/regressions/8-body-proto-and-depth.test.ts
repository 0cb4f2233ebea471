import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../simulator/desktop/values/jsonLimits.ts';
import { parseFixtureText } from '../../simulator/fixtures/fixtureFile.ts';
import { bodyLimitFamily, nestedJson } from '../hostile/families/bodyLimitFamily.ts';
import { storedStateOf } from '../support/storedState.ts';
import { startTestSandbox, type TestSandbox } from '../support/testClient.ts';
import { expectFamilyRefused } from './regressionKit.ts';

let api: TestSandbox;
beforeAll(async () => {
  api = await startTestSandbox();
});
afterAll(() => api.close());

async function postFixture(text: string): Promise<{ status: number; code: unknown; message: string }> {
  const url = `/_sandbox/end-users/${api.endUser}/fixture`;
  const reply = await api.controlRaw('POST', url, text);
  return { status: reply.status, code: reply.body.error?.['code'], message: String(reply.body.error?.['message'] ?? '') };
}

describe('issue 8.3: fixtures (and every JSON body) with __proto__ keys or absurd depth are refused with 400', () => {
  it('refuses a fixture with a __proto__ key, naming it', async () => {
    const before = storedStateOf(api);
    const reply = await postFixture('{"fixtureVersion":1,"company":{"name":"Acme"},"lists":{"__proto__":{"classes":[]}}}');
    expect(reply).toMatchObject({ status: 400, code: 'INVALID_REQUEST' });
    expect(reply.message).toContain('"lists.__proto__"');
    expect(storedStateOf(api)).toBe(before);
  });

  it(`refuses a fixture nested 10,000 levels deep, saying the limit (${MAX_JSON_DEPTH})`, async () => {
    const reply = await postFixture(`{"fixtureVersion":1,"company":{"name":"Acme"},"lists":${nestedJson(10_000, 'object')}}`);
    expect(reply).toMatchObject({ status: 400, code: 'INVALID_REQUEST' });
    expect(reply.message).toContain(`deeper than ${MAX_JSON_DEPTH} levels`);
  });

  it('accepts a document exactly at the limit as far as depth goes', async () => {
    const atLimit = `{"seconds":0,"milliseconds":${nestedJson(MAX_JSON_DEPTH - 1, 'array')}}`;
    const reply = await api.controlRaw('POST', '/_sandbox/clock/advance', atLimit);
    // Refused for its value (not a whole number), not for its depth.
    expect(reply.status).toBe(400);
    expect(String(reply.body.error?.['message'])).toContain('"milliseconds": must be a whole number');
  });

  it.each([
    ['json', '{"fixtureVersion":1,"company":{"name":"Acme","__proto__":{}}}', 'company.__proto__'],
    ['yaml', 'fixtureVersion: 1\ncompany:\n  name: Acme\n  __proto__:\n    x: 1\n', 'company.__proto__'],
    ['json', `{"fixtureVersion":1,"company":{"name":"Acme"},"lists":${nestedJson(5000, 'array')}}`, undefined],
  ])('refuses the same in a fixture file (%s), with the place named', (format, text, field) => {
    const parsed = parseFixtureText(text, format as 'json' | 'yaml');
    expect(parsed.root).toBeUndefined();
    expect(parsed.problems).toHaveLength(1);
    if (field) expect(parsed.problems[0]?.field).toBe(field);
  });

  it('refuses seeded variants in every JSON body the Service and the sandbox read', async () => {
    await expectFamilyRefused(api, bodyLimitFamily);
  });
});
