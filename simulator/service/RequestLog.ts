import type { ResponseBody } from './types.ts';

export interface LoggedRequest {
  requestId: string;
  at: number;
  method: string;
  /** Path and query as sent. */
  path: string;
  status: number;
  code: string | null;
  ms: number;
  endUserId: string | null;
  operationId: string | null;
  /** The first bytes of each body as they went over the wire; made readable (secrets redacted) only when shown. */
  requestBytes: Buffer;
  responseBytes: Buffer;
}

/** What a project's request log keeps of each body: enough to read, never a whole 300 KB page per entry. */
const BODY_BYTES = 16_000;
const PER_PROJECT = 500;
/** Values never shown in the log, whatever field they are in: keys and connect-link secrets. */
const SECRETS = /\b(sk|pk)_[a-z]+_[a-z0-9]{4,}|auth_sess_client_secret_[a-z0-9]+/gi;

export function redactSecrets(text: string): string {
  return text.replace(SECRETS, (secret) => `${secret.slice(0, secret.indexOf('_', 3) + 1)}…${secret.slice(-4)}`);
}

/** A copy of a body's first bytes: cheap enough for every request (no text is made until someone looks). */
export function bodyPrefix(body: ResponseBody | string | undefined): Buffer {
  if (body === undefined) return Buffer.alloc(0);
  if (typeof body === 'string') return Buffer.from(body.slice(0, BODY_BYTES), 'utf8');
  const parts = Buffer.isBuffer(body) ? [body] : body;
  const kept: Buffer[] = [];
  let size = 0;
  for (const part of parts) {
    if (size >= BODY_BYTES) break;
    kept.push(part.subarray(0, BODY_BYTES - size));
    size += Math.min(part.length, BODY_BYTES - size);
  }
  return Buffer.concat(kept, size);
}

/** A kept body as people read it: secrets redacted, a cut-off body marked. */
export function readableBody(bytes: Buffer): string {
  const text = redactSecrets(bytes.toString('utf8'));
  return bytes.length >= BODY_BYTES ? `${text}…` : text;
}

/** The last requests of each project, newest last, for the dashboard's request log; kept in memory only. */
export class RequestLog {
  private readonly byProject = new Map<string, LoggedRequest[]>();

  add(projectId: string, entry: LoggedRequest): void {
    let entries = this.byProject.get(projectId);
    if (!entries) {
      entries = [];
      this.byProject.set(projectId, entries);
    }
    entries.push(entry);
    if (entries.length > PER_PROJECT) entries.splice(0, entries.length - PER_PROJECT);
  }

  of(projectId: string): readonly LoggedRequest[] {
    return this.byProject.get(projectId) ?? [];
  }
}
