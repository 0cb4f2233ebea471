import https from 'node:https';
import { Rng } from '../../contract-tests/runner/rng.ts';
import { rawExchange, rawTarget, type RawResponse } from '../support/rawHttp.ts';
import type { TestSandbox } from '../support/testClient.ts';
import type { ApiSend, HostileCase, HostileContext, HostileFamily, HostileOutcome } from './hostileCase.ts';

export interface HostileFailure {
  family: string;
  label: string;
  problem: string;
}

export interface HostileReport {
  /** Requests sent and answers received per family, by status. */
  families: Map<string, { cases: number; statuses: Map<number, number> }>;
  failures: HostileFailure[];
}

/** Ids and keys the families aim at, read from the sandbox (a second project is made for item 8). */
export async function hostileContext(api: TestSandbox): Promise<HostileContext> {
  const state = api.sandbox.deps.state;
  state.ensureProject({ id: 'proj_hostile_other', name: 'hostile other', organization: 'Other org' });
  const otherKey = 'sk_sandbox_hostileotherproject0000000000';
  state.addKey('proj_hostile_other', 'secret', otherKey, 0);
  const other = await api.request('POST', '/end-users', { key: otherKey, body: { companyName: 'Other', sourceId: `other-${Date.now()}`, email: 'o@x.test' } });
  const first = async (list: string) => {
    const res = await api.get(`/ledger-desktop/${list}`, { query: { limit: 1 } });
    const doc = (res.body['data'] as { id: string; revisionNumber: string }[])[0];
    if (!doc) throw new Error(`the sandbox has no ${list}`);
    return { id: doc.id, revisionNumber: doc.revisionNumber };
  };
  return {
    secretKey: api.sandbox.secretKey,
    publishableKey: api.sandbox.publishableKey,
    endUser: api.endUser,
    customer: await first('customers'),
    invoice: await first('invoices'),
    otherKey,
    otherEndUser: String(other.body['id']),
    host: new URL(api.sandbox.baseUrl).host,
  };
}

function sendApi(api: TestSandbox, agent: https.Agent, send: ApiSend): Promise<RawResponse> {
  const url = new URL(api.sandbox.baseUrl);
  return new Promise((resolve, reject) => {
    const req = https.request({ host: url.hostname, port: url.port, path: send.path, method: send.method, headers: send.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(send.body);
  });
}

async function execute(api: TestSandbox, agent: https.Agent, c: HostileCase): Promise<HostileOutcome> {
  const send = c.send;
  if (send.kind === 'api') return { responses: [await sendApi(api, agent, send)] };
  if (send.kind === 'raw') {
    const exchange = await rawExchange(rawTarget(api.sandbox.baseUrl, api.sandbox.caCert), send.parts, send);
    return exchange;
  }
  const responses: RawResponse[] = [];
  for (let step = send.steps(responses); step; step = send.steps(responses)) responses.push(await sendApi(api, agent, step));
  return { responses };
}

/** What every answer of the sandbox must be, whatever was sent: never a 5xx, refusals in the error shape. */
export function shapeProblem(response: RawResponse): string | undefined {
  if (response.status >= 500) return `answered ${response.status}: ${response.body.slice(0, 200)}`;
  if (response.status === 200) return undefined;
  const requestId = response.headers['service-request-id'];
  if (!requestId?.startsWith('req_')) return `refusal ${response.status} without a Service-Request-Id header`;
  let error: Record<string, unknown> | undefined;
  try {
    error = (JSON.parse(response.body) as { error?: Record<string, unknown> }).error;
  } catch {
    return `refusal ${response.status} whose body is not JSON: ${JSON.stringify(response.body.slice(0, 80))}`;
  }
  if (!error) return `refusal ${response.status} outside the error shape: ${response.body.slice(0, 120)}`;
  for (const key of ['message', 'userFacingMessage', 'type', 'code']) if (typeof error[key] !== 'string') return `error.${key} missing`;
  if (error['httpStatusCode'] !== response.status) return `error.httpStatusCode ${String(error['httpStatusCode'])} is not the status ${response.status}`;
  if (error['requestId'] !== requestId) return `error.requestId ${String(error['requestId'])} is not the header's ${requestId}`;
  return undefined;
}

/**
 * Sends `perFamily` seeded variants of every family, shuffled together, one at a time, and judges
 * each answer twice: by the family's own demand and by the rules every answer obeys.
 */
export async function runHostile(
  api: TestSandbox,
  ctx: HostileContext,
  families: readonly HostileFamily[],
  options: { seed: number; perFamily: number },
): Promise<HostileReport> {
  const rng = new Rng(options.seed);
  const cases = families.flatMap((family) => Array.from({ length: options.perFamily }, () => family.make(rng, ctx)));
  for (let i = cases.length - 1; i > 0; i -= 1) {
    const j = rng.int(0, i);
    [cases[i], cases[j]] = [cases[j] as HostileCase, cases[i] as HostileCase];
  }
  const agent = new https.Agent({ ca: api.sandbox.caCert, keepAlive: true, maxSockets: 1 });
  const report: HostileReport = { families: new Map(), failures: [] };
  try {
    for (const c of cases) {
      const outcome = await execute(api, agent, c);
      const tally = report.families.get(c.family) ?? { cases: 0, statuses: new Map<number, number>() };
      tally.cases += 1;
      for (const r of outcome.responses) tally.statuses.set(r.status, (tally.statuses.get(r.status) ?? 0) + 1);
      report.families.set(c.family, tally);
      const problem = outcome.responses.map(shapeProblem).find(Boolean) ?? c.judge(outcome);
      if (problem) report.failures.push({ family: c.family, label: c.label, problem });
    }
  } finally {
    agent.destroy();
  }
  return report;
}

/** One line per family: cases sent and the statuses that came back. */
export function formatReport(report: HostileReport): string {
  const rows = [...report.families].map(([family, t]) => {
    const statuses = [...t.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}x${n}`).join(' ');
    return `  ${family.padEnd(16)} ${String(t.cases).padStart(6)} cases   ${statuses}`;
  });
  const failures = report.failures.slice(0, 20).map((f) => `  FAIL ${f.family}: ${f.label}\n       ${f.problem}`);
  return [...rows, ...(failures.length > 0 ? [`${report.failures.length} failures:`, ...failures] : [])].join('\n');
}
