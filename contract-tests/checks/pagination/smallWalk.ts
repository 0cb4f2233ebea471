import type { CheckContext } from '../../runner/checkTypes.ts';
import { CheckSkip } from '../../runner/CheckFailure.ts';
import { fullList, walk, type Walk } from '../../runner/listWalker.ts';
import type { SpecOperation } from '../../runner/specModel.ts';

/** A walk in small pages (about five of them), shared by the checks that judge one walk. */
export async function smallWalk(ctx: CheckContext, op: SpecOperation): Promise<{ full: Walk; small: Walk; limit: number }> {
  const full = await fullList(ctx, op);
  if (full.items.length < 3) throw new CheckSkip(`the list has ${full.items.length} objects; at least 3 are needed to walk it in pages`);
  const limit = Math.min(150, Math.max(1, Math.ceil(full.items.length / 5)));
  const small = await ctx.memo(`small:${op.operationId}`, () => walk(ctx, op, {}, limit), { untilWrite: true });
  return { full, small, limit };
}
