import https from 'node:https';

export interface WebAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A browser without a browser: keeps cookies, follows nothing, reads the CSRF token of the last page. */
export class WebClient {
  readonly cookies = new Map<string, string>();
  private readonly agent: https.Agent;

  /** `localAddress` (another loopback address such as 127.0.0.2) lets a test be a second client machine. */
  constructor(
    readonly origin: string,
    ca: string,
    options: { localAddress?: string } = {},
  ) {
    this.agent = new https.Agent({ ca, keepAlive: true, ...(options.localAddress ? { localAddress: options.localAddress, family: 4 } : {}) });
  }

  request(method: string, path: string, form?: Record<string, string>): Promise<WebAnswer> {
    const body = form ? new URLSearchParams(form).toString() : undefined;
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers['cookie'] = [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
    return new Promise((resolve, reject) => {
      const req = https.request(new URL(path, this.origin), { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair = ''] = line.split(';');
            const at = pair.indexOf('=');
            const value = decodeURIComponent(pair.slice(at + 1));
            if (value === '' || /Max-Age=0/.test(line)) this.cookies.delete(pair.slice(0, at));
            else this.cookies.set(pair.slice(0, at), value);
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') });
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  get(path: string): Promise<WebAnswer> {
    return this.request('GET', path);
  }

  post(path: string, form: Record<string, string>): Promise<WebAnswer> {
    return this.request('POST', path, form);
  }

  /** The CSRF token a page's forms carry. */
  static csrfOf(page: WebAnswer): string {
    return /name="_csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? '';
  }

  close(): void {
    this.agent.destroy();
  }
}
