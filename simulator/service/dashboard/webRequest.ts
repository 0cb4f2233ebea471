import { timingSafeEqual } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { randomToken } from '../serviceIds.ts';

/** A cookie an answer sets: express writes it (`res.cookie`). */
export interface WebCookie {
  name: string;
  value: string;
  options: CookieOptions;
}

export interface WebResponse {
  status: number;
  headers: Record<string, string | string[]>;
  cookies?: WebCookie[];
  body: string | Buffer;
}

/** Pages show keys and connect links: never cached. What every answer carries is in SECURITY_HEADERS. */
const PAGE_HEADERS = { 'cache-control': 'no-store' };

export function htmlResponse(status: number, body: string, cookies: WebCookie[] = []): WebResponse {
  return { status, headers: { 'content-type': 'text/html; charset=utf-8', ...PAGE_HEADERS }, cookies, body };
}

/** 303 See Other: after a form, the browser asks for the page with GET. */
export function redirect(location: string, cookies: WebCookie[] = []): WebResponse {
  return { status: 303, headers: { location, ...PAGE_HEADERS }, cookies, body: '' };
}

export function sendWeb(res: Response, answer: WebResponse): void {
  res.status(answer.status);
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  for (const { name, value, options } of answer.cookies ?? []) res.cookie(name, value, options);
  res.setHeader('Content-Length', Buffer.byteLength(answer.body));
  res.end(answer.body);
}

/**
 * A cookie the request carries (read by cookie-parser, which takes a value that is not valid
 * percent-encoding as sent: a cookie we did not set may be any bytes).
 */
export function cookieOf(req: Request, name: string): string | undefined {
  const cookies = req.cookies as Record<string, unknown> | undefined;
  const value = cookies?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** A cookie only HTTPS requests from this site carry, out of reach of scripts. */
export function cookie(name: string, value: string, maxAgeSeconds: number, sameSite: 'lax' | 'strict' = 'lax'): WebCookie {
  return { name, value, options: { path: '/', maxAge: maxAgeSeconds * 1000, httpOnly: true, secure: true, sameSite } };
}

/** A form post's fields, as express's urlencoded parser read them (a form over its limit never gets here). */
export function formOf(req: Request): URLSearchParams {
  const fields = new URLSearchParams();
  const body = req.body as Record<string, unknown> | undefined;
  for (const [name, value] of Object.entries(body ?? {})) {
    for (const one of [value].flat()) if (typeof one === 'string') fields.append(name, one);
  }
  return fields;
}

export function sameToken(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The CSRF token of forms shown before anyone signs in: the same random value in a cookie and in the form. */
export const PRE_SESSION_CSRF = 'ls_csrf';
export function preSessionCsrf(req: Request): { token: string; cookies: WebCookie[] } {
  const existing = cookieOf(req, PRE_SESSION_CSRF);
  if (existing && /^[a-z0-9]{32}$/.test(existing)) return { token: existing, cookies: [] };
  const token = randomToken(32);
  return { token, cookies: [cookie(PRE_SESSION_CSRF, token, 3600, 'strict')] };
}
