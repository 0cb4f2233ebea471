import { describeExchange, expectThat } from '../../runner/CheckFailure.ts';
import { firstPage } from '../../runner/listWalker.ts';
import { errorOf } from '../expectError.ts';
import type { CheckContext } from '../../runner/checkTypes.ts';
import type { SpecOperation } from '../../runner/specModel.ts';
import { isPagedList, type OperationCheck } from '../operationCheck.ts';
import { smallWalk } from './smallWalk.ts';

interface Opened {
  limit: number;
  cursor: string;
}

async function open(ctx: CheckContext, op: SpecOperation): Promise<Opened> {
  const { limit } = await smallWalk(ctx, op);
  const page = await firstPage(ctx, op, { limit });
  if (typeof page.nextCursor !== 'string') throw new Error('the first page had no cursor');
  return { limit, cursor: page.nextCursor };
}

async function judge(ctx: CheckContext, op: SpecOperation, opened: unknown): Promise<void> {
  const { limit, cursor } = opened as Opened;
  const late = await ctx.client.send({ path: op.path, query: { limit, cursor } });
  expectThat(late.status >= 400 && late.status < 500 && errorOf(late) !== undefined, 'a 4xx error for the expired cursor', describeExchange(late), late);
}

const WAIT_MS = 10_500;

export const cursorExpiry: OperationCheck = {
  id: 'pagination.cursor-expiry',
  area: 'pagination',
  rule: 'A page asked more than 10 s after the previous response fails',
  applies: isPagedList,
  async run(ctx, op) {
    const opened = await open(ctx, op);
    await ctx.clock.pass(WAIT_MS);
    await judge(ctx, op, opened);
  },
  waits: { ms: WAIT_MS, open, judge },
};
