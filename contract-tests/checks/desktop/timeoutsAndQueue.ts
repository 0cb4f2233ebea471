import { describeExchange, expectThat } from '../../runner/CheckFailure.ts';
import type { Check } from '../../runner/checkTypes.ts';
import type { Exchange } from '../../runner/httpClient.ts';
import { errorOf } from '../expectError.ts';
import { HEALTH_PATH, withMachine } from './machineControls.ts';

export const requestTimeout: Check = {
  id: 'desktop.request-timeout',
  area: 'desktop',
  rule: 'A desktop slower than Service-Timeout-Seconds is answered 504 LDG_REQUEST_TIMEOUT in the error shape, when the time-out is over',
  async run(ctx) {
    await withMachine(ctx, { latency: { health: 5_000 } }, async (controls) => {
      const pending = ctx.client.send({ path: HEALTH_PATH, headers: { 'Service-Timeout-Seconds': '2' }, retry: false });
      await controls.queued(1);
      await ctx.clock.pass(2_000);
      try {
        const res = await pending;
        expectThat(res.status === 504 && errorOf(res)?.['code'] === 'LDG_REQUEST_TIMEOUT' && errorOf(res)?.['httpStatusCode'] === 504, 'HTTP 504 LDG_REQUEST_TIMEOUT in the error shape', describeExchange(res), res);
      } finally {
        // Let the desktop finish, pass or fail, so the queue is empty for what comes next (a failed check
        // left it working on its health check, and the next run's first request waited behind it).
        await ctx.clock.pass(3_000);
      }
    });
  },
};

export const queueOrder: Check = {
  id: 'desktop.queue-order',
  area: 'desktop',
  rule: 'The desktop works one request at a time, in arrival order: requests queued behind a slow one complete after it, in order',
  async run(ctx) {
    await withMachine(ctx, { latency: { health: 1_000 } }, async (controls) => {
      const done: number[] = [];
      const sent: Promise<Exchange>[] = [];
      const sentAt: number[] = [];
      for (let i = 0; i < 3; i++) {
        sentAt.push(performance.now());
        sent.push(ctx.client.send({ path: HEALTH_PATH, retry: false }).then((res) => (done.push(i), res)));
        await controls.queued(i + 1);
      }
      for (let i = 0; i < 3; i++) await ctx.clock.pass(1_000);
      const answers = await Promise.all(sent);
      const durations = answers.map((res) => (res.json as { duration?: unknown } | undefined)?.duration);
      expectThat(
        answers.every((res) => res.status === 200) && done.join() === '0,1,2',
        'the three health checks answered 200 in the order they were sent',
        `answered in the order ${done.join(', ')}: ${answers.map((res) => res.status).join(', ')}`,
        answers.find((res) => res.status !== 200),
      );
      // The i-th waited for the i before it: (i + 1) s, less the real time between the first send and its own
      // (a target whose clock also runs in real time).
      const waitedInTurn = durations.every((d, i) => typeof d === 'number' && d >= 1_000 * (i + 1) - Math.ceil((sentAt[i] ?? 0) - (sentAt[0] ?? 0)));
      expectThat(waitedInTurn, 'durations of at least 1000, 2000 and 3000 ms: each waited for the ones before it', `durations ${durations.join(', ')}`);
    });
  },
};
