import { describeExchange, expectThat } from '../../runner/CheckFailure.ts';
import { verbOf } from '../../runner/related.ts';
import { errorOf } from '../expectError.ts';
import type { OperationCheck } from '../operationCheck.ts';
import { createOne } from './paidDocuments.ts';
import { createBody } from './writeBodies.ts';

export const duplicateName: OperationCheck = {
  id: 'writes.duplicate-name',
  area: 'writes',
  rule: 'Creating an object with a name already in use fails with desktop code 3100',
  writes: true,
  // The desktop keeps names unique in every list whose create takes a required name.
  applies: (op) => verbOf(op) === 'create' && op.path.startsWith('/ledger-desktop/') && (op.requestBody?.required ?? []).includes('name'),
  async run(ctx, op) {
    const first = await createOne(ctx, op);
    const body = { ...(await createBody(ctx, op)), name: first['name'] };
    const res = await ctx.client.send({ method: 'POST', path: op.path, body });
    expectThat(res.status >= 400 && errorOf(res)?.['integrationCode'] === '3100', 'an error with integrationCode "3100"', describeExchange(res), res);
  },
};
