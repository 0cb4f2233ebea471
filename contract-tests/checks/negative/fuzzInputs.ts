import { CheckFailure, CheckSkip } from '../../runner/CheckFailure.ts';
import type { Check } from '../../runner/checkTypes.ts';
import type { Exchange } from '../../runner/httpClient.ts';
import { errorOf } from '../expectError.ts';
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

export const fuzzInputs: Check = {
  id: 'negative.fuzz',
  area: 'negative',
  rule: 'Inputs the spec forbids get a 4xx in the error shape; odd but allowed inputs never get a crash (5xx) or a hang',
  async run(ctx) {
    const cases = fuzzCases(ctx.rng, ctx.spec.operations, ctx.fuzzCases, ctx.allowWrites);
    if (cases.length === 0) throw new CheckSkip('no operation to generate cases for');
    const failed: { c: FuzzCase; e: Exchange }[] = [];
    for (const c of cases) {
      const e = await ctx.client.send({ ...c.request, timeoutMs: 15_000 });
      if (!acceptable(c, e)) failed.push({ c, e });
    }
    const first = failed[0];
    if (first) {
      const expected = first.c.expect === 'invalid' ? 'a 4xx in the error shape' : 'no 5xx (but a documented 502 LDG_REQUEST_ERROR) and no hang';
      throw new CheckFailure(
        `${expected} for ${first.c.op.operationId} with ${first.c.description}`,
        `${first.e.networkError ? `no answer (${first.e.networkError})` : `HTTP ${first.e.status} ${first.e.text.slice(0, 200)}`}; ${failed.length} of ${cases.length} cases failed (seed ${ctx.seed}): ${failed.slice(0, 5).map((f) => f.c.kind).join(', ')}`,
        first.e,
      );
    }
  },
};
