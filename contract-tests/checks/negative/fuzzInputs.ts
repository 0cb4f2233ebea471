import type { CheckContext } from '../../runner/checkTypes.ts';
import { CheckFailure, CheckSkip } from '../../runner/CheckFailure.ts';
import type { Check } from '../../runner/checkTypes.ts';
import type { Exchange, SendOptions } from '../../runner/httpClient.ts';
import { existingId, related, verbOf, withId } from '../../runner/related.ts';
import type { SpecOperation } from '../../runner/specModel.ts';
import { errorOf } from '../expectError.ts';
import { createOne } from '../writes/paidDocuments.ts';
import { createBody, expectOk } from '../writes/writeBodies.ts';
import { fuzzCases, type FuzzCase } from './fuzzCases.ts';

/** A documented refusal by the desktop application (LDG_REQUEST_ERROR, 502) is a fine answer to odd input. */
function acceptable(c: FuzzCase, e: Exchange): boolean {
  if (e.networkError) return false;
  const error = errorOf(e);
  if (e.status >= 400 && e.status < 500) return error !== undefined;
  if (c.expect === 'invalid') return false;
  if (e.status === 502) return error?.['code'] === 'LDG_REQUEST_ERROR';
  return e.status === 200;
}

/** The object an update case is aimed at: one the run creates (so seeded data is left alone), else one listed. */
function updateTarget(ctx: CheckContext, op: SpecOperation): Promise<string> {
  return ctx.memo(`fuzz-target:${op.operationId}`, async () => {
    const createOp = related(ctx.spec, op, 'create');
    return createOp ? String((await createOne(ctx, createOp))['id']) : existingId(ctx, op);
  });
}

/** The valid body a body case changes: a fresh create body, or the object's current revisionNumber. */
async function validBody(ctx: CheckContext, op: SpecOperation, path: string): Promise<Record<string, unknown>> {
  if (verbOf(op) === 'create') return createBody(ctx, op);
  const current = expectOk(await ctx.client.send({ path }), 'retrieving the object a case updates');
  return { revisionNumber: current['revisionNumber'] };
}

/** The case as sent: a real id in the path (odd ids aside), the body with its one change. */
async function requestOf(ctx: CheckContext, c: FuzzCase): Promise<SendOptions> {
  let path = c.request.path;
  if (path.includes('{')) path = withId(c.op, verbOf(c.op) === 'update' ? await updateTarget(ctx, c.op) : await existingId(ctx, c.op));
  const body = c.mutate ? c.mutate(await validBody(ctx, c.op, path)) : c.request.body;
  return { ...c.request, path, ...(body === undefined ? {} : { body }), timeoutMs: 15_000 };
}

export const fuzzInputs: Check = {
  id: 'negative.fuzz',
  area: 'negative',
  rule: 'A valid request with one thing changed the spec forbids gets a 4xx in the error shape; odd but allowed inputs never get a crash (5xx) or a hang',
  async run(ctx) {
    const cases = fuzzCases(ctx.rng, ctx.spec.operations, ctx.fuzzCases, ctx.allowWrites);
    if (cases.length === 0) throw new CheckSkip('no operation to generate cases for');
    const failed: { c: FuzzCase; e: Exchange }[] = [];
    let sent = 0;
    for (const c of cases) {
      let request: SendOptions;
      try {
        request = await requestOf(ctx, c);
      } catch (error) {
        // No object to aim at (an empty list): the case cannot start from a valid request.
        if (error instanceof CheckSkip) continue;
        throw error;
      }
      const e = await ctx.client.send(request);
      sent += 1;
      if (!acceptable(c, e)) failed.push({ c, e });
    }
    if (sent === 0) throw new CheckSkip('no case could start from a valid request (every list is empty)');
    const first = failed[0];
    if (first) {
      const expected = first.c.expect === 'invalid' ? 'a 4xx in the error shape' : 'no 5xx (but a documented 502 LDG_REQUEST_ERROR) and no hang';
      throw new CheckFailure(
        `${expected} for ${first.c.op.operationId} with ${first.c.description}`,
        `${first.e.networkError ? `no answer (${first.e.networkError})` : `HTTP ${first.e.status} ${first.e.text.slice(0, 200)}`}; ${failed.length} of ${sent} cases failed (seed ${ctx.seed}): ${failed.slice(0, 5).map((f) => `${f.c.kind}@${f.c.op.operationId}`).join(', ')}`,
        first.e,
      );
    }
  },
};
