import type { Check, CheckContext } from '../../runner/checkTypes.ts';
import { isDataOperation } from '../operationCheck.ts';
import { expectRefusal } from '../expectError.ts';

function dataPath(ctx: CheckContext): string {
  const op = ctx.spec.operations.find((o) => o.method === 'GET' && isDataOperation(o) && !o.path.includes('{'));
  if (!op) throw new Error('the spec has no data operation');
  return op.path;
}

export const endUserMissing: Check = {
  id: 'auth.end-user-missing',
  area: 'auth',
  rule: 'A data request without the Service-End-User-Id header is refused with 400 in the error shape',
  async run(ctx) {
    expectRefusal(await ctx.client.send({ path: dataPath(ctx), endUserId: null }), 400, 'the request is refused for the missing end user');
  },
};

export const endUserUnknown: Check = {
  id: 'auth.end-user-unknown',
  area: 'auth',
  rule: 'A data request for an end user the project does not have is refused with 404 in the error shape',
  async run(ctx) {
    expectRefusal(await ctx.client.send({ path: dataPath(ctx), endUserId: 'end_usr_contractnosuchuser' }), 404, 'the unknown end user is refused');
  },
};
