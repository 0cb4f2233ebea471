import type { IncomingMessage } from 'node:http';
import { authenticate } from './authenticate.ts';
import { connectCompanyFile } from './connectCompanyFile.ts';
import { FIXTURE_CONTROLS, FIXTURE_MAX_BYTES, handleFixtureControl } from './fixtureControls.ts';
import { handleMachineControl, MACHINE_CONTROLS } from './machineControls.ts';
import { endUserIdIn } from './pathSegments.ts';
import { MAX_BODY_BYTES, parseJsonObject, readBody } from './readBody.ts';
import { ServiceError } from './ServiceError.ts';
import type { Project } from './ServiceState.ts';
import type { ServiceDeps } from './types.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../desktop/json.ts';
import { sizeKeys } from '../fixtures/seed/seedTable.ts';


const CONTROLS = [
  { method: 'GET', path: '/_sandbox', description: 'This description of the sandbox and its controls.' },
  { method: 'GET', path: '/_sandbox/clock', description: "Your project's clock: now (ms since epoch) and how far your project advanced it." },
  {
    method: 'POST',
    path: '/_sandbox/clock/advance',
    description: 'Move your project\'s clock forward by {"seconds": N} or {"milliseconds": N}; its cursors expire by it, other projects are not affected.',
  },
  {
    method: 'POST',
    path: '/_sandbox/clock/rewind',
    description: 'Set your project\'s clock back to where a tool found it: {"advancedMs": N}, N from 0 to how far it is advanced now (GET /_sandbox/clock says).',
  },
  {
    method: 'POST',
    path: '/_sandbox/end-users/{id}/company-file',
    description: 'Connect an end user to a new seeded company file: {"seed", "sizes": {"customers": N, "vendors": N, ...}}; "customers" and "invoices" are shorthands.',
  },
  ...FIXTURE_CONTROLS,
  ...MACHINE_CONTROLS,
];

/** Sizes of a seeded company file from a control body: `sizes` by resource, with the smaller control defaults. */
function sizesOf(body: JsonObject): Record<string, number> {
  const sizes: Record<string, number> = { customers: 100, invoices: 300 };
  const sent = body['sizes'] ?? {};
  if (!isJsonObject(sent)) throw ServiceError.of('INVALID_REQUEST', 'Invalid request at "sizes": must be an object of counts by resource');
  const known = sizeKeys();
  const shorthands = (['customers', 'invoices'] as const).flatMap((k): [string, JsonValue][] => (k in body ? [[k, body[k] ?? null]] : []));
  for (const [key, value] of [...Object.entries(sent), ...shorthands]) {
    const limits = known.get(key);
    if (!limits) throw ServiceError.of('INVALID_REQUEST', `Invalid request at "sizes.${key}": is not a known size; known: ${[...known.keys()].join(', ')}`);
    sizes[key] = wholeNumber(value, `sizes.${key}`, limits.max) ?? 0;
  }
  return sizes;
}

function wholeNumber(value: unknown, field: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    throw ServiceError.of('INVALID_REQUEST', `Invalid request at "${field}": must be a whole number from 0 to ${max}`);
  }
  return value;
}

/** Moves a project's clock forward; the cursors it ends go at once. */
export function advanceProjectClock(deps: Pick<ServiceDeps, 'clocks' | 'host'>, projectId: string, ms: number): void {
  deps.clocks.forProject(projectId).advance(ms);
  deps.host.sweepIterators();
}

/** What a project's clock governs, said in `GET /_sandbox` so nobody has to guess. */
const CLOCK_COVERS =
  "The clock of the caller's project: the 10-second life of its cursors, the desktop timestamps and revision numbers of its end users' company files, " +
  'auth session expiry and the request times of its end users. Each project has its own; advancing it never touches another project.';

function clockOf(deps: ServiceDeps, project: Project): Record<string, unknown> {
  const clock = deps.clocks.forProject(project.id);
  const now = clock.now();
  return { objectType: 'sandbox_clock', scope: 'project', projectId: project.id, now, nowIso: new Date(now).toISOString(), advancedMs: clock.offset };
}

