import type { IncomingMessage } from 'node:http';
import { authenticate } from './authenticate.ts';
import { connectCompanyFile } from './connectCompanyFile.ts';
import { FIXTURE_CONTROLS, handleFixtureControl } from './fixtureControls.ts';
import { readJsonBody } from './readBody.ts';
import { ServiceError } from './ServiceError.ts';
import type { ServiceDeps } from './types.ts';

/** Sent on every response so a client (or the contract runner) can tell it is talking to ledger-sim. */
export const SANDBOX_HEADER = 'ledger-sim; controls=/_sandbox';

const CONTROLS = [
  { method: 'GET', path: '/_sandbox', description: 'This description of the sandbox and its controls.' },
  { method: 'GET', path: '/_sandbox/clock', description: 'The simulator clock: now (ms since epoch) and how far it was advanced.' },
  { method: 'POST', path: '/_sandbox/clock/advance', description: 'Move the clock forward by {"seconds": N} or {"milliseconds": N}; cursors expire by it.' },
  { method: 'POST', path: '/_sandbox/end-users/{id}/company-file', description: 'Connect an end user to a new seeded company file: {"seed", "customers", "invoices"}.' },
  ...FIXTURE_CONTROLS,
];

function wholeNumber(value: unknown, field: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    throw ServiceError.of('INVALID_REQUEST', `Invalid request at "${field}": must be a whole number from 0 to ${max}`);
  }
  return value;
}

function clockBody(deps: ServiceDeps): string {
  return JSON.stringify({ objectType: 'sandbox_clock', now: deps.clock.now(), nowIso: new Date(deps.clock.now()).toISOString(), advancedMs: deps.clock.offset });
}

/**
 * The sandbox's control API, outside `/v1` so it can never be mistaken for the Service's. It takes
 * the same secret keys, so a sandbox reachable by others cannot be steered by them.
 */
export async function handleSandboxRequest(deps: ServiceDeps, req: IncomingMessage, pathname: string): Promise<string> {
  const project = authenticate(deps.state, req.headers.authorization);
  const method = req.method ?? 'GET';
  const path = pathname.replace(/\/$/, '') || '/_sandbox';
  if (method === 'GET' && path === '/_sandbox') {
    return JSON.stringify({ objectType: 'sandbox', sandbox: true, name: 'ledger-sim', clock: JSON.parse(clockBody(deps)) as unknown, controls: CONTROLS });
  }
  if (method === 'GET' && path === '/_sandbox/clock') return clockBody(deps);
  if (method === 'POST' && path === '/_sandbox/clock/advance') {
    const body = (await readJsonBody(req)) ?? {};
    const unknownKey = Object.keys(body).find((k) => k !== 'seconds' && k !== 'milliseconds');
    if (unknownKey) throw ServiceError.of('INVALID_REQUEST', `Invalid request at "${unknownKey}": is not a known field`);
    const ms = (wholeNumber(body['seconds'], 'seconds', 10 * 365 * 86_400) ?? 0) * 1000 + (wholeNumber(body['milliseconds'], 'milliseconds', 10 * 365 * 86_400_000) ?? 0);
    deps.clock.advance(ms);
    deps.host.sweepIterators();
    return clockBody(deps);
  }
  const connect = /^\/_sandbox\/end-users\/([^/]+)\/company-file$/.exec(path);
  if (method === 'POST' && connect?.[1]) {
    const endUser = deps.state.endUser(project.id, decodeURIComponent(connect[1]));
    if (!endUser) throw ServiceError.of('RESOURCE_MISSING', `No end user with id "${connect[1]}" exists in this project.`);
    const body = (await readJsonBody(req)) ?? {};
    const unknownKey = Object.keys(body).find((k) => !['seed', 'customers', 'invoices'].includes(k));
    if (unknownKey) throw ServiceError.of('INVALID_REQUEST', `Invalid request at "${unknownKey}": is not a known field`);
    const result = connectCompanyFile(deps, endUser, {
      seed: wholeNumber(body['seed'], 'seed', 2 ** 31) ?? 1,
      customers: wholeNumber(body['customers'], 'customers', 200_000) ?? 100,
      invoices: wholeNumber(body['invoices'], 'invoices', 500_000) ?? 300,
    });
    return JSON.stringify({ objectType: 'sandbox_company_file', endUserId: endUser.id, ...result });
  }
  const fixture = await handleFixtureControl(deps, project, req, method, path);
  if (fixture !== undefined) return fixture;
  throw ServiceError.of('ROUTE_NOT_FOUND', `Unrecognized sandbox control (${method} ${path}); GET /_sandbox lists them.`);
}
