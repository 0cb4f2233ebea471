import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { createTlsMaterial } from '../../simulator/service/tlsCertificates.ts';

/**
 * A TLS proxy that makes a sandbox look like a real deployment: its `/_sandbox` controls answer
 * 404 (so nothing can move its clock or read its files), and every other request can be held back
 * to imitate a real desktop's latency.
 */
export interface HidingProxy {
  /** The Service's base URL through the proxy (`https://127.0.0.1:PORT/v1`). */
  baseUrl: string;
  /** The proxy's own CA certificate (PEM): what a client passes as `--ca-cert`. */
  ca: string;
  /** Requests forwarded to the sandbox so far. */
  readonly forwarded: number;
  close(): Promise<void>;
}

export interface HidingProxyOptions {
  /** The sandbox's base URL (`https://127.0.0.1:PORT/v1`) and the CA that signed its certificate. */
  upstream: string;
  upstreamCa: string;
  /** Milliseconds each forwarded request waits before it is sent on. */
  latencyMs?: number;
  /** Told of each forwarded request (its count from 1) before it is sent on, which waits for it: a test stops a client or moves the clock there. */
  onForward?: (count: number, url: string) => void | Promise<void>;
}

const NOT_FOUND = JSON.stringify({
  error: { message: 'No such route.', userFacingMessage: 'An internal server error occurred. Please try again.', type: 'INVALID_REQUEST_ERROR', code: 'ROUTE_NOT_FOUND', httpStatusCode: 404, requestId: 'req_proxy' },
});

export async function startHidingProxy(options: HidingProxyOptions): Promise<HidingProxy> {
  const upstream = new URL(options.upstream);
  const tls = await createTlsMaterial();
  const agent = new https.Agent({ ca: options.upstreamCa, keepAlive: true });
  let forwarded = 0;
  const server = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    if ((req.url ?? '/').startsWith('/_sandbox')) {
      req.resume();
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'service-request-id': 'req_proxy' });
      res.end(NOT_FOUND);
      return;
    }
    forwarded += 1;
    const told = options.onForward?.(forwarded, req.url ?? '/');
    const send = (): void => {
      const onward = https.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host }, agent }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      onward.on('error', () => res.destroy());
      req.pipe(onward);
    };
    const later = (): void => {
      if (options.latencyMs) setTimeout(send, options.latencyMs);
      else send();
    };
    if (told) told.then(later, () => res.destroy());
    else later();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `https://127.0.0.1:${port}${upstream.pathname.replace(/\/$/, '')}`,
    ca: tls.caCert,
    get forwarded() {
      return forwarded;
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
