import type { CheckContext } from '../../runner/checkTypes.ts';
import { CheckSkip } from '../../runner/CheckFailure.ts';
import { withId } from '../../runner/related.ts';
import { expectOk, objectFor, uniqueLabel } from '../writes/writeBodies.ts';

/** Size of the company file a sandbox seeds for the second end user: small, and from another seed. */
const SECOND_FILE_SIZES = { customers: 20, invoices: 20 };

/**
 * Another end user to cross requests with: the one given, or, with writes allowed, one the run
 * creates through the Service's own end-user API (removed at the end of the run). A sandbox also
 * gets it a seeded company file of its own, so its answers are real answers, not "not connected".
 */
export function secondEndUser(ctx: CheckContext): Promise<string> {
  return ctx.memo('second-end-user', async () => {
    if (ctx.otherEndUserId) return ctx.otherEndUserId;
    if (!ctx.allowWrites) throw new CheckSkip('needs a second end user: give --other-end-user-id, or --allow-writes to let the run create one');
    const createOp = ctx.spec.operations.find((o) => o.method === 'POST' && o.path === '/end-users');
    if (!createOp?.requestBody) throw new CheckSkip('the spec has no POST /end-users to create a second end user with; give --other-end-user-id');
    const body = await objectFor(ctx, createOp.requestBody, await uniqueLabel(ctx));
    const created = expectOk(await ctx.client.send({ method: 'POST', path: createOp.path, body, endUserId: null }), 'creating a second end user');
    const id = String(created['id']);
    const deleteOp = ctx.spec.operations.find((o) => o.method === 'DELETE' && o.path === '/end-users/{id}');
    if (deleteOp) ctx.cleanups.push(async () => void (await ctx.client.send({ method: 'DELETE', path: withId(deleteOp, id), endUserId: null })));
    if (ctx.clock.controllable) {
      const origin = new URL(ctx.client.config.baseUrl).origin;
      const seeded = await ctx.client.send({
        method: 'POST',
        path: `${origin}/_sandbox/end-users/${encodeURIComponent(id)}/company-file`,
        body: { seed: ctx.seed + 1, sizes: SECOND_FILE_SIZES },
        endUserId: null,
      });
      expectOk(seeded, 'seeding a company file for the second end user through the sandbox control');
    }
    return id;
  });
}
