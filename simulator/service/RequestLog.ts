import type { KeptRequest, KeptRequests } from './KeptRequests.ts';
import type { LoggedRequest, RequestFacts } from './loggedRequest.ts';
import { redactSecrets } from './redactSecrets.ts';
import type { ResponseBody } from './responseBody.ts';
import { StreamedJson } from '../desktop/reportThread/StreamedJson.ts';

export type { LoggedRequest, RequestFacts } from './loggedRequest.ts';

/**
 * What the log keeps of each body: an error whole, the start of a page. Measured on the list
 * benchmark (every page, 1,000 req/s): rings of 2 KB bodies (2 MB a project) left p99 at 10.6 ms as
 * without a log; 4 KB and 8 KB rings put it at 29-71 ms.
 */
const BODY_BYTES = 2_048;
/** Requests kept per project, in memory and across restarts. */
export const PER_PROJECT = 500;
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

/** One project's ring: facts written over in place, and both bodies of every slot in one buffer (no garbage per request). */
interface Ring {
  facts: RequestFacts[];
  lengths: Int32Array;
  bytes: Buffer;
  next: number;
  /** Requests added since the last flush (at most the ring's size: older ones were written over). */
  unsaved: number;
  /** What an earlier run kept, oldest first, before what this run logged. */
  restored: LoggedRequest[];
}

function newRing(): Ring {
  return { facts: [], lengths: new Int32Array(PER_PROJECT * 2), bytes: Buffer.allocUnsafeSlow(PER_PROJECT * 2 * BODY_BYTES), next: 0, unsaved: 0, restored: [] };
}

/**
 * The last requests of each project, for the dashboard's request log: in memory as they come,
 * copied to `kept` (the Service's database) by `flush`, and read back from it at start.
 */
export class RequestLog {
  private readonly rings = new Map<string, Ring>();

  constructor(private readonly kept?: KeptRequests) {
    for (const row of kept?.load() ?? []) {
      const { projectId, requestBody, responseBody, ...facts } = row;
      const ring = this.ringOf(projectId);
      ring.restored.push({ ...facts, bodies: () => ({ request: requestBody, response: responseBody }) });
      if (ring.restored.length > PER_PROJECT) ring.restored.shift();
    }
  }

  private ringOf(projectId: string): Ring {
    let ring = this.rings.get(projectId);
    if (!ring) {
      ring = newRing();
      this.rings.set(projectId, ring);
    }
    return ring;
  }

  /** When the last request was logged (performance.now()). */
  private lastAdd = -Infinity;

  add(projectId: string, facts: RequestFacts, requestBody: Buffer | undefined, responseBody: ResponseBody | undefined): void {
    this.lastAdd = performance.now();
    const ring = this.ringOf(projectId);
    const i = ring.next;
    ring.next = (i + 1) % PER_PROJECT;
    ring.unsaved = Math.min(PER_PROJECT, ring.unsaved + 1);
    const kept = ring.facts[i];
    if (kept) Object.assign(kept, facts);
    else ring.facts[i] = { ...facts };
    const at = i * 2 * BODY_BYTES;
    ring.lengths[i * 2] = copyPrefix(requestBody, ring.bytes.subarray(at, at + BODY_BYTES));
    ring.lengths[i * 2 + 1] = copyPrefix(responseBody, ring.bytes.subarray(at + BODY_BYTES, at + 2 * BODY_BYTES));
  }

  /** This run's requests of a project, oldest first, as copies (what is shown does not change under the reader). */
  private logged(ring: Ring): LoggedRequest[] {
    const order = ring.facts.length < PER_PROJECT ? ring.facts.map((_, i) => i) : Array.from({ length: PER_PROJECT }, (_, k) => (ring.next + k) % PER_PROJECT);
    return order.flatMap((i) => {
      const facts = ring.facts[i];
      if (!facts) return [];
      const at = i * 2 * BODY_BYTES;
      const request = Buffer.from(ring.bytes.subarray(at, at + (ring.lengths[i * 2] ?? 0)));
      const response = Buffer.from(ring.bytes.subarray(at + BODY_BYTES, at + BODY_BYTES + (ring.lengths[i * 2 + 1] ?? 0)));
      return [{ ...facts, bodies: () => ({ request: readableBody(request), response: readableBody(response) }) }];
    });
  }

  /** Oldest first: what an earlier run kept, then this run's, the newest PER_PROJECT of them. */
  of(projectId: string): LoggedRequest[] {
    const ring = this.rings.get(projectId);
    if (!ring) return [];
    return [...ring.restored, ...this.logged(ring)].slice(-PER_PROJECT);
  }

  /**
   * Flushes once no request has come for `quietMs`: writing 500 entries took 30-50 ms of the main
   * thread, which at 1,000 requests/s put the list pages' p99 from about 3 ms to 80 ms. A sandbox
   * under load writes its log when the load pauses, and at a clean stop; killed under load, it
   * loses what it logged since its last pause (the log only: requests are answered from the
   * company file, which commits each write).
   */
  flushWhenQuiet(quietMs: number): void {
    if (performance.now() - this.lastAdd >= quietMs) this.flush();
  }

  /** Writes what was logged since the last flush to the Service's database (a no-op without one). */
  flush(): void {
    if (!this.kept) return;
    const batch: KeptRequest[] = [];
    for (const [projectId, ring] of this.rings) {
      if (ring.unsaved === 0) continue;
      for (const entry of this.logged(ring).slice(-ring.unsaved)) {
        const { bodies, ...facts } = entry;
        const { request, response } = bodies();
        batch.push({ projectId, ...facts, requestBody: request, responseBody: response });
      }
      ring.unsaved = 0;
    }
    this.kept.save(batch);
  }
}
