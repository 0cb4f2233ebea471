import { expectThat } from '../../runner/CheckFailure.ts';
import { isPagedList, type OperationCheck } from '../operationCheck.ts';
import { smallWalk } from './smallWalk.ts';

export const remainingCount: OperationCheck = {
  id: 'pagination.remaining-count',
  area: 'pagination',
  rule: 'remainingCount on each page equals the number of objects the later pages deliver',
  applies: isPagedList,
  async run(ctx, op) {
    const { small } = await smallWalk(ctx, op);
    let later = small.items.length;
    for (const [i, page] of small.pages.entries()) {
      later -= page.data.length;
      expectThat(page.remainingCount === later, `remainingCount ${later} on page ${i + 1}`, String(page.remainingCount), page.exchange);
    }
  },
};
