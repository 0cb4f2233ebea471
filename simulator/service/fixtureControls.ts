import type { JsonValue } from '../desktop/values/json.ts';
import { exportFixture } from '../fixtures/exportFixture.ts';
import { FixtureError, formatProblem } from '../fixtures/FixtureProblem.ts';
import { NotJsonObject } from '../fixtures/FillThread.ts';
import { fixtureTools } from '../fixtures/fixtureTools.ts';
import { loadFixture, type LoadOptions, type LoadSummary } from '../fixtures/loadFixture.ts';
import { companyFileApp, connectCompanyFileWith, connectFilledInThread, fillsNewFile, type FillDeps } from './connectCompanyFile.ts';
import { endUserOf, type Control } from './controlTable.ts';
import { ServiceError } from './ServiceError.ts';
import type { EndUserRow } from './ServiceState.ts';
import type { ServiceDeps } from './types.ts';

/** Fixtures are whole company files: far larger than any request the Service itself takes. */
export const FIXTURE_MAX_BYTES = 128 * 1024 * 1024;

export interface FixtureLoadResult extends LoadSummary {
  endUserId: string;
  connectionId: string;
  companyFileId: string;
}

type FixtureDeps = Pick<ServiceDeps, 'state' | 'host' | 'clocks' | 'operations' | 'seedings'>;

/**
 * A fixture of at least this many bytes, for an end user without a company file, is loaded on a
 * thread of its own (a new file, filled there), so that the sandbox answers everyone else
 * meanwhile: 100,000 customers (117 MB) take seconds to read and load. Below it a thread costs
 * more than it spares (its spec and fixture schema, a second or so of its own).
 */
export const FIXTURE_THREAD_MIN_BYTES = 16 * 1024 * 1024;

/** A fixture's bytes loaded into the end user's new company file on a thread of its own; what was added. */
async function loadFixtureInThread(deps: FillDeps, endUser: EndUserRow, bytes: Buffer): Promise<FixtureLoadResult> {
  try {
    const { filled, connection } = await connectFilledInThread(deps, endUser, { fixture: bytes });
    if (!filled.summary) throw new Error(`the fill thread loaded end user ${endUser.id}'s fixture but said nothing of what it added`);
    return { ...filled.summary, endUserId: endUser.id, connectionId: connection.connectionId, companyFileId: connection.companyFileId };
  } catch (error) {
    if (error instanceof NotJsonObject) throw ServiceError.of('INVALID_REQUEST', error.refusal);
    throw error;
  }
}

/**
 * Loads a fixture for an end user: into the company file it is connected to, or into a new one it
 * is then connected to. Either way in one transaction; a failure leaves everything as it was.
 */
export async function loadFixtureForEndUser(deps: FixtureDeps, endUser: EndUserRow, root: JsonValue, options: LoadOptions = {}): Promise<FixtureLoadResult> {
  const tools = fixtureTools(deps.operations);
  const connected = deps.state.connections(endUser.id).find((c) => c.company_file_id !== null);
  if (connected?.company_file_id) {
    const app = companyFileApp(deps, endUser, connected.company_file_id);
    const summary = await app.exclusive((file) => loadFixture(file, root, tools, options));
    // The fixture may have set the machine: the running one takes it up now.
    app.machine.reload();
    return { ...summary, endUserId: endUser.id, connectionId: connected.id, companyFileId: connected.company_file_id };
  }
  let summary: LoadSummary | undefined;
  const connection = connectCompanyFileWith(deps, endUser, (file) => {
    summary = loadFixture(file, root, tools, options);
  });
  if (!summary) throw new Error(`end user ${endUser.id} was connected while its fixture was loading`);
  return { ...summary, endUserId: endUser.id, connectionId: connection.connectionId, companyFileId: connection.companyFileId };
}

export async function exportFixtureOfEndUser(deps: FixtureDeps, endUser: EndUserRow): Promise<JsonValue> {
  const connected = deps.state.connections(endUser.id).find((c) => c.company_file_id !== null);
  if (!connected?.company_file_id) {
    throw ServiceError.of('INTEGRATION_CONNECTION_NOT_SET_UP', `End user "${endUser.id}" has not finished connecting a company file.`);
  }
  const tools = fixtureTools(deps.operations);
  return companyFileApp(deps, endUser, connected.company_file_id).exclusive((file) => exportFixture(file, tools));
}

/** Every problem, one per line, in the error's message: the Service's error shape has no other place. */
function invalidFixture(error: FixtureError): ServiceError {
  const lines = error.problems.map((p) => formatProblem('fixture', p));
  return ServiceError.of('INVALID_REQUEST', `Invalid request: the fixture was not loaded (${error.message}); the company file is unchanged:\n${lines.join('\n')}`);
}

/** `/_sandbox/end-users/{id}/fixture`: a company file in and out as a fixture. */
export const FIXTURE_CONTROLS: Control[] = [
  {
    method: 'POST',
    path: '/_sandbox/end-users/{id}/fixture',
    description: 'Load a fixture (the fixture JSON as the body) into the end user\'s company file, creating and connecting one if needed; 400 lists every problem.',
    answer: async (call) => {
      const endUser = endUserOf(call);
      const bytes = call.bytes();
      if (bytes === undefined) throw ServiceError.of('INVALID_REQUEST', 'Invalid request: the body must be a fixture (JSON).');
      const { deps } = call;
      const inThread = bytes.length >= (deps.fixtureThreadMinBytes ?? FIXTURE_THREAD_MIN_BYTES) && fillsNewFile(deps, endUser);
      try {
        const loaded = inThread ? await loadFixtureInThread(deps, endUser, bytes) : await loadFixtureForEndUser(deps, endUser, call.body() ?? {});
        return JSON.stringify({ objectType: 'sandbox_fixture_load', ...loaded });
      } catch (error) {
        if (error instanceof FixtureError) throw invalidFixture(error);
        throw error;
      }
    },
  },
  {
    method: 'GET',
    path: '/_sandbox/end-users/{id}/fixture',
    description: 'Export the end user\'s company file as a fixture.',
    answer: async (call) => JSON.stringify(await exportFixtureOfEndUser(call.deps, endUserOf(call))),
  },
];
