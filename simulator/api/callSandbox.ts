import { trustingFetch } from './trustingFetch.ts';

export interface SandboxTarget {
  /** The Service's base URL, e.g. https://localhost:4443/v1; controls live at its origin. */
  baseUrl: string;
  apiKey: string;
  /** The CA certificate (PEM) to trust besides the system's, e.g. the sandbox's own. */
  ca?: string | Buffer;
}

export interface SandboxReply {
  status: number;
  body: unknown;
}

/** An error the sandbox answered with: its code (`RESOURCE_MISSING`, ...) as well as its words. */
export class SandboxError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

function errorOf(body: unknown): { code?: string; message?: string } | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error = (body as { error: { code?: unknown; message?: unknown } }).error;
  return { code: String(error.code), message: String(error.message) };
}

/** What went wrong reaching the sandbox, said so a person knows what to try next. */
function unreachable(url: URL, error: NodeJS.ErrnoException): Error {
  if (error.code === 'ECONNREFUSED') return new Error(`nothing answers at ${url.origin}: is the sandbox running (ledger-sim serve)?`, { cause: error });
  if (error.code === 'DEPTH_ZERO_SELF_SIGNED_CERT' || error.code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' || error.code === 'SELF_SIGNED_CERT_IN_CHAIN') {
    return new Error(`the certificate of ${url.origin} is not trusted: give the CA the sandbox printed (--ca-cert FILE, e.g. .ledger-sim/tls/ca-cert.pem, or connectSandbox's ca)`, { cause: error });
  }
  return new Error(`cannot reach ${url.origin}: ${error.message}`, { cause: error });
}

const fetches = new WeakMap<SandboxTarget, typeof fetch>();

/**
 * One JSON request to a running sandbox over HTTPS, with the secret key as bearer: the one place
 * the CLI and the test API talk to a sandbox. A non-200 answer becomes a SandboxError carrying the
 * Service's error code and message.
 */
export async function callSandbox(target: SandboxTarget, method: string, path: string, body?: unknown): Promise<SandboxReply> {
  const url = new URL(path, target.baseUrl.endsWith('/') ? target.baseUrl : `${target.baseUrl}/`);
  if (url.protocol !== 'https:') throw new Error(`the base URL must be https:// (the Service only answers over HTTPS), got ${target.baseUrl}`);
  let send = fetches.get(target);
  if (!send) fetches.set(target, (send = trustingFetch(target.ca)));
  const headers: Record<string, string> = { authorization: `Bearer ${target.apiKey}`, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await send(url, { method, headers, signal: AbortSignal.timeout(600_000), ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  } catch (error) {
    const cause = (error as { cause?: NodeJS.ErrnoException }).cause;
    if (cause?.code) throw unreachable(url, cause);
    if (error instanceof Error && error.name === 'TimeoutError') throw new Error(`no answer from ${url.origin} within 10 minutes`, { cause: error });
    throw error;
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${method} ${url.pathname} answered ${response.status} with something that is not JSON`, { cause: error });
  }
  if (response.status !== 200) {
    const error = errorOf(parsed);
    throw new SandboxError(error ? `${error.code}: ${error.message}` : `${method} ${url.pathname} answered ${response.status}`, response.status, error?.code);
  }
  return { status: response.status, body: parsed };
}
