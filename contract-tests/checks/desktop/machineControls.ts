import { CheckSkip } from '../../runner/CheckFailure.ts';
import type { CheckContext } from '../../runner/checkTypes.ts';
import type { Exchange } from '../../runner/httpClient.ts';

export const HEALTH_PATH = '/ledger-desktop/health-check';

/** The machine controls of a target that says it is a sandbox, for the configured end user. */
export interface MachineControls {
  set(settings: Record<string, unknown>): Promise<void>;
  reset(): Promise<void>;
  /** Until `n` requests are queued at the end user's machine. */
  queued(n: number): Promise<void>;
}

/**
 * The controls, or a skip saying why there are none: these rules can only be checked where the
 * desktop side can be steered (GET /_sandbox lists the machine control) and time can be moved.
 */
export async function machineControls(ctx: CheckContext): Promise<MachineControls> {
  const origin = new URL(ctx.client.config.baseUrl).origin;
  const offered = await ctx.memo('sandbox.machine-controls', async () => {
    const probe = await ctx.client.send({ path: `${origin}/_sandbox`, endUserId: null, timeoutMs: 5000 });
    const controls = (probe.json as { controls?: { method?: string; path?: string }[] } | undefined)?.controls;
    return probe.status === 200 && Array.isArray(controls) && controls.some((c) => c.method === 'POST' && c.path === '/_sandbox/end-users/{id}/desktop');
  });
  if (!offered) throw new CheckSkip('the target offers no machine controls (POST /_sandbox/end-users/{id}/desktop in GET /_sandbox): the desktop side cannot be steered');
  if (!ctx.clock.controllable) throw new CheckSkip('the target has no clock control: waiting out the desktop in real time is not checked');
  const path = `${origin}/_sandbox/end-users/${encodeURIComponent(ctx.client.config.endUserId)}/desktop`;
  const control = async (method: string, body?: unknown): Promise<Exchange> => {
    const res = await ctx.client.send({ method, path, body, endUserId: null });
    if (res.status !== 200) throw new Error(`the machine control answered HTTP ${res.status}: ${res.text.slice(0, 200)}`);
    return res;
  };
  const before = (await control('GET')).json as { connection?: string; latency?: { profile?: string }; faults?: unknown[]; inUseSeconds?: number };
  if (before.connection !== 'connected' || before.latency?.profile !== 'instant' || (before.faults?.length ?? 0) > 0 || (before.inUseSeconds ?? 0) > 0) {
    throw new CheckSkip("the end user's machine is already steered (a connection state, latency or faults set): these checks need it as it comes, and would undo it");
  }
  return {
    async set(settings) {
      await control('DELETE');
      await control('POST', settings);
    },
    async reset() {
      await control('DELETE');
    },
    async queued(n) {
      for (let i = 0; i < 500; i++) {
        const state = (await control('GET')).json as { queuedRequests?: number };
        if ((state.queuedRequests ?? 0) >= n) return;
        await new Promise((r) => setTimeout(r, 5));
      }
      throw new Error(`${n} requests never reached the machine's queue`);
    },
  };
}

/** Runs `work` with the machine set, and sets it back whatever happens. */
export async function withMachine<T>(ctx: CheckContext, settings: Record<string, unknown>, work: (controls: MachineControls) => Promise<T>): Promise<T> {
  const controls = await machineControls(ctx);
  await controls.set(settings);
  try {
    return await work(controls);
  } finally {
    await controls.reset();
  }
}
