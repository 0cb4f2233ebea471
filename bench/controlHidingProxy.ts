import https from 'node:https';
import type { AddressInfo } from 'node:net';

/** A TLS proxy that makes a sandbox look like a real deployment: no `/_sandbox` controls, so no clock to move. */
export interface ControlHidingProxy {
  baseUrl: string;
  /** Requests it forwarded to the sandbox: what the run cost the target. */
  readonly forwarded: number;
  close(): Promise<void>;
}

const NOT_FOUND = JSON.stringify({
  error: { message: 'No such route.', userFacingMessage: 'An internal server error occurred. Please try again.', type: 'INVALID_REQUEST_ERROR', code: 'ROUTE_NOT_FOUND', httpStatusCode: 404, requestId: 'req_proxy' },
});

/** Streams every request but the sandbox controls to `upstreamPort` on 127.0.0.1, whose certificate `ca` signs; serves with `key`/`cert`. */
export async function startControlHidingProxy(options: { upstreamPort: number; ca: string; key: string; cert: string }): Promise<ControlHidingProxy> {
  const agent = new https.Agent({ ca: options.ca, keepAlive: true });
  let forwarded = 0;
  const server = https.createServer({ key: options.key, cert: options.cert }, (req, res) => {
    if ((req.url ?? '/').startsWith('/_sandbox')) {
      req.resume();
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'service-request-id': 'req_proxy' });
      res.end(NOT_FOUND);
      return;
    }
    forwarded += 1;
    const upstream = https.request({ host: '127.0.0.1', port: options.upstreamPort, path: req.url, method: req.method, headers: { ...req.headers, host: `127.0.0.1:${options.upstreamPort}` }, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `https://127.0.0.1:${port}/v1`,
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
