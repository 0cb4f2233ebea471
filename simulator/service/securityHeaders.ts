import type { ServerResponse } from 'node:http';

/**
 * Sent with every answer of the sandbox, API or page, success or refusal, download or asset: nothing
 * it serves may be framed, sniffed into another type, load from elsewhere or leak its URL in a
 * Referer (connect links and paths can carry secrets). One table, so a new kind of answer cannot
 * forget one; the form targets allow the connect page's redirect to the integrator's app.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'self'; frame-ancestors 'none'; form-action 'self' https: http:",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** Set last by every writer, so no answer's own headers can weaken them. */
export function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}

/** The same headers as lines of a response written straight to a socket. */
export const SECURITY_HEADER_LINES = Object.entries(SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');
