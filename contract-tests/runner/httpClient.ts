import http from 'node:http';
import https from 'node:https';

export interface ExchangeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export interface Exchange {
  request: ExchangeRequest;
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
  ms: number;
  /** Set when no answer came: refused, reset, or timed out. */
  networkError?: string;
}

export interface SendOptions {
  method?: string;
  /** Path below the base URL (`/ledger-desktop/customers`) or an absolute URL. */
  path: string;
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined>;
  body?: unknown;
  rawBody?: string;
  /** `undefined` sends the configured key; `null` sends none; a string sends that Authorization value. */
  authorization?: string | null;
  /** `undefined` sends the configured end user; `null` none. */
  endUserId?: string | null;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export interface ClientConfig {
  baseUrl: string;
  apiKey: string;
  endUserId: string;
  ca: string | undefined;
  timeoutMs: number;
}

export type ExchangeObserver = (exchange: Exchange) => void;

/**
 * The runner's only way to the target. Every exchange is shown to the observers (the schema checks
 * read them all) and kept for failure reports, which turn it into a curl command.
 */
export class HttpClient {
  private readonly agent: https.Agent;
  private readonly observers: ExchangeObserver[] = [];

  constructor(readonly config: ClientConfig) {
    this.agent = new https.Agent({ keepAlive: true, ca: config.ca, maxSockets: 4 });
  }

  observe(observer: ExchangeObserver): void {
    this.observers.push(observer);
  }

  url(path: string, query: SendOptions['query'] = {}): URL {
    const url = /^https?:\/\//.test(path) ? new URL(path) : new URL(this.config.baseUrl.replace(/\/$/, '') + path);
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(v));
    }
    return url;
  }

  async send(options: SendOptions): Promise<Exchange> {
    const url = this.url(options.path, options.query);
    const headers: Record<string, string> = { accept: 'application/json' };
    const auth = options.authorization === undefined ? `Bearer ${this.config.apiKey}` : options.authorization;
    if (auth !== null) headers['authorization'] = auth;
    const endUser = options.endUserId === undefined ? this.config.endUserId : options.endUserId;
    if (endUser !== null) headers['service-end-user-id'] = endUser;
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (body !== undefined) headers['content-type'] = 'application/json';
    Object.assign(headers, options.headers);
    const request: ExchangeRequest = { method: options.method ?? 'GET', url: url.toString(), headers, body };
    const exchange = await this.perform(request, url, options.timeoutMs ?? this.config.timeoutMs);
    for (const observer of this.observers) observer(exchange);
    return exchange;
  }

  private perform(request: ExchangeRequest, url: URL, timeoutMs: number): Promise<Exchange> {
    const started = performance.now();
    const transport = url.protocol === 'http:' ? http : https;
    return new Promise((resolve) => {
      const done = (partial: Omit<Exchange, 'request' | 'ms'>): void => resolve({ request, ms: Math.round(performance.now() - started), ...partial });
      const req = transport.request(
        url,
        { method: request.method, headers: request.headers, ...(url.protocol === 'https:' ? { agent: this.agent } : {}) },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (e) => done({ status: 0, headers: {}, text: '', json: undefined, networkError: e.message }));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            try {
              json = text ? JSON.parse(text) : undefined;
            } catch {
              json = undefined;
            }
            done({ status: res.statusCode ?? 0, headers: res.headers, text, json });
          });
        },
      );
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', (e) => done({ status: 0, headers: {}, text: '', json: undefined, networkError: e.message }));
      if (request.body !== undefined) req.write(request.body);
      req.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
