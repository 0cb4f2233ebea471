import fs from 'node:fs';
import https from 'node:https';
import type { SandboxInfo } from '../../simulator/Sandbox.ts';

/** What one request of the soak run came back with: an answer, or the connection lost (a server killed under it). */
export type SoakAnswer = { method: string; path: string } & ({ status: number; body: Record<string, unknown> & { error?: Record<string, unknown> }; text: string } | { lost: string });

/**
 * The running server the soak's clients talk to. A restart swaps it; a request in flight when the
 * server dies comes back `lost`, and the client goes on with the next one.
 */
export class SoakTarget {
  private agent: https.Agent;

  constructor(
    private info: SandboxInfo,
    private readonly key = info.secretKey,
  ) {
    this.agent = new https.Agent({ ca: fs.readFileSync(info.caCertPath), keepAlive: true });
  }

  /** A new process on the same data directory: new port, same keys, end user and CA. */
  restartedAs(info: SandboxInfo): void {
    this.agent.destroy();
    this.info = info;
    this.agent = new https.Agent({ ca: fs.readFileSync(info.caCertPath), keepAlive: true });
  }

  request(method: string, path: string, body?: unknown): Promise<SoakAnswer> {
    const url = new URL(`${this.info.baseUrl}${path}`);
    const headers: Record<string, string> = { authorization: `Bearer ${this.key}`, 'service-end-user-id': this.info.endUserIds[0] ?? '' };
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    return new Promise((settle) => {
      const resolve = (answer: { status: number; body: Record<string, unknown>; text: string } | { lost: string }): void => settle({ method, path, ...answer });
      const req = https.request(url, { method, headers, agent: this.agent, timeout: 30_000 }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (error) => resolve({ lost: error.message }));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown>, text });
          } catch {
            resolve({ status: res.statusCode ?? 0, body: {}, text });
          }
        });
      });
      req.on('timeout', () => req.destroy(new Error('no answer in 30 s')));
      req.on('error', (error) => resolve({ lost: error.message }));
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  /** A GET that must answer: the list or report the checks read. */
  async read(path: string): Promise<Record<string, unknown>> {
    const answer = await this.request('GET', path);
    if ('lost' in answer || answer.status !== 200) throw new Error(`GET ${path}: ${'lost' in answer ? answer.lost : `${answer.status} ${answer.text.slice(0, 300)}`}`);
    return answer.body;
  }

  /** Every object of a list: a paged one walked within the cursor's 10 s, an unpaged one at once. */
  async all(path: string): Promise<Record<string, unknown>[]> {
    const out: Record<string, unknown>[] = [];
    const join = path.includes('?') ? '&' : '?';
    let page = await this.read(`${path}${join}limit=150`);
    // An unpaged list answers everything only when asked for no limit.
    if (!('nextCursor' in page)) return (await this.read(path))['data'] as Record<string, unknown>[];
    out.push(...(page['data'] as Record<string, unknown>[]));
    while (typeof page['nextCursor'] === 'string') {
      page = await this.read(`${path}${join}limit=150&cursor=${encodeURIComponent(page['nextCursor'])}`);
      out.push(...(page['data'] as Record<string, unknown>[]));
    }
    return out;
  }

  close(): void {
    this.agent.destroy();
  }
}
