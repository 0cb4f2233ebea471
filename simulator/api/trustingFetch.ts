import https from 'node:https';
import http from 'node:http';
import { Readable } from 'node:stream';

/** Statuses whose answer has no body: a Response refuses one. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * A `fetch` that trusts `ca` (PEM) besides the system's CAs, so a test can call the sandbox as it
 * would call the real Service. Node's global fetch takes a `dispatcher` only from the undici
 * package, which Node does not export; this is the same contract over `node:https`, without a
 * dependency: the request as `new Request` reads it, the answer as a standard `Response`.
 */
export function trustingFetch(ca?: string | Buffer): typeof fetch {
  // One agent per fetch: its kept-alive sockets make a test's hundred requests one handshake.
  const agent = new https.Agent({ keepAlive: true, ...(ca ? { ca } : {}) });
  return async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : Buffer.from(await request.arrayBuffer());
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    if (body) headers['content-length'] = String(body.length);
    const transport = url.protocol === 'https:' ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const req = transport.request(url, { method: request.method, headers, signal: request.signal, ...(url.protocol === 'https:' ? { agent } : {}) }, (res) => {
        const answerHeaders = new Headers();
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) answerHeaders.append(res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string);
        const status = res.statusCode ?? 0;
        const stream = NO_BODY.has(status) || request.method === 'HEAD' ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
        if (!stream) res.resume();
        resolve(new Response(stream, { status, statusText: res.statusMessage ?? '', headers: answerHeaders }));
      });
      // As the global fetch does: a network failure is a TypeError whose cause says what happened.
      req.on('error', (error) => reject(request.signal.aborted ? error : new TypeError('fetch failed', { cause: error })));
      req.end(body);
    });
  };
}
