import https from 'node:https';

export interface GetResult {
  status: number;
  body: Buffer;
}

export interface GetTarget {
  port: number;
  agent: https.Agent;
  headers: Record<string, string>;
}

/**
 * One GET to 127.0.0.1 (never a name lookup: "localhost" may resolve to ::1 first). The
 * certificate names 127.0.0.1, so verification stays on.
 */
export function httpsGet(target: GetTarget, path: string, timeoutMs = 30_000): Promise<GetResult> {
  return new Promise((resolve, reject) => {
    const req = https.request({ host: '127.0.0.1', port: target.port, path, method: 'GET', headers: target.headers, agent: target.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`GET ${path} timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}

export interface TailResult {
  status: number;
  /** Body length in bytes. */
  bytes: number;
  /** The first and last bytes of the body (up to `keep` each): enough for an error message and for the cursor at the end. */
  head: Buffer;
  tail: Buffer;
}

/**
 * One GET that keeps only the ends of the body: the load client reads hundreds of 300 KB pages a
 * second, and joining each into one buffer made its own garbage collector part of the latency it measures.
 */
export function httpsGetTail(target: GetTarget, path: string, keep = 512, timeoutMs = 30_000): Promise<TailResult> {
  return new Promise((resolve, reject) => {
    const req = https.request({ host: '127.0.0.1', port: target.port, path, method: 'GET', headers: target.headers, agent: target.agent }, (res) => {
      let bytes = 0;
      let head: Buffer | undefined;
      let last: Buffer[] = [];
      let lastBytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        head ??= chunk.subarray(0, keep);
        last.push(chunk);
        lastBytes += chunk.length;
        // Keep as few trailing chunks as cover `keep` bytes.
        while (last.length > 1 && lastBytes - (last[0]?.length ?? 0) >= keep) lastBytes -= last.shift()?.length ?? 0;
      });
      res.on('end', () => {
        const tail = Buffer.concat(last);
        last = [];
        resolve({ status: res.statusCode ?? 0, bytes, head: head ?? Buffer.alloc(0), tail: tail.subarray(Math.max(0, tail.length - keep)) });
      });
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`GET ${path} timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}
