import type { ExchangeRequest } from './httpClient.ts';

const quote = (s: string): string => `'${s.replaceAll("'", `'\\''`)}'`;

/** A curl command that repeats a request, with the secret key replaced by a placeholder. */
export function curlFor(request: ExchangeRequest, caCertPath: string | undefined): string {
  const parts = ['curl', '-sS', '-X', request.method];
  if (caCertPath && request.url.startsWith('https:')) parts.push('--cacert', quote(caCertPath));
  for (const [name, value] of Object.entries(request.headers)) {
    const shown = name === 'authorization' ? value.replace(/(Bearer\s+)?(sk|pk)_[A-Za-z0-9_]+/, (_m, bearer: string | undefined, kind: string) => `${bearer ?? ''}${kind}_REDACTED`) : value;
    parts.push('-H', quote(`${name}: ${shown}`));
  }
  if (request.body !== undefined) parts.push('--data-raw', quote(request.body.length > 2000 ? `${request.body.slice(0, 2000)}...` : request.body));
  parts.push(quote(request.url));
  return parts.join(' ');
}
