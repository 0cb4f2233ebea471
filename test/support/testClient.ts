import fs from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { SimClock } from '../../simulator/desktop/clock.ts';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../simulator/Sandbox.ts';
import { compileRoutes } from './operationRoutes.ts';
import { createLogger } from '../../simulator/service/logger.ts';
import { loadOrCreateTls } from '../../simulator/service/tlsCertificates.ts';

export interface ApiResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  // Bodies are checked against the spec before a test sees them, so tests may read them freely.
  body: Record<string, unknown> & { error?: Record<string, unknown> };
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | (string | number)[]>;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string | undefined>;
  endUser?: string | null;
  key?: string | null;
}

/** Test time stands still unless a test moves it, so expiry boundaries can be hit exactly. */
export const TEST_EPOCH_MS = Date.UTC(2026, 2, 16, 14, 30, 0);

/**
 * A clock that runs in real time from TEST_EPOCH_MS, for a sandbox judged as a live one is (the
 * contract runner waits out or moves its time): its seeded file, dated up to its today, is then
 * the same on whatever day the suite runs.
 */
export function runningTestClock(): SimClock {
  const started = Date.now();
  return new SimClock(() => TEST_EPOCH_MS + (Date.now() - started));
}

/** One certificate for the in-memory sandboxes a test process starts: two RSA keys took a fifth of every start. */
let processTls: Promise<Pick<SandboxOptions, 'certPath' | 'keyPath' | 'caCertPath'>> | undefined;

function sharedTls(): Promise<Pick<SandboxOptions, 'certPath' | 'keyPath' | 'caCertPath'>> {
  processTls ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-test-tls-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const { caCertPath } = await loadOrCreateTls(dir);
    return { certPath: path.join(dir, 'server-cert.pem'), keyPath: path.join(dir, 'server-key.pem'), caCertPath };
  })();
  return processTls;
}

/** A sandbox on port 0 with a small company file, a frozen clock and a captured log. */
export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const logLines: string[] = [];
  const clock = options.clock ?? new SimClock(() => TEST_EPOCH_MS);
  // A sandbox on disk, or one given its own certificate, keeps to its own (tests of TLS files and restarts).
  const tls = options.memory === false || options.dataDir !== undefined || options.certPath !== undefined ? {} : await sharedTls();
  const sandbox = await startSandbox({
    ...tls,
    memory: true,
    port: 0,
    httpPort: 0,
    sizes: { customers: 60, invoices: 150 },
    seed: 7,
    clock,
    logger: createLogger('debug', (line) => logLines.push(line)),
    ...options,
  });
  return new TestSandbox(sandbox, clock, logLines);
}

export class TestSandbox {
  private readonly agent: https.Agent;
  private readonly route;
  private readonly validators;

  constructor(
    readonly sandbox: Sandbox,
    readonly clock: SimClock,
    readonly logLines: string[],
  ) {
    this.agent = new https.Agent({ ca: sandbox.caCert, keepAlive: true });
    this.route = compileRoutes(sandbox.deps.operations.values());
    this.validators = sandbox.deps.validators;
  }

