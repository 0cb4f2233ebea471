import { describeExchange, expectThat } from '../../runner/CheckFailure.ts';
import { errorOf } from '../expectError.ts';
import type { OperationCheck } from '../operationCheck.ts';

/** Read-only requests of the desktop's own vocabulary: a customer query, and one the desktop cannot parse. */
const QUERY = { CustomerQueryRq: { MaxReturned: '1' } };
const UNPARSABLE = { CustomerQueryRq: { NoSuchElement: '1' } };
const PARSE_ERROR_HRESULT = '0x80040400';

export const passthroughQuery: OperationCheck = {
  id: 'desktop.passthrough-query',
  area: 'desktop',
  rule: "Passthrough answers a desktop query with the desktop's response element and its status, and a request the desktop cannot parse with a connection error (HRESULT 0x80040400)",
  applies: (op) => op.method === 'POST' && op.path.endsWith('/passthrough/{integrationSlug}'),
  async run(ctx, op) {
    const path = op.path.replace('{id}', encodeURIComponent(ctx.client.config.endUserId)).replace('{integrationSlug}', 'ledger_desktop');
    const res = await ctx.client.send({ method: 'POST', path, body: QUERY });
    const rs = (res.json as { CustomerQueryRs?: { statusCode?: unknown } } | undefined)?.CustomerQueryRs;
    expectThat(res.status === 200 && (rs?.statusCode === '0' || rs?.statusCode === '1'), 'HTTP 200 with CustomerQueryRs and statusCode "0" or "1"', describeExchange(res), res);
    const refused = await ctx.client.send({ method: 'POST', path, body: UNPARSABLE });
    const error = errorOf(refused);
    expectThat(refused.status === 502 && error?.['code'] === 'LDG_CONNECTION_ERROR' && error['integrationCode'] === PARSE_ERROR_HRESULT, `HTTP 502 LDG_CONNECTION_ERROR with integrationCode ${PARSE_ERROR_HRESULT}`, describeExchange(refused), refused);
  },
};
