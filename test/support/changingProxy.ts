import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { createTlsMaterial } from '../../simulator/service/tlsCertificates.ts';
import type { ProxyRequest, ProxyResponse } from './plantedBugs/proxyExchange.ts';

/** One change a proxied deployment makes: given a request and a way to ask the real one, what it answers. */
export type Change = (request: ProxyRequest, forward: (request: ProxyRequest) => Promise<ProxyResponse>) => Promise<ProxyResponse>;

export interface ChangingProxy {
  /** `https://localhost:<port>/v1`, like the sandbox's. */
  baseUrl: string;
  /** The proxy's own CA. */
  caCert: string;
  /** Answers as the deployment behind it, with this change from now on (or none). */
  change(change: Change | undefined): void;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

function headerRecord(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

function readBody(stream: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    stream.on('error', reject);
  });
}

/**
 * A deployment that differs from the one behind it in one chosen way: an HTTPS proxy (port 0, its
 * own certificate) whose change a test sets, so a drift report can be shown to find each kind of
 * difference, and nothing else.
 */
export async function startChangingProxy(upstream: { baseUrl: string; caCert: string }): Promise<ChangingProxy> {
  const origin = new URL(upstream.baseUrl).origin;
  const agent = new https.Agent({ ca: upstream.caCert, keepAlive: true });
  const forward = (request: ProxyRequest): Promise<ProxyResponse> =>
    new Promise((resolve, reject) => {
      const req = https.request(new URL(`${request.url.pathname}${request.url.search}`, origin), { method: request.method, headers: request.headers, agent }, (res) => {
        readBody(res).then((body) => resolve({ status: res.statusCode ?? 0, headers: headerRecord(res.headers), body }), reject);
      });
      req.on('error', reject);
      if (request.body !== undefined) req.write(request.body);
      req.end();
    });
  let current: Change | undefined;
  const tls = await createTlsMaterial();
  const server = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    readBody(req)
      .then((body) => {
        const request: ProxyRequest = { method: req.method ?? 'GET', url: new URL(req.url ?? '/', 'https://proxy.invalid'), headers: headerRecord(req.headers), body: body === '' ? undefined : body };
        return current ? current(request, forward) : forward(request);
      })
      .then(
        (answer) => {
          res.writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(answer.body) });
          res.end(answer.body);
        },
        () => res.destroy(),
      );
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  return {
    baseUrl: `https://localhost:${port}/v1`,
    caCert: tls.caCert,
    change(change) {
      current = change;
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
