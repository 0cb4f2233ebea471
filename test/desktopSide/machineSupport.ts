import { afterAll, afterEach, beforeAll } from 'vitest';
import { startTestSandbox, type ApiResponse, type TestSandbox } from '../support/testClient.ts';

/** Steers the demo end user's machine through the control API. */
export function machine(api: TestSandbox, endUser = api.endUser) {
  const base = `/_sandbox/end-users/${endUser}`;
  return {
    set: (body: unknown): Promise<ApiResponse> => api.control('POST', `${base}/desktop`, body),
    reset: (): Promise<ApiResponse> => api.control('DELETE', `${base}/desktop`),
    state: async (): Promise<Record<string, unknown>> => (await api.control('GET', `${base}/desktop`)).body,
    fault: (body: unknown): Promise<ApiResponse> => api.control('POST', `${base}/faults`, body),
    clearFaults: (): Promise<ApiResponse> => api.control('DELETE', `${base}/faults`),
    /** Until `n` requests are queued at the machine (admitted, not answered): then moving the clock decides them. */
    async queued(n: number): Promise<void> {
      for (let i = 0; i < 2_000; i++) {
        const state = (await api.control('GET', `${base}/desktop`)).body;
        if (Number(state['queuedRequests']) >= n) return;
        await new Promise((r) => setImmediate(r));
      }
      throw new Error(`${n} requests were never queued`);
    },
  };
}

export async function advance(api: TestSandbox, seconds: number): Promise<void> {
  const res = await api.control('POST', '/_sandbox/clock/advance', { milliseconds: Math.round(seconds * 1000) });
  if (res.status !== 200) throw new Error(`clock advance failed: ${res.text}`);
}

/** Whether a promise has settled, without waiting for it. */
export async function settled(promise: Promise<unknown>): Promise<boolean> {
  const marker = Symbol('pending');
  const raced = await Promise.race([promise.then(() => true, () => true), new Promise((r) => setTimeout(() => r(marker), 20))]);
  return raced !== marker;
}

/**
 * One small sandbox for a test file, its machine set back after every test: `api` and `m` are read
 * inside tests (they exist once `beforeAll` ran).
 */
export function machineSandbox(): { readonly api: TestSandbox; readonly m: ReturnType<typeof machine> } {
  let api: TestSandbox | undefined;
  let m: ReturnType<typeof machine> | undefined;
  beforeAll(async () => {
    api = await startTestSandbox({ sizes: { customers: 5, invoices: 5 } });
    m = machine(api);
  });
  afterAll(() => api?.close());
  afterEach(async () => {
    await m?.reset();
  });
  const must = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the sandbox is not started yet');
    return value;
  };
  return {
    get api() {
      return must(api);
    },
    get m() {
      return must(m);
    },
  };
}
