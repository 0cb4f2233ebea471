import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedStateOf } from '../support/storedState.ts';
import { startTestSandbox, type TestSandbox } from '../support/testClient.ts';
import { HOSTILE_FAMILIES } from './families/index.ts';
import { formatReport, hostileContext, runHostile } from './runHostile.ts';

/**
 * Every family of issue 8 at once, shuffled together against one sandbox. `npm test` sends a few
 * dozen of each; `npm run test:hostile` sends thousands (HOSTILE_PER_FAMILY, HOSTILE_SEED).
 */
const PER_FAMILY = Number(process.env['HOSTILE_PER_FAMILY'] ?? 30);
const SEED = Number(process.env['HOSTILE_SEED'] ?? 8);

let api: TestSandbox;
beforeAll(async () => {
  api = await startTestSandbox();
});
afterAll(() => api.close());

describe(`a hostile run (seed ${SEED}, ${PER_FAMILY} variants of each of ${HOSTILE_FAMILIES.length} families)`, () => {
  it('gets no 5xx, every refusal in the error shape, no stored change, no fault logged, and a server that still answers', { timeout: 3_600_000 }, async () => {
    const ctx = await hostileContext(api);
    const before = storedStateOf(api);
    const report = await runHostile(api, ctx, HOSTILE_FAMILIES, { seed: SEED, perFamily: PER_FAMILY });
    process.stderr.write(`hostile run, seed ${SEED}:\n${formatReport(report)}\n`);
    expect(report.failures).toEqual([]);
    expect(storedStateOf(api)).toBe(before);
    expect(api.logLines.filter((line) => line.includes('"level":"error"'))).toEqual([]);
    const health = await api.get('/ledger-desktop/health-check');
    expect(health.status).toBe(200);
  });
});
