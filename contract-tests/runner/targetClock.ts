import type { HttpClient } from './httpClient.ts';

/**
 * Time as the target sees it. A target that says it is a sandbox with a clock control is moved
 * forward instead of waited for; any other target costs real seconds.
 */
export interface TargetClock {
  readonly controllable: boolean;
  /** Lets at least `ms` of target time pass. */
  pass(ms: number): Promise<void>;
}

export async function detectClock(client: HttpClient): Promise<TargetClock> {
  const origin = new URL(client.config.baseUrl).origin;
  const probe = await client.send({ path: `${origin}/_sandbox`, endUserId: null, timeoutMs: 5000 });
  const controls = (probe.json as { controls?: { method?: string; path?: string }[] } | undefined)?.controls;
  const advance = probe.status === 200 && Array.isArray(controls) && controls.some((c) => c.method === 'POST' && c.path === '/_sandbox/clock/advance');
  if (!advance) {
    return { controllable: false, pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };
  }
  return {
    controllable: true,
    async pass(ms) {
      const res = await client.send({ method: 'POST', path: `${origin}/_sandbox/clock/advance`, body: { milliseconds: ms }, endUserId: null });
      if (res.status !== 200) throw new Error(`the sandbox clock did not move: HTTP ${res.status} ${res.text.slice(0, 200)}`);
    },
  };
}
