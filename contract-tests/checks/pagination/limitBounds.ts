import { expectRefusal } from '../expectError.ts';
import { isPagedList, type OperationCheck } from '../operationCheck.ts';

export const limitBounds: OperationCheck = {
  id: 'pagination.limit-bounds',
  area: 'pagination',
  rule: 'limit=151 and limit=0 are refused with 400 in the error shape',
  applies: isPagedList,
  async run(ctx, op) {
    for (const limit of [151, 0]) {
      expectRefusal(await ctx.client.send({ path: op.path, query: { limit } }), 400, `limit=${limit} is refused`);
    }
  },
};
