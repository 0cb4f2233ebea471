import type { Check, CheckContext } from './checkTypes.ts';
import { collectionPath } from './related.ts';
import { isDataOperation, type SpecModel } from './specModel.ts';

/**
 * One line of work against the target: a context whose client speaks for one end user. The desktop
 * serves one request at a time per company file, so a lane sends one at a time; a second end user's
 * company file (`--other-end-user-id`) is served beside the first, so a second lane halves the time
 * a run spends waiting for answers.
 */
export interface Lane {
  ctx: CheckContext;
  /** The lane of the other end user: it takes only reads of company-file data. */
  other: boolean;
}

/**
 * What the other end user's lane may take: checks of one company-file operation that only read.
 * Writes stay with the run's own end user (its cleanup and record are kept for that one), and so do
 * the isolation checks, which cross the two end users themselves.
 */
function otherMayTake(spec: SpecModel, check: Check): boolean {
  const op = check.operationId === undefined ? undefined : spec.byId.get(check.operationId);
  return op !== undefined && isDataOperation(op) && check.writes !== true && check.area !== 'isolation';
}

/**
 * Hands out checks, in their order, to lanes working side by side. All checks of one resource (its
 * list, retrieve, ... operations) go to the lane that took the resource's first one: the walks of a
 * list the checks share are read once, in one company file, and a retrieve finds its ids there.
 */
export class LaneScheduler {
  /** The lane each resource went to, for the whole run. */
  private readonly owners = new Map<string, Lane>();

  constructor(
    private readonly spec: SpecModel,
    readonly lanes: readonly Lane[],
  ) {}

  private keyOf(check: Check): string | undefined {
    const op = check.operationId === undefined ? undefined : this.spec.byId.get(check.operationId);
    return op === undefined ? undefined : collectionPath(op);
  }

  private accepts(lane: Lane, check: Check): boolean {
    const mayBeOther = otherMayTake(this.spec, check);
    if (lane.other && !mayBeOther) return false;
    // What the other lane may not take is the run's own lane's, whoever has the resource's reads.
    if (!lane.other && !mayBeOther) return true;
    const key = this.keyOf(check);
    const owner = key === undefined ? undefined : this.owners.get(key);
    return owner === undefined || owner === lane;
  }

  private claim(lane: Lane, check: Check): void {
    const key = this.keyOf(check);
    if (key !== undefined && !this.owners.has(key) && (lane.other || otherMayTake(this.spec, check))) this.owners.set(key, lane);
  }

  /**
   * Runs `checks` with every lane at once, each taking the first check left that it may take.
   * `work` gets, besides its check, a way to take at once every check left that it may take and
   * `wanted` picks (the checks that share one wait for time).
   */
  async run(checks: readonly Check[], work: (lane: Lane, check: Check, takeAll: (wanted: (c: Check) => boolean) => Check[]) => Promise<void>): Promise<void> {
    const left = [...checks];
    const take = (lane: Lane, wanted: (c: Check) => boolean): Check[] => {
      const taken: Check[] = [];
      for (let i = 0; i < left.length; ) {
        const check = left[i] as Check;
        if (wanted(check) && this.accepts(lane, check)) {
          this.claim(lane, check);
          taken.push(check);
          left.splice(i, 1);
        } else i += 1;
      }
      return taken;
    };
    await Promise.all(
      this.lanes.map(async (lane) => {
        for (;;) {
          const i = left.findIndex((c) => this.accepts(lane, c));
          if (i < 0) return;
          const check = left[i] as Check;
          this.claim(lane, check);
          left.splice(i, 1);
          await work(lane, check, (wanted) => take(lane, wanted));
        }
      }),
    );
  }
}