/**
 * The sandbox's control API, outside `/v1` so it can never be mistaken for the Service's. It takes
 * the same secret keys, so a sandbox reachable by others cannot be steered by them.
 */
export async function handleSandboxRequest(deps: ServiceDeps, req: IncomingMessage, pathname: string): Promise<string> {
  const path = pathname.replace(/\/$/, '') || '/_sandbox';
  const bytes = await readBody(req, path.endsWith('/fixture') ? FIXTURE_MAX_BYTES : MAX_BODY_BYTES);
  const project = authenticate(deps.state, req.headers.authorization);
  const method = req.method ?? 'GET';
  const jsonBody = (): JsonObject => parseJsonObject(bytes, req.headers['content-type']) ?? {};
  if (method === 'GET' && path === '/_sandbox') {
    return JSON.stringify({ objectType: 'sandbox', sandbox: true, name: 'ledger-sim', clock: { ...clockOf(deps, project), covers: CLOCK_COVERS }, controls: CONTROLS });
  }
  if (method === 'GET' && path === '/_sandbox/clock') return JSON.stringify(clockOf(deps, project));
  if (method === 'POST' && path === '/_sandbox/clock/advance') {
    const body = jsonBody();
    const unknownKey = Object.keys(body).find((k) => k !== 'seconds' && k !== 'milliseconds');
    if (unknownKey) throw ServiceError.of('INVALID_REQUEST', `Invalid request at "${unknownKey}": is not a known field`);
    const ms = (wholeNumber(body['seconds'], 'seconds', 10 * 365 * 86_400) ?? 0) * 1000 + (wholeNumber(body['milliseconds'], 'milliseconds', 10 * 365 * 86_400_000) ?? 0);
    advanceProjectClock(deps, project.id, ms);
    return JSON.stringify(clockOf(deps, project));
  }
  if (method === 'POST' && path === '/_sandbox/clock/rewind') {
    const body = jsonBody();
    const unknownKey = Object.keys(body).find((k) => k !== 'advancedMs');
    if (unknownKey) throw ServiceError.of('INVALID_REQUEST', `Invalid request at "${unknownKey}": is not a known field`);
    const clock = deps.clocks.forProject(project.id);
    const to = wholeNumber(body['advancedMs'], 'advancedMs', clock.offset);
    if (to === undefined) throw ServiceError.of('INVALID_REQUEST', 'Invalid request at "advancedMs": is required');
    clock.rewindTo(to);
    return JSON.stringify(clockOf(deps, project));
  }
  const connect = /^\/_sandbox\/end-users\/([^/]+)\/company-file$/.exec(path);
  if (method === 'POST' && connect?.[1]) {
    const endUser = deps.state.endUser(project.id, endUserIdIn(connect[1]));
    if (!endUser) throw ServiceError.of('RESOURCE_MISSING', `No end user with id "${connect[1]}" exists in this project.`);
    const body = jsonBody();
    const unknownKey = Object.keys(body).find((k) => !['seed', 'sizes', 'customers', 'invoices'].includes(k));
    if (unknownKey) throw ServiceError.of('INVALID_REQUEST', `Invalid request at "${unknownKey}": is not a known field`);
    const result = connectCompanyFile(deps, endUser, {
      seed: wholeNumber(body['seed'], 'seed', 2 ** 31) ?? 1,
      sizes: sizesOf(body),
    });
    return JSON.stringify({ objectType: 'sandbox_company_file', endUserId: endUser.id, ...result });
  }
  const machine = handleMachineControl(deps, project, method, path, jsonBody);
  if (machine !== undefined) return machine;
  const fixture = await handleFixtureControl(deps, project, method, path, () => parseJsonObject(bytes, req.headers['content-type']));
  if (fixture !== undefined) return fixture;
  throw ServiceError.of('ROUTE_NOT_FOUND', `Unrecognized sandbox control (${method} ${path}); GET /_sandbox lists them.`);
}
