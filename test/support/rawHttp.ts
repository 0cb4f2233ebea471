import tls from 'node:tls';

/** One HTTP/1.1 response as it came off the wire. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What a raw exchange saw: every complete response, and how the connection ended. */
export interface RawExchange {
  responses: RawResponse[];
  /** `closed` when the server ended the connection, `reset` on ECONNRESET/EPIPE, `open` when we stopped waiting. */
  end: 'closed' | 'reset' | 'open';
}

/** Parses as many complete responses as the bytes hold (Content-Length framing only, as the sandbox sends). */
export function parseResponses(bytes: Buffer): RawResponse[] {
  const out: RawResponse[] = [];
  let at = 0;
  for (;;) {
    const headEnd = bytes.indexOf('\r\n\r\n', at);
    if (headEnd < 0) return out;
    const [statusLine = '', ...lines] = bytes.subarray(at, headEnd).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const status = Number(statusLine.split(' ')[1]);
    // Interim answers (100 Continue) carry no body and no length.
    if (status >= 100 && status < 200) {
      at = headEnd + 4;
      continue;
    }
    const length = Number(headers['content-length'] ?? '0');
    if (bytes.length < headEnd + 4 + length) return out;
    out.push({ status, headers, body: bytes.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8') });
    at = headEnd + 4 + length;
  }
}

export interface RawTarget {
  host: string;
  port: number;
  ca: string;
}

export function rawTarget(baseUrl: string, ca: string): RawTarget {
  const url = new URL(baseUrl);
  return { host: url.hostname, port: Number(url.port), ca };
}

/**
 * Sends bytes over one TLS connection and collects what comes back: until `expect` complete
 * responses arrived (and, with `awaitClose`, the server closed the connection), or `waitMs` of
 * quiet passed. For what a normal client cannot send: no Host header, odd methods, bodies bigger
 * than their Content-Length promises, uploads cut off half way.
 */
export function rawExchange(
  target: RawTarget,
  parts: (string | Buffer)[],
  options: { expect?: number; waitMs?: number; awaitClose?: boolean; destroyAfterSend?: boolean } = {},
): Promise<RawExchange> {
  const expect = options.expect ?? 1;
  const waitMs = options.waitMs ?? 3000;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const socket = tls.connect({ host: target.host, port: target.port, ca: target.ca, servername: target.host });
    const finish = (end: RawExchange['end']): void => {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      socket.destroy();
      resolve({ responses: parseResponses(Buffer.concat(chunks)), end });
    };
    const quiet = (): void => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => finish('open'), waitMs);
    };
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      if (!options.awaitClose && parseResponses(Buffer.concat(chunks)).length >= expect) finish('open');
      else quiet();
    });
    socket.on('end', () => finish('closed'));
    socket.on('close', () => finish('closed'));
    socket.on('error', (error: NodeJS.ErrnoException) => finish(error.code === 'ECONNRESET' || error.code === 'EPIPE' ? 'reset' : 'closed'));
    socket.on('secureConnect', () => {
      for (const part of parts) socket.write(part);
      if (options.destroyAfterSend) {
        finish('closed');
        return;
      }
      quiet();
    });
  });
}
