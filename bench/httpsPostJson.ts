import https from 'node:https';
import type { GetResult, GetTarget } from './httpsGet.ts';

/**
 * One POST of a JSON body to 127.0.0.1, verification on, as httpsGet does: a value, or bytes
 * already JSON (a fixture file) sent as they are. Seeding a large company file answers only when
 * the file is complete, so callers pass a timeout of minutes.
 */
export function httpsPostJson(target: GetTarget, path: string, body: unknown, timeoutMs = 30_000): Promise<GetResult> {
  const payload = Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  const headers = { ...target.headers, 'content-type': 'application/json', 'content-length': String(payload.length) };
  return new Promise((resolve, reject) => {
    const req = https.request({ host: '127.0.0.1', port: target.port, path, method: 'POST', headers, agent: target.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`POST ${path} timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}
