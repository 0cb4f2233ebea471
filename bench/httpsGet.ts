import https from 'node:https';

export interface GetResult {
  status: number;
  body: Buffer;
}

export interface GetTarget {
  port: number;
  agent: https.Agent;
  headers: Record<string, string>;
}

/**
 * One GET to 127.0.0.1 (never a name lookup: "localhost" may resolve to ::1 first). The
 * certificate names 127.0.0.1, so verification stays on.
 */
export function httpsGet(target: GetTarget, path: string, timeoutMs = 30_000): Promise<GetResult> {
  return new Promise((resolve, reject) => {
    const req = https.request({ host: '127.0.0.1', port: target.port, path, method: 'GET', headers: target.headers, agent: target.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`GET ${path} timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}
