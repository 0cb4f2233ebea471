import { expectThat } from '../../runner/CheckFailure.ts';
import { fullList, hasParam, idOf, walk } from '../../runner/listWalker.ts';
import type { OperationCheck } from '../operationCheck.ts';

export const statusFilter: OperationCheck = {
  id: 'filters.status',
  area: 'filters',
  rule: 'status=active returns only active objects (the default), status=inactive only inactive ones, status=all both',
  // Some lists take `status` although their objects have no isActive (item sites): nothing to judge there.
  applies: (op) => op.method === 'GET' && hasParam(op, 'status') && op.objectSchema?.properties?.['isActive'] !== undefined,
  async run(ctx, op) {
    const byDefault = (await fullList(ctx, op)).items;
    const inactive = (await walk(ctx, op, { status: 'inactive' }, 150)).items;
    const all = (await walk(ctx, op, { status: 'all' }, 150)).items;
    expectThat(byDefault.every((i) => i['isActive'] === true), 'only active objects by default', `${byDefault.filter((i) => i['isActive'] !== true).length} not active`);
    expectThat(inactive.every((i) => i['isActive'] === false), 'only inactive objects for status=inactive', `${inactive.filter((i) => i['isActive'] !== false).length} active`);
    const union = [...byDefault, ...inactive].map(idOf).sort();
    const allIds = all.map(idOf).sort();
    expectThat(JSON.stringify(allIds) === JSON.stringify(union), `status=all = the ${byDefault.length} active + ${inactive.length} inactive objects`, `${all.length} objects, ${allIds.filter((id) => !union.includes(id)).length} not among them`);
  },
};
