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
  /** When the request was sent (performance.now()): a reproducer keeps the waits between requests. */
  sentAt?: number;
  /** Set when no answer came: refused, reset, or timed out. */
  networkError?: string;
  /** Earlier answers to the same request that carried the target's retry advice, oldest first. */
  retried?: Retry[];
  /** This answer too said a retry could succeed, but the retries were spent: the target stayed busy. */
  retriesSpent?: boolean;
}

/** One retry the client made on the target's advice: what came back, and how long it waited before asking again. */
export interface Retry {
  status: number;
  code: string | undefined;
  waitedMs: number;
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
  /** false: take the first answer as it is (a check that provokes the desktop's moods judges them). */
  retry?: boolean;
}

export interface ClientConfig {
  baseUrl: string;
  apiKey: string;
  endUserId: string;
  ca: string | undefined;
  timeoutMs: number;
  /** Retries of an answer that carries retry advice, as the official clients make (2); 0 for none. */
  retries?: number;
}

export type ExchangeObserver = (exchange: Exchange) => void;

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** Statuses a read may be asked again after, unless the target says not to: a time-out, too many requests, a moment's unavailability. */
const READ_RETRY_STATUSES = new Set([408, 429, 503, 504]);

/**
 * How long to wait before asking again, when the answer says a retry can succeed; undefined when
 * it cannot. `x-should-retry: true` (a record in use, the application starting) is retried whatever
 * the method; a read that timed out or met a reset connection too (reading twice changes nothing),
 * a write never without the target's word (it may have happened). Waits honour `retry-after-ms` and
 * `retry-after`, else 0.5 s doubling, at most 8 s, as the official clients do.
 */
export function retryDelayMs(exchange: Exchange, method: string, attempt: number): number | undefined {
  const advice = header(exchange.headers['x-should-retry']);
  if (advice === 'false') return undefined;
  const read = method === 'GET';
  const transient = exchange.networkError !== undefined ? /reset|hang up|no answer within/i.test(exchange.networkError) : READ_RETRY_STATUSES.has(exchange.status);
  if (advice !== 'true' && !(read && transient)) return undefined;
  const ms = Number(header(exchange.headers['retry-after-ms']));
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const seconds = Number(header(exchange.headers['retry-after']));
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  return Math.min(500 * 2 ** attempt, 8000);
}

/** The error code an answer carries (the desktop's own first), or what the network said. */
export const codeOf = (exchange: Exchange): string | undefined => {
  const error = (exchange.json as { error?: { integrationCode?: unknown; code?: unknown } } | undefined)?.error;
  return error ? String(error.integrationCode ?? error.code) : exchange.networkError;
};

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

  unobserve(observer: ExchangeObserver): void {
    const i = this.observers.indexOf(observer);
    if (i >= 0) this.observers.splice(i, 1);
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
    const retried: Retry[] = [];
    for (let attempt = 0; ; attempt++) {
      const exchange = await this.perform(request, url, options.timeoutMs ?? this.config.timeoutMs);
      if (retried.length > 0) exchange.retried = [...retried];
      const wait = options.retry === false ? undefined : retryDelayMs(exchange, request.method, attempt);
      if (wait !== undefined && attempt >= (this.config.retries ?? 2)) exchange.retriesSpent = true;
      for (const observer of this.observers) observer(exchange);
      if (wait === undefined || exchange.retriesSpent) return exchange;
      retried.push({ status: exchange.status, code: codeOf(exchange), waitedMs: wait });
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  private perform(request: ExchangeRequest, url: URL, timeoutMs: number): Promise<Exchange> {
    const started = performance.now();
    const transport = url.protocol === 'http:' ? http : https;
    return new Promise((resolve) => {
      const done = (partial: Omit<Exchange, 'request' | 'ms'>): void => resolve({ request, sentAt: started, ms: Math.round(performance.now() - started), ...partial });
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
