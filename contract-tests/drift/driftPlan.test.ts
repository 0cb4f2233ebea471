import { describe, expect, it } from 'vitest';
import { DEFAULT_SPEC } from '../runner/contractCommand.ts';
import { isDataOperation, loadSpecModel } from '../runner/specModel.ts';
import { driftPlan } from './driftPlan.ts';

const PERIOD = { from: '2025-01-01', to: '2025-12-31' };

describe('driftPlan: the reads a drift run sends, from the spec', () => {
  it('asks every GET operation on a company file something, every report type over the period, round by round', async () => {
    const spec = await loadSpecModel(DEFAULT_SPEC);
    const plan = driftPlan(spec, PERIOD);
    const reads = spec.operations.filter((op) => op.method === 'GET' && isDataOperation(op)).map((op) => op.operationId);
    expect(reads.filter((id) => !plan.some((p) => p.operationId === id))).toEqual([]);
    expect(plan.some((p) => p.operationId.startsWith('endUsers.'))).toBe(false);
    expect(plan.map((p) => p.round)).toEqual([...plan.map((p) => p.round)].sort((a, b) => a - b));
    for (const op of spec.operations.filter((o) => o.path.startsWith('/ledger-desktop/reports/'))) {
      const types = op.parameters.find((p) => p.name === 'reportType')?.schema.enum ?? [];
      const asked = plan.filter((p) => p.operationId === op.operationId && p.kind === 'report');
      expect(asked.map((p) => p.query['reportType'])).toEqual(types);
      for (const p of asked) if (op.parameters.some((q) => q.name === 'reportDateFrom')) expect([p.query['reportDateFrom'], p.query['reportDateTo']]).toEqual([PERIOD.from, PERIOD.to]);
      // Nothing as of "today", which is another day on each target.
      for (const name of ['agingAsOf', 'openBalanceAsOf']) if (op.parameters.some((q) => q.name === name)) expect(asked.map((p) => p.query[name])).toEqual(asked.map(() => 'report_end_date'));
    }
  });

  it('fills a required id parameter from the list it names, and keeps to --only prefixes', async () => {
    const spec = await loadSpecModel(DEFAULT_SPEC);
    const billsToPay = driftPlan(spec, PERIOD, ['billsToPay']);
    expect(billsToPay.find((p) => p.kind === 'first-page')?.idFrom).toEqual({ operationId: 'vendors.list', pick: 'first', param: 'vendorId' });
    expect(new Set(driftPlan(spec, PERIOD, ['customers']).map((p) => p.operationId))).toEqual(new Set(['customers.list', 'customers.retrieve']));
    expect(driftPlan(spec, PERIOD, ['nosuch'])).toEqual([]);
  });
});
