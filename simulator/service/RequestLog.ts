import { redactSecrets } from './redactSecrets.ts';
import type { ResponseBody } from './types.ts';
import { StreamedJson } from '../desktop/reportThread/StreamedJson.ts';

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

/**
 * What the log keeps of each body: an error whole, the start of a page. Measured on the list
 * benchmark (every page, 1,000 req/s): rings of 2 KB bodies (2 MB a project) left p99 at 10.6 ms as
 * without a log; 4 KB and 8 KB rings put it at 29-71 ms.
 */
const BODY_BYTES = 2_048;
const PER_PROJECT = 500;
/** A kept body as people read it: secrets redacted, a cut-off body marked. */
export function readableBody(bytes: Buffer): string {
  const text = redactSecrets(bytes.toString('utf8'));
  return bytes.length >= BODY_BYTES ? `${text}…` : text;
}

/** Copies the first bytes of a body into `into`; returns how many. */
function copyPrefix(body: ResponseBody | undefined, into: Buffer): number {
  if (body === undefined) return 0;
  if (typeof body === 'string') return into.write(body.slice(0, into.length), 'utf8');
  let size = 0;
  // Of a report sent as its thread writes it, its first slice: the log keeps a prefix anyway.
  for (const part of Buffer.isBuffer(body) ? [body] : body instanceof StreamedJson ? [body.first] : body) {
    if (size >= into.length) break;
    size += part.copy(into, size, 0, Math.min(part.length, into.length - size));
  }
  return size;
}

/** The fields of a logged request besides its bodies. */
export type RequestFacts = Omit<LoggedRequest, 'requestBytes' | 'responseBytes'>;

/** One project's ring: facts written over in place, and both bodies of every slot in one buffer (no garbage per request). */
interface Ring {
  facts: RequestFacts[];
  lengths: Int32Array;
  bytes: Buffer;
  next: number;
}

/** The last requests of each project, for the dashboard's request log; kept in memory only. */
export class RequestLog {
  private readonly rings = new Map<string, Ring>();

  add(projectId: string, facts: RequestFacts, requestBody: Buffer | undefined, responseBody: ResponseBody | undefined): void {
    let ring = this.rings.get(projectId);
    if (!ring) {
      ring = { facts: [], lengths: new Int32Array(PER_PROJECT * 2), bytes: Buffer.allocUnsafeSlow(PER_PROJECT * 2 * BODY_BYTES), next: 0 };
      this.rings.set(projectId, ring);
    }
    const i = ring.next;
    ring.next = (i + 1) % PER_PROJECT;
    const kept = ring.facts[i];
    if (kept) Object.assign(kept, facts);
    else ring.facts[i] = { ...facts };
    const at = i * 2 * BODY_BYTES;
    ring.lengths[i * 2] = copyPrefix(requestBody, ring.bytes.subarray(at, at + BODY_BYTES));
    ring.lengths[i * 2 + 1] = copyPrefix(responseBody, ring.bytes.subarray(at + BODY_BYTES, at + 2 * BODY_BYTES));
  }

  /** Oldest first; copies, so that what is shown does not change under the reader. */
  of(projectId: string): LoggedRequest[] {
    const ring = this.rings.get(projectId);
    if (!ring) return [];
    const order = ring.facts.length < PER_PROJECT ? ring.facts.map((_, i) => i) : Array.from({ length: PER_PROJECT }, (_, k) => (ring.next + k) % PER_PROJECT);
    return order.flatMap((i) => {
      const facts = ring.facts[i];
      if (!facts) return [];
      const at = i * 2 * BODY_BYTES;
      const body = (offset: number, length: number): Buffer => Buffer.from(ring.bytes.subarray(offset, offset + length));
      return [{ ...facts, requestBytes: body(at, ring.lengths[i * 2] ?? 0), responseBytes: body(at + BODY_BYTES, ring.lengths[i * 2 + 1] ?? 0) }];
    });
  }
}
