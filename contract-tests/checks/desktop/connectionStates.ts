import { describeExchange, expectThat } from '../../runner/CheckFailure.ts';
import type { Check } from '../../runner/checkTypes.ts';
import { errorOf } from '../expectError.ts';
import { HEALTH_PATH, withMachine } from './machineControls.ts';

/** What the Service answers in each state of the end user's machine (service-facts: errors, connection HRESULTs). */
const REFUSING_STATES: { state: string; status: number; code: string; integrationCode?: string }[] = [
  { state: 'not_set_up', status: 409, code: 'INTEGRATION_CONNECTION_NOT_SET_UP' },
  { state: 'not_polling', status: 409, code: 'INTEGRATION_CONNECTION_NOT_ACTIVE' },
  { state: 'not_reachable', status: 502, code: 'LDG_CONNECTION_ERROR', integrationCode: '0x80040401' },
  { state: 'cannot_open_file', status: 502, code: 'LDG_CONNECTION_ERROR', integrationCode: '0x80040403' },
  { state: 'cannot_start', status: 502, code: 'LDG_CONNECTION_ERROR', integrationCode: '0x80040408' },
  { state: 'wrong_company_file', status: 502, code: 'LDG_CONNECTION_ERROR', integrationCode: '0x8004040A' },
  { state: 'wrong_user_mode', status: 502, code: 'LDG_CONNECTION_ERROR', integrationCode: '0x80040410' },
  { state: 'modal_dialog', status: 502, code: 'LDG_CONNECTION_ERROR', integrationCode: '0x80040414' },
  { state: 'no_file_open', status: 502, code: 'LDG_CONNECTION_ERROR', integrationCode: '0x80040416' },
  { state: 'never_authorized', status: 502, code: 'LDG_CONNECTION_ERROR', integrationCode: '0x80040418' },
  { state: 'access_denied', status: 502, code: 'LDG_CONNECTION_ERROR', integrationCode: '0x80040420' },
  { state: 'starting', status: 502, code: 'LDG_CONNECTION_ERROR', integrationCode: '0x80040424' },
];

export const connectionStates: Check = {
  id: 'desktop.connection-states',
  area: 'desktop',
  rule: 'Each connection state of the end user\'s machine answers its documented status, code and HRESULT in the error shape; a closed application is started by the next request, which then succeeds',
  async run(ctx) {
    for (const expected of REFUSING_STATES) {
      const res = await withMachine(ctx, { connection: expected.state, startupSeconds: 30 }, () => ctx.client.send({ path: HEALTH_PATH, retry: false }));
      const error = errorOf(res);
      const want = `HTTP ${expected.status} ${expected.code}${expected.integrationCode ? ` with integrationCode ${expected.integrationCode}` : ''} in state ${expected.state}`;
      expectThat(
        res.status === expected.status && error?.['code'] === expected.code && error['httpStatusCode'] === expected.status && error['integrationCode'] === expected.integrationCode,
        want,
        describeExchange(res),
        res,
      );
    }
    await withMachine(ctx, { connection: 'closed', startupSeconds: 30 }, async (controls) => {
      const started = ctx.client.send({ path: HEALTH_PATH, retry: false });
      await controls.queued(1);
      await ctx.clock.pass(30_000);
      const res = await started;
      const duration = (res.json as { duration?: unknown } | undefined)?.duration;
      expectThat(res.status === 200 && typeof duration === 'number' && duration >= 30_000, 'HTTP 200 once the closed application has started (30 s of start-up in its duration)', describeExchange(res), res);
    });
  },
};
