import { describeExchange, expectThat } from '../../runner/CheckFailure.ts';
import { firstPage, idOf } from '../../runner/listWalker.ts';
import { isPagedList, type OperationCheck } from '../operationCheck.ts';
import { smallWalk } from './smallWalk.ts';

export const cursorResend: OperationCheck = {
  id: 'pagination.cursor-resend',
  area: 'pagination',
  rule: 'A cursor resent with the same filters and limit continues the walk, as official clients send it',
  applies: isPagedList,
  async run(ctx, op) {
    const { small, limit } = await smallWalk(ctx, op);
    const withStatus = op.parameters.some((p) => p.in === 'query' && p.name === 'status');
    // Without a filter to resend, the shared small walk already resent its cursor with its limit: judge its second page.
    const walked = withStatus ? undefined : small.pages[1];
    const first = walked ? small.pages[0] ?? small.pages[1] : await firstPage(ctx, op, { ...(withStatus ? { status: 'all' } : {}), limit });
    if (first === undefined || typeof first.nextCursor !== 'string') throw new Error('the first page had no cursor');
    const next = walked?.exchange ?? (await ctx.client.send({ path: op.path, query: { ...(withStatus ? { status: 'all' } : {}), limit, cursor: first.nextCursor } }));
    const data = (next.json as { data?: Record<string, unknown>[] } | undefined)?.data;
    expectThat(next.status === 200 && Array.isArray(data) && data.length > 0, 'the next page (HTTP 200 with objects)', describeExchange(next), next);
    const firstIds = new Set(first.data.map(idOf));
    expectThat(data.every((item) => !firstIds.has(String(item[op.identity]))), 'objects after the first page', 'objects of the first page again', next);
  },
};
