import { describeExchange, expectThat } from '../../runner/CheckFailure.ts';
import { errorOf } from '../expectError.ts';
import { isPagedList, type OperationCheck } from '../operationCheck.ts';
import { smallWalk } from './smallWalk.ts';

export const noMoreResults: OperationCheck = {
  id: 'pagination.no-more-results',
  area: 'pagination',
  rule: 'Asking again after the last page fails with a message saying no more results are available',
  applies: isPagedList,
  async run(ctx, op) {
    const { afterEnd: after } = await smallWalk(ctx, op);
    if (after === undefined) throw new Error('the walk had no cursor');
    const message = String(errorOf(after)?.['message'] ?? '');
    expectThat(after.status >= 400 && after.status < 500 && /no more results are available/i.test(message), 'a 4xx error saying no more results are available', describeExchange(after), after);
  },
};
