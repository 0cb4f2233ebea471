import type { Exchange, ExchangeRequest } from './httpClient.ts';

const quote = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`;

/** Double quotes, so that `${cursor}` (put in after) expands and nothing else does. */
const dquote = (s: string): string => `"${s.replace(/[\\"$`]/g, '\\$&')}"`;

/** curl and its options for a request, with the secret key replaced by a placeholder; the URL is left to the caller. */
function curlOptions(request: ExchangeRequest, caCertPath: string | undefined): string[] {
  const parts = ['curl', '-sS', '-X', request.method];
  if (caCertPath && request.url.startsWith('https:')) parts.push('--cacert', quote(caCertPath));
  for (const [name, value] of Object.entries(request.headers)) {
    const shown = name === 'authorization' ? value.replace(/(Bearer\s+)?(sk|pk)_[A-Za-z0-9_]+/, (_m, bearer: string | undefined, kind: string) => `${bearer ?? ''}${kind}_REDACTED`) : value;
    parts.push('-H', quote(`${name}: ${shown}`));
  }
  if (request.body !== undefined) parts.push('--data-raw', quote(request.body.length > 2000 ? `${request.body.slice(0, 2000)}...` : request.body));
  return parts;
}

/** A curl command that repeats a request, with the secret key replaced by a placeholder. */
export function curlFor(request: ExchangeRequest, caCertPath: string | undefined): string {
  return [...curlOptions(request, caCertPath), quote(request.url)].join(' ');
}

const cursorOf = (url: string): string | null => new URL(url).searchParams.get('cursor');
const nextCursorOf = (e: Exchange): unknown => (e.json as { nextCursor?: unknown } | undefined)?.nextCursor;
const PLACEHOLDER = 'CURSOR-FROM-THE-FIRST-PAGE';

/** The request's URL with its cursor replaced by `${cursor}`, for a double-quoted shell word. */
function urlWithCursorVariable(url: string): string {
  const u = new URL(url);
  u.searchParams.set('cursor', PLACEHOLDER);
  return dquote(u.toString()).replace(PLACEHOLDER, '${cursor}');
}

/**
 * How to repeat a failing request. A page of a paged list cannot be asked for alone: its cursor died
 * 10 s after the run's last answer, and the Service keeps the walk's place behind one cursor that is
 * the same on every page. So a page comes as the whole walk, a script: the first page (its cursor
 * kept), every page the run asked for before the failing one, the waits and sandbox clock moves
 * between them, then the failing request.
 */
export function reproducerFor(failing: Exchange, seen: readonly Exchange[], caCertPath: string | undefined): string {
  const cursor = cursorOf(failing.request.url);
  const end = seen.indexOf(failing);
  const before = end < 0 ? seen : seen.slice(0, end);
  let firstIndex = -1;
  for (let i = before.length - 1; cursor !== null && i >= 0 && firstIndex < 0; i--) {
    const e = before[i];
    if (e && nextCursorOf(e) === cursor && cursorOf(e.request.url) === null) firstIndex = i;
  }
  const first = before[firstIndex];
  if (cursor === null || first === undefined) return curlFor(failing.request, caCertPath);
  const path = new URL(failing.request.url).pathname;
  const walk = before.slice(firstIndex + 1).filter((e) => (new URL(e.request.url).pathname === path && cursorOf(e.request.url) === cursor) || e.request.url.endsWith('/_sandbox/clock/advance'));
  const lines = [
    '# The whole walk: the cursor is the same on every page and dies 10 s after the last answer, so it starts from the first page.',
    `cursor="$(${curlFor(first.request, caCertPath)} | sed -n 's/.*"nextCursor": *"\\([^"]*\\)".*/\\1/p')"`,
  ];
  let previous = first;
  for (const e of [...walk, failing]) {
    const gapMs = (e.sentAt ?? 0) - ((previous.sentAt ?? 0) + previous.ms);
    if (gapMs >= 1000 && !e.request.url.endsWith('/_sandbox/clock/advance')) lines.push(`sleep ${Math.ceil(gapMs / 1000)}`);
    const last = e === failing;
    const url = e.request.url.endsWith('/_sandbox/clock/advance') ? quote(e.request.url) : urlWithCursorVariable(e.request.url);
    lines.push([...curlOptions(e.request, caCertPath), ...(last ? [] : ['-o', '/dev/null']), url].join(' '));
    previous = e;
  }
  return lines.join('\n');
}
