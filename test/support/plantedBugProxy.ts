import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Sandbox } from '../../simulator/Sandbox.ts';
import { compileRoutes } from './operationRoutes.ts';
import { createTlsMaterial } from '../../simulator/service/tlsCertificates.ts';
import { PLANTED_BUGS, type BugName } from './plantedBugs/index.ts';
import { serviceError, type BugContext, type BugHandler, type ProxyRequest, type ProxyResponse } from './plantedBugs/proxyExchange.ts';

export interface PlantedBugProxy {
  /** `https://localhost:<port>/v1`, like the sandbox's. */
  baseUrl: string;
  /** The plain-HTTP twin, which refuses like the Service unless a bug says otherwise. */
  httpUrl: string;
  /** The proxy's own CA (it presents its own certificate, not the sandbox's). */
  caCert: string;
  /** Breaks one rule from now on (fresh state each time), or none. */
  plant(bug: BugName | undefined): void;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date', 'upgrade', 'proxy-connection']);

function headerRecord(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
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

async function proxyRequestOf(req: http.IncomingMessage): Promise<ProxyRequest> {
  const body = await readBody(req);
  return { method: req.method ?? 'GET', url: new URL(req.url ?? '/', 'https://proxy.invalid'), headers: headerRecord(req.headers), body: body === '' ? undefined : body };
}

function reply(res: http.ServerResponse, answer: ProxyResponse): void {
  res.writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(answer.body) });
  res.end(answer.body);
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** How the proxy stands in for a real deployment (with the plain mode `without-sandbox-controls`): the network's and the desktop's delay. */
export interface ProxyOptions {
  /** Milliseconds added before every request is forwarded. */
  latencyMs?: number;
}

/**
 * A thin HTTPS proxy in front of a sandbox that breaks exactly one rule of the contract, chosen by
 * name, so each contract check can be shown to catch the bug it is named for.
 */
export async function startPlantedBugProxy(sandbox: Sandbox, options: ProxyOptions = {}): Promise<PlantedBugProxy> {
  const upstream = new URL(sandbox.baseUrl).origin;
  const agent = new https.Agent({ ca: sandbox.caCert, keepAlive: true });
  const route = compileRoutes(sandbox.deps.operations.values());
  const forward = async (request: ProxyRequest): Promise<ProxyResponse> => {
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    return forwardNow(request);
  };
  const forwardNow = (request: ProxyRequest): Promise<ProxyResponse> =>
    new Promise((resolve, reject) => {
      const headers = { ...request.headers, ...(request.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(request.body)) }) };
      const target = new URL(`${request.url.pathname}${request.url.search}`, upstream);
      const req = https.request(target, { method: request.method, headers, agent }, (res) => {
        readBody(res).then((body) => resolve({ status: res.statusCode ?? 0, headers: headerRecord(res.headers), body }), reject);
      });
      req.on('error', reject);
      if (request.body !== undefined) req.write(request.body);
      req.end();
    });
  const ctx: BugContext = {
    forward,
    operation(request) {
      const routed = route(request.method, request.url.pathname);
      return routed.kind === 'found' ? routed.match.op : undefined;
    },
    secretKey: sandbox.secretKey,
    endUserId: sandbox.endUserIds[0] ?? '',
  };

  let planted: BugName | undefined;
  let handler: BugHandler = (request) => forward(request);
  const failed = (error: unknown): ProxyResponse =>
    serviceError(500, 'PLANTED_BUG_PROXY_FAILED', 'INTERNAL_ERROR', `the planted-bug proxy itself failed: ${error instanceof Error ? error.message : String(error)}`);

  const tls = await createTlsMaterial();
  const httpsServer = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    proxyRequestOf(req)
      .then((request) => handler(request, ctx))
      .catch(failed)
      .then((answer) => reply(res, answer), () => res.destroy());
  });
  const httpServer = http.createServer((req, res) => {
    const refuse = serviceError(403, 'HTTPS_REQUIRED', 'INVALID_REQUEST_ERROR', 'The Service only accepts HTTPS requests; resend this request over https://.');
    const serves = planted !== undefined && PLANTED_BUGS[planted].servesPlainHttp === true;
    proxyRequestOf(req)
      .then((request) => (serves ? forward(request) : refuse))
      .catch(failed)
      .then((answer) => reply(res, answer), () => res.destroy());
  });
  const port = await listen(httpsServer);
  const httpPort = await listen(httpServer);

  return {
    baseUrl: `https://localhost:${port}/v1`,
    httpUrl: `http://localhost:${httpPort}/v1`,
    caCert: tls.caCert,
    plant(bug) {
      planted = bug;
      const make = bug === undefined ? undefined : PLANTED_BUGS[bug].handler;
      handler = make ? make() : (request) => forward(request);
    },
    async close() {
      agent.destroy();
      httpsServer.closeAllConnections();
      httpServer.closeAllConnections();
      await Promise.all([new Promise((r) => httpsServer.close(r)), new Promise((r) => httpServer.close(r))]);
    },
  };
}
