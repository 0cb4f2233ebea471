import { CheckSkip, expectThat } from '../../runner/CheckFailure.ts';
import { firstPage, fullList } from '../../runner/listWalker.ts';
import { isPagedList, type OperationCheck } from '../operationCheck.ts';

export const defaultPageSize: OperationCheck = {
  id: 'pagination.default-page-size',
  area: 'pagination',
  rule: 'Without a limit, a page holds 150 objects when there are more',
  applies: isPagedList,
  async run(ctx, op) {
    const total = (await fullList(ctx, op)).items.length;
    if (total <= 150) throw new CheckSkip(`the list has ${total} objects; more than 150 are needed`);
    const page = await firstPage(ctx, op);
    expectThat(page.data.length === 150, '150 objects on the first page', `${page.data.length}`, page.exchange);
  },
};
