import type { Area, CheckContext } from '../runner/checkTypes.ts';
import type { SpecOperation } from '../runner/specModel.ts';

/** A rule checked once per operation it applies to (every paged list, say). */
export interface OperationCheck {
  id: string;
  area: Area;
  rule: string;
  writes?: boolean;
  last?: boolean;
  applies(op: SpecOperation): boolean;
  run(ctx: CheckContext, op: SpecOperation): Promise<void>;
}

export const isPagedList = (op: SpecOperation): boolean => op.method === 'GET' && op.paginated;
export const isDataOperation = (op: SpecOperation): boolean => op.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'service-end-user-id');
