import type { CheckContext } from '../../runner/checkTypes.ts';
import { CheckSkip } from '../../runner/CheckFailure.ts';
import { askAfterEnd, fullList, smallLimit, walk, type Walk } from '../../runner/listWalker.ts';
import type { Exchange } from '../../runner/httpClient.ts';
import type { SpecOperation } from '../../runner/specModel.ts';

/**
 * A walk in small pages (three or more, `smallLimit`), shared by the checks that judge one walk, and what
 * the target answered when asked once more with its cursor right after the last page (`afterEnd`;
 * undefined when the walk had no cursor): asked at once, while the cursor is alive, and not by a
 * second walk, which on a real deployment costs seconds a page. A long list's small walk is its
 * full walk.
 */
export async function smallWalk(ctx: CheckContext, op: SpecOperation): Promise<{ full: Walk; small: Walk; limit: number; afterEnd: Exchange | undefined }> {
  const full = await fullList(ctx, op);
  if (full.items.length < 3) throw new CheckSkip(`the list has ${full.items.length} objects; at least 3 are needed to walk it in pages`);
  const limit = smallLimit(full.items.length);
  const small = limit === 150 ? full : await ctx.memo(`small:${op.operationId}`, async () => askAfterEnd(ctx, op, await walk(ctx, op, {}, limit), limit), { untilWrite: true });
  return { full, small, limit, afterEnd: small.afterEnd };
}
