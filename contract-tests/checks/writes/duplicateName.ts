import { describeExchange, expectThat } from '../../runner/CheckFailure.ts';
import { errorOf } from '../expectError.ts';
import type { OperationCheck } from '../operationCheck.ts';
import { createOne, scenarioOf } from './writeScenarios.ts';

export const duplicateName: OperationCheck = {
  id: 'writes.duplicate-name',
  area: 'writes',
  rule: 'Creating an object with a name already in use fails with desktop code 3100',
  writes: true,
  applies: (op) => op.operationId.endsWith('.create') && op.method === 'POST' && scenarioOf(op)?.uniqueName === true,
  async run(ctx, op) {
    const first = await createOne(ctx, op, 'dup');
    const res = await ctx.client.send({ method: 'POST', path: op.path, body: { name: first['name'] } });
    expectThat(res.status >= 400 && errorOf(res)?.['integrationCode'] === '3100', 'an error with integrationCode "3100"', describeExchange(res), res);
  },
};
