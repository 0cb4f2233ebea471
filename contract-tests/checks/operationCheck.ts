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
  /** For a rule about time passing: what to open before the wait and judge after it (see `Check.waits`). */
  waits?: { ms: number; open(ctx: CheckContext, op: SpecOperation): Promise<unknown>; judge(ctx: CheckContext, op: SpecOperation, opened: unknown): Promise<void> };
}

export const isPagedList = (op: SpecOperation): boolean => op.method === 'GET' && op.paginated;
export { isDataOperation } from '../runner/specModel.ts';
