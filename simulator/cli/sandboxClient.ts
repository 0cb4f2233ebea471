import fs from 'node:fs';
import https from 'node:https';

export interface SandboxTarget {
  /** The Service's base URL, e.g. https://localhost:4443/v1; controls live at its origin. */
  baseUrl: string;
  apiKey: string;
  caCertPath?: string;
}

export interface SandboxReply {
  status: number;
  body: unknown;
}

function errorMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error = (body as { error: { code?: unknown; message?: unknown } }).error;
  return `${String(error.code)}: ${String(error.message)}`;
}

/** What went wrong reaching the sandbox, said so a person knows what to try next. */
function unreachable(url: URL, error: NodeJS.ErrnoException): Error {
  if (error.code === 'ECONNREFUSED') return new Error(`nothing answers at ${url.origin}: is the sandbox running (ledger-sim serve)?`);
  if (error.code === 'DEPTH_ZERO_SELF_SIGNED_CERT' || error.code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' || error.code === 'SELF_SIGNED_CERT_IN_CHAIN') {
    return new Error(`the certificate of ${url.origin} is not trusted: pass --ca-cert with the CA file the sandbox printed (e.g. .ledger-sim/tls/ca-cert.pem)`);
  }
  return new Error(`cannot reach ${url.origin}: ${error.message}`);
}

/**
 * One JSON request to a running sandbox over HTTPS, with the secret key as bearer. A non-200 answer
 * becomes an Error carrying the Service's error code and message.
 */
export function callSandbox(target: SandboxTarget, method: string, path: string, body?: unknown): Promise<SandboxReply> {
  const url = new URL(path, target.baseUrl.endsWith('/') ? target.baseUrl : `${target.baseUrl}/`);
  if (url.protocol !== 'https:') return Promise.reject(new Error(`--base-url must be https:// (the Service only answers over HTTPS), got ${target.baseUrl}`));
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body), 'utf8');
  const headers: Record<string, string | number> = { authorization: `Bearer ${target.apiKey}`, accept: 'application/json' };
  if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': payload.length });
  const ca = target.caCertPath ? fs.readFileSync(target.caCertPath) : undefined;
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method, headers, ...(ca ? { ca } : {}), timeout: 600_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          reject(new Error(`${method} ${url.pathname} answered ${res.statusCode} with something that is not JSON`));
          return;
        }
        const status = res.statusCode ?? 0;
        if (status !== 200) reject(new Error(errorMessage(parsed) ?? `${method} ${url.pathname} answered ${status}`));
        else resolve({ status, body: parsed });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url.origin} within 10 minutes`)));
    req.on('error', (error: NodeJS.ErrnoException) => reject(error.code ? unreachable(url, error) : error));
    req.end(payload);
  });
}
