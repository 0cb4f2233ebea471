import type { IncomingMessage, ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { readBody } from '../readBody.ts';
import { setSecurityHeaders } from '../securityHeaders.ts';
import { randomToken } from '../serviceIds.ts';

export interface WebResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: string | Buffer;
}

/** Pages show keys and connect links: never cached. What every answer carries is in SECURITY_HEADERS. */
const PAGE_HEADERS = { 'cache-control': 'no-store' };

export function htmlResponse(status: number, body: string, cookies: string[] = []): WebResponse {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8', ...PAGE_HEADERS, ...(cookies.length ? { 'set-cookie': cookies } : {}) }, body };
}

/** 303 See Other: after a form, the browser asks for the page with GET. */
export function redirect(location: string, cookies: string[] = []): WebResponse {
  return { status: 303, headers: { location, ...PAGE_HEADERS, ...(cookies.length ? { 'set-cookie': cookies } : {}) }, body: '' };
}

export function sendWeb(res: ServerResponse, answer: WebResponse, requestId: string): void {
  res.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  setSecurityHeaders(res);
  res.setHeader('Service-Request-Id', requestId);
  res.setHeader('Content-Length', Buffer.byteLength(answer.body));
  res.end(answer.body);
}

function decodedOrRaw(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function cookiesOf(req: IncomingMessage): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const raw = part.slice(at + 1).trim();
    // A cookie we did not set may be any bytes: one that is not valid percent-encoding is taken as sent.
    out.set(part.slice(0, at).trim(), decodedOrRaw(raw));
  }
  return out;
}

/** A cookie only HTTPS requests from this site carry, out of reach of scripts. */
export function cookie(name: string, value: string, maxAgeSeconds: number, sameSite: 'Lax' | 'Strict' = 'Lax'): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=${sameSite}`;
}

/** A form post's fields (urlencoded); a form over 8 MB is refused by readBody. */
export async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const bytes = await readBody(req, 8 * 1024 * 1024);
  return new URLSearchParams(bytes ? bytes.toString('utf8') : '');
}

export function sameToken(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The CSRF token of forms shown before anyone signs in: the same random value in a cookie and in the form. */
export const PRE_SESSION_CSRF = 'ls_csrf';
export function preSessionCsrf(req: IncomingMessage): { token: string; cookies: string[] } {
  const existing = cookiesOf(req).get(PRE_SESSION_CSRF);
  if (existing && /^[a-z0-9]{32}$/.test(existing)) return { token: existing, cookies: [] };
  const token = randomToken(32);
  return { token, cookies: [cookie(PRE_SESSION_CSRF, token, 3600, 'Strict')] };
}
