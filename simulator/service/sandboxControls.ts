import express, { type Router } from 'express';
import { isJsonObject, type JsonObject, type JsonValue } from '../desktop/values/json.ts';
import { sizeKeys } from '../fixtures/seed/seedTable.ts';
import { checkKey } from './authenticate.ts';
import { connectCompanyFile } from './connectCompanyFile.ts';
import { endUserOf, fieldsOf, refuseUnknownFields, type Control, type ControlCall } from './controlTable.ts';
import { answerJson, projectOf } from './exchange.ts';
import { FIXTURE_CONTROLS } from './fixtureControls.ts';
import { MACHINE_CONTROLS } from './machineControls.ts';
import { bodyBytes, jsonBytes, parseJsonObject } from './readBody.ts';
import { sentPath, tableRouter } from './routeTable.ts';
import { ServiceError } from './ServiceError.ts';
import type { Project } from './ServiceState.ts';
import type { ServiceDeps } from './types.ts';

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

function clockControl(call: ControlCall): string {
  return JSON.stringify(clockOf(call.deps, call.project));
}

/** The controls of the project's clock and of seeded company files; fixtures and machines have tables of their own. */
const OWN_CONTROLS: Control[] = [
  { method: 'GET', path: '/_sandbox/clock', description: "Your project's clock: now (ms since epoch) and how far your project advanced it.", answer: clockControl },
  {
    method: 'POST',
    path: '/_sandbox/clock/advance',
    description: 'Move your project\'s clock forward by {"seconds": N} or {"milliseconds": N}; its cursors expire by it, other projects are not affected.',
    answer: (call) => {
      const body = fieldsOf(call);
      refuseUnknownFields(body, ['seconds', 'milliseconds']);
      const ms = (wholeNumber(body['seconds'], 'seconds', 10 * 365 * 86_400) ?? 0) * 1000 + (wholeNumber(body['milliseconds'], 'milliseconds', 10 * 365 * 86_400_000) ?? 0);
      advanceProjectClock(call.deps, call.project.id, ms);
      return clockControl(call);
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/clock/rewind',
    description: 'Set your project\'s clock back to where a tool found it: {"advancedMs": N}, N from 0 to how far it is advanced now (GET /_sandbox/clock says).',
    answer: (call) => {
      const body = fieldsOf(call);
      refuseUnknownFields(body, ['advancedMs']);
      const clock = call.deps.clocks.forProject(call.project.id);
      const to = wholeNumber(body['advancedMs'], 'advancedMs', clock.offset);
      if (to === undefined) throw ServiceError.of('INVALID_REQUEST', 'Invalid request at "advancedMs": is required');
      clock.rewindTo(to);
      return clockControl(call);
    },
  },
  {
    method: 'POST',
    path: '/_sandbox/end-users/{id}/company-file',
    description:
      'Connect an end user to a new seeded company file: {"seed", "sizes": {"customers": N, "vendors": N, ...}}; "customers" and "invoices" are shorthands. ' +
      '{"demo": true}: a copy of the demo company file, from its kept bytes in milliseconds.',
    answer: async (call) => {
      const endUser = endUserOf(call);
      const body = fieldsOf(call);
      refuseUnknownFields(body, ['seed', 'sizes', 'customers', 'invoices', 'demo']);
      const demo = body['demo'];
      if (demo !== undefined && demo !== true && demo !== false) throw ServiceError.of('INVALID_REQUEST', 'Invalid request at "demo": must be true or false');
      if (demo === true && Object.keys(body).length > 1) throw ServiceError.of('INVALID_REQUEST', 'Invalid request at "demo": the demo file has its own seed and sizes; send "demo" alone');
      const seed = demo === true ? (call.deps.demoSeed ?? { seed: 1, sizes: {} }) : { seed: wholeNumber(body['seed'], 'seed', 2 ** 31) ?? 1, sizes: sizesOf(body) };
      const result = await connectCompanyFile(call.deps, endUser, seed);
      return JSON.stringify({ objectType: 'sandbox_company_file', endUserId: endUser.id, ...result });
    },
  },
];

const DESCRIBE_PATH = '/_sandbox';

/** Every control, the description of them all first: `GET /_sandbox` lists this table. */
function controlTable(): Control[] {
  const table: Control[] = [
    {
      method: 'GET',
      path: DESCRIBE_PATH,
      description: 'This description of the sandbox and its controls.',
      answer: (call) =>
        JSON.stringify({
          objectType: 'sandbox',
          sandbox: true,
          name: 'ledger-sim',
          clock: { ...clockOf(call.deps, call.project), covers: CLOCK_COVERS },
          controls: table.map(({ method, path, description }) => ({ method, path, description })),
        }),
    },
    ...OWN_CONTROLS,
    ...FIXTURE_CONTROLS,
    ...MACHINE_CONTROLS,
  ];
  return table;
}

/**
 * The sandbox's control API, outside `/v1` so it can never be mistaken for the Service's (mounted
 * at `/_sandbox`, its body already read). It takes the same secret keys, so a sandbox reachable by
 * others cannot be steered by them.
 */
export function sandboxControls(deps: ServiceDeps): Router {
  const routes = controlTable().map((control) => ({
    method: control.method,
    path: control.path.slice(DESCRIBE_PATH.length) || '/',
    handle: ((req, res, next) => {
      const call: ControlCall = { deps, project: projectOf(res), params: { ...req.params } as Record<string, string>, body: () => parseJsonObject(bodyBytes(req), req.headers['content-type']), bytes: () => jsonBytes(bodyBytes(req), req.headers['content-type']) };
      Promise.resolve()
        .then(() => control.answer(call))
        .then((json) => answerJson(res, json))
        .catch(next);
    }) satisfies express.RequestHandler,
  }));
  const router = express.Router({ caseSensitive: true });
  router.use(checkKey(deps));
  router.use(tableRouter(routes, DESCRIBE_PATH));
  router.use((req, _res, next) => next(ServiceError.of('ROUTE_NOT_FOUND', `Unrecognized sandbox control (${req.method} ${sentPath(req)}); GET /_sandbox lists them.`)));
  return router;
}
