import type { ApiResponse } from './testClient.ts';

/**
 * Retries as the Service's official clients do: 408, 409, 429 and every 5xx, twice, after 0.5 s
 * doubling up to 8 s, unless the answer says `x-should-retry: false` (and always when it says
 * `true`); `retry-after-ms` / `retry-after` (seconds) replace the back-off when they are sensible.
 */
export async function withRetries(
  send: () => Promise<ApiResponse>,
  sleep: (ms: number) => Promise<void>,
  maxRetries = 2,
): Promise<{ response: ApiResponse; attempts: number; delays: number[] }> {
  const delays: number[] = [];
  for (let attempt = 0; ; attempt++) {
    const response = await send();
    if (attempt >= maxRetries || !shouldRetry(response)) return { response, attempts: attempt + 1, delays };
    const delay = retryDelay(response, attempt);
    delays.push(delay);
    await sleep(delay);
  }
}

function shouldRetry(response: ApiResponse): boolean {
  const header = response.headers['x-should-retry'];
  if (header === 'true') return true;
  if (header === 'false') return false;
  return response.status === 408 || response.status === 409 || response.status === 429 || response.status >= 500;
}

function retryDelay(response: ApiResponse, attempt: number): number {
  const ms = Number(response.headers['retry-after-ms']);
  if (Number.isFinite(ms) && ms > 0 && ms <= 60_000) return ms;
  const seconds = Number(response.headers['retry-after']);
  if (Number.isFinite(seconds) && seconds > 0 && seconds <= 60) return seconds * 1000;
  return Math.min(500 * 2 ** attempt, 8_000);
}
