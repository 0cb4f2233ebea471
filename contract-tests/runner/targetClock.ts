import type { HttpClient } from './httpClient.ts';

/**
 * Time as the target sees it. A target that says it is a sandbox with a clock control is moved
 * forward instead of waited for; any other target costs real seconds.
 */
export interface TargetClock {
  readonly controllable: boolean;
  /** Lets at least `ms` of target time pass. */
  pass(ms: number): Promise<void>;
  /**
   * Where the clock stands now, and how to put it back there: a sandbox's project clock is shared
   * with whoever else uses the project, so a run leaves it as it found it. Undefined: nothing to restore.
   */
  mark(): Promise<ClockMark | undefined>;
}

export interface ClockMark {
  /** How far the project's clock was advanced when marked, in milliseconds. */
  advancedMs: number;
  /** Sets the clock back to the mark; says how far it had moved since. */
  restore(): Promise<{ movedMs: number }>;
}

interface Control {
  method?: string;
  path?: string;
}

export async function detectClock(client: HttpClient): Promise<TargetClock> {
  const origin = new URL(client.config.baseUrl).origin;
  const probe = await client.send({ path: `${origin}/_sandbox`, endUserId: null, timeoutMs: 5000 });
  const controls = (probe.json as { controls?: Control[] } | undefined)?.controls;
  const offers = (path: string): boolean => probe.status === 200 && Array.isArray(controls) && controls.some((c) => c.method === 'POST' && c.path === path);
  if (!offers('/_sandbox/clock/advance')) {
    return { controllable: false, pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms)), mark: () => Promise.resolve(undefined) };
  }
  const control = async (method: 'GET' | 'POST', path: string, body?: Record<string, number>): Promise<number> => {
    const res = await client.send({ method, path: `${origin}${path}`, body, endUserId: null });
    const advancedMs = (res.json as { advancedMs?: unknown } | undefined)?.advancedMs;
    if (res.status !== 200 || typeof advancedMs !== 'number') throw new Error(`the sandbox clock control ${method} ${path} failed: HTTP ${res.status} ${res.text.slice(0, 200)}`);
    return advancedMs;
  };
  return {
    controllable: true,
    async pass(ms) {
      await control('POST', '/_sandbox/clock/advance', { milliseconds: ms });
    },
    async mark() {
      if (!offers('/_sandbox/clock/rewind')) return undefined;
      const advancedMs = await control('GET', '/_sandbox/clock');
      return {
        advancedMs,
        async restore() {
          const now = await control('GET', '/_sandbox/clock');
          if (now > advancedMs) await control('POST', '/_sandbox/clock/rewind', { advancedMs });
          return { movedMs: Math.max(0, now - advancedMs) };
        },
      };
    },
  };
}
