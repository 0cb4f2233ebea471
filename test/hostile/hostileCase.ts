import type { Rng } from '../../contract-tests/runner/rng.ts';
import type { RawExchange, RawResponse } from '../support/rawHttp.ts';

/** What a family knows of the sandbox it attacks: ids to aim at and the keys of two projects. */
export interface HostileContext {
  secretKey: string;
  publishableKey: string;
  endUser: string;
  customer: { id: string; revisionNumber: string };
  invoice: { id: string; revisionNumber: string };
  /** A key of a second project, which must never reach the first project's data or time. */
  otherKey: string;
  otherEndUser: string;
  /** `Host:` value for raw requests. */
  host: string;
}

/** A request a normal client can send (over the keep-alive agent). */
export interface ApiSend {
  kind: 'api';
  method: string;
  /** Path from the origin, `/v1/...` or `/_sandbox/...`, sent exactly as written (escapes and all). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** Bytes on one fresh TLS connection, for what no well-behaved client sends. */
export interface RawSend {
  kind: 'raw';
  parts: (string | Buffer)[];
  expect?: number;
  waitMs?: number;
  awaitClose?: boolean;
  destroyAfterSend?: boolean;
}

/** Several requests in order, the later ones built from the earlier answers (a cursor, say). */
export interface StepsSend {
  kind: 'steps';
  steps: (previous: RawResponse[]) => ApiSend | undefined;
}

export type HostileOutcome = { responses: RawResponse[]; end?: RawExchange['end'] };

export interface HostileCase {
  family: string;
  /** Short text saying what this variant sends, for failure reports. */
  label: string;
  send: ApiSend | RawSend | StepsSend;
  /** Undefined when the outcome is what the family demands, otherwise what is wrong. */
  judge(outcome: HostileOutcome): string | undefined;
}

export interface HostileFamily {
  name: string;
  /** The item of issue 8 the family guards. */
  item: number;
  make(rng: Rng, ctx: HostileContext): HostileCase;
}

export function errorCode(response: RawResponse): string | undefined {
  try {
    return (JSON.parse(response.body) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
}

export function errorMessage(response: RawResponse): string {
  try {
    return String((JSON.parse(response.body) as { error?: { message?: string } }).error?.message ?? '');
  } catch {
    return '';
  }
}

/** The usual demand: exactly one answer, with this status (and code, and a message naming `field`). */
export function refusedWith(status: number, code: string, field?: string): HostileCase['judge'] {
  return ({ responses }) => {
    const [first] = responses;
    if (!first) return 'no answer at all';
    if (first.status !== status || errorCode(first) !== code) return `expected ${status} ${code}, got ${first.status} ${errorCode(first) ?? first.body.slice(0, 120)}`;
    // The field closes the quoted path: `"id"`, `"lines[1].rate"`, `"lists.__proto__"`.
    if (field !== undefined && !errorMessage(first).includes(`${field}"`)) return `the message does not name "${field}": ${errorMessage(first).slice(0, 160)}`;
    return undefined;
  };
}

/** JSON text with one value spliced in verbatim (numbers JSON.stringify cannot write, keys it would not). */
export function jsonWith(template: unknown, placeholder: string, raw: string): string {
  return JSON.stringify(template).replace(JSON.stringify(placeholder), raw);
}

export function jsonHeaders(ctx: HostileContext, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${ctx.secretKey}`, 'service-end-user-id': ctx.endUser, 'content-type': 'application/json', ...extra };
}