  get endUser(): string {
    return this.sandbox.endUserIds[0] ?? '';
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const url = new URL(`${this.sandbox.baseUrl}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(v));
    }
    const headers: Record<string, string> = {};
    const key = options.key === undefined ? this.sandbox.secretKey : options.key;
    if (key !== null) headers['authorization'] = `Bearer ${key}`;
    const endUser = options.endUser === undefined ? this.endUser : options.endUser;
    if (endUser !== null && path.includes('/ledger')) headers['service-end-user-id'] = endUser;
    const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (payload !== undefined) headers['content-type'] = 'application/json';
    for (const [name, value] of Object.entries(options.headers ?? {})) {
      if (value === undefined) delete headers[name.toLowerCase()];
      else headers[name.toLowerCase()] = value;
    }
    const response = await send(https, url, method, headers, payload, this.agent);
    this.assertMatchesSpec(method, url.pathname, response);
    return response;
  }

  /** A sandbox control request (`/_sandbox/...`, outside `/v1`, not part of the spec). */
  control(method: string, path: string, body?: unknown, key: string | null = this.sandbox.secretKey): Promise<ApiResponse> {
    return this.controlRaw(method, path, body === undefined ? undefined : JSON.stringify(body), key);
  }

  /** The same with the body as text, sent as JSON whatever it holds. */
  async controlRaw(method: string, path: string, payload: string | undefined, key: string | null = this.sandbox.secretKey): Promise<ApiResponse> {
    const url = new URL(path, this.sandbox.baseUrl);
    const headers: Record<string, string> = key === null ? {} : { authorization: `Bearer ${key}` };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const response = await send(https, url, method, headers, payload, this.agent);
    if (response.status !== 200) {
      const validate = [...this.validators.values()][0]?.error;
      expect(validate?.(response.body), response.text).toBe(true);
    }
    return response;
  }

  get(path: string, options?: RequestOptions): Promise<ApiResponse> {
    return this.request('GET', path, options);
  }

  post(path: string, body: unknown, options?: RequestOptions): Promise<ApiResponse> {
    return this.request('POST', path, { ...options, body });
  }

  delete(path: string, options?: RequestOptions): Promise<ApiResponse> {
    return this.request('DELETE', path, options);
  }

  /** Every response must validate against the spec: the 200 schema or the error schema. */
  private assertMatchesSpec(method: string, pathname: string, response: ApiResponse): void {
    expect(response.headers['service-request-id'], 'Service-Request-Id header').toMatch(/^req_/);
    expect(response.status, `no 5xx from the simulator: ${response.text}`).not.toBe(500);
    const routed = this.route(method, pathname);
    // A sandbox that checks its answers (the suite's default) has validated this one with these same
    // validators and answered a 500 had it broken the spec: validating it again here only costs time.
    if (this.sandbox.deps.responseChecker && routed.kind === 'found') {
      if (response.status !== 200) expect(response.body.error?.['requestId']).toBe(response.headers['service-request-id']);
      return;
    }
    let validate: ValidateFunction | undefined;
    if (routed.kind === 'found') {
      const v = this.validators.get(routed.match.op.operationId);
      validate = response.status === 200 ? v?.response : v?.error;
    } else {
      validate = [...this.validators.values()][0]?.error;
      expect(response.status).not.toBe(200);
    }
    if (!validate) throw new Error(`no validator for ${method} ${pathname}`);
    const valid = validate(response.body);
    expect(valid, `${method} ${pathname} -> ${response.status} does not match the spec: ${JSON.stringify(validate.errors)}\n${response.text.slice(0, 500)}`).toBe(true);
    if (response.status !== 200) expect(response.body.error?.['requestId']).toBe(response.headers['service-request-id']);
  }

  async close(): Promise<void> {
    this.agent.destroy();
    await this.sandbox.close();
  }
}

export function send(
  transport: typeof https | typeof http,
  url: URL,
  method: string,
  headers: Record<string, string>,
  payload: string | undefined,
  agent?: http.Agent,
): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const req = transport.request(url, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: ApiResponse['body'];
        try {
          body = JSON.parse(text) as ApiResponse['body'];
        } catch {
          reject(new Error(`response is not JSON: ${text.slice(0, 200)}`));
          return;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
      });
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** Walks a list to its end with the given page size; returns every page's body. */
export async function walk(api: TestSandbox, path: string, query: RequestOptions['query'] = {}, limit = 150): Promise<ApiResponse['body'][]> {
  const pages: ApiResponse['body'][] = [];
  let cursor: string | undefined;
  for (;;) {
    const res = await api.get(path, { query: { ...query, limit, ...(cursor ? { cursor } : {}) } });
    expect(res.status, res.text).toBe(200);
    pages.push(res.body);
    if (!res.body['hasMore']) return pages;
    cursor = String(res.body['nextCursor']);
  }
}

export function idsOf(pages: ApiResponse['body'][]): string[] {
  return pages.flatMap((p) => (p['data'] as { id: string }[]).map((d) => d.id));
}
