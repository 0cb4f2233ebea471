import { randomBytes } from 'node:crypto';
import { callSandbox, type SandboxTarget } from './callSandbox.ts';
import type { DesktopState, EndUser, EndUserChoice, Fault, FixtureLoad, JsonFields, SandboxClock, SandboxControls, NewEndUser } from './sandboxApi.ts';

/**
 * The sandbox controls over HTTP, the one implementation behind every mode: an in-process sandbox
 * is steered through its own control endpoints too, so what a test does in-process it can do to a
 * sandbox elsewhere, and the endpoints stay the only place the controls are written.
 */
export function sandboxControls(target: SandboxTarget, defaultEndUserId?: string): SandboxControls {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => (await callSandbox(target, method, path, body)).body as T;
  const endUserPath = (choice: EndUserChoice | undefined, rest: string): string => {
    const id = choice?.endUserId ?? defaultEndUserId;
    if (!id) throw new Error('say which end user: { endUserId } (this sandbox connection has no default end user)');
    return `/_sandbox/end-users/${encodeURIComponent(id)}/${rest}`;
  };

  return {
    clock: {
      now: () => call<SandboxClock>('GET', '/_sandbox/clock'),
      advance: (by) => call<SandboxClock>('POST', '/_sandbox/clock/advance', typeof by === 'number' ? { seconds: by } : by),
      reset: () => call<SandboxClock>('POST', '/_sandbox/clock/rewind', { advancedMs: 0 }),
    },
    desktop: {
      show: async (choice) => call<DesktopState>('GET', endUserPath(choice, 'desktop')),
      set: async (settings, choice) => call<DesktopState>('POST', endUserPath(choice, 'desktop'), settings),
      reset: async (choice) => call<DesktopState>('DELETE', endUserPath(choice, 'desktop')),
    },
    faults: {
      add: async (fault, choice) => call<Fault>('POST', endUserPath(choice, 'faults'), fault),
      clear: async (faultId, choice) => call<DesktopState>('DELETE', endUserPath(choice, faultId === undefined ? 'faults' : `faults/${encodeURIComponent(faultId)}`)),
    },
    fixtures: {
      load: async (fixture, choice) => call<FixtureLoad>('POST', endUserPath(choice, 'fixture'), fixture),
      export: async (choice) => call<JsonFields>('GET', endUserPath(choice, 'fixture')),
    },
    endUsers: {
      create: (options = {}) => createEndUser(call, options),
      delete: async (endUserId) => {
        await call('DELETE', `end-users/${encodeURIComponent(endUserId)}`);
      },
    },
  };
}

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** An end user through the Service's own endpoint, then its company file through a control. */
async function createEndUser(call: Call, options: NewEndUser): Promise<EndUser> {
  const { companyName, sourceId, email, ...file } = options as NewEndUser & { fixture?: JsonFields; seed?: number; sizes?: Record<string, number>; demo?: true };
  const fixtureName = file.fixture && typeof file.fixture['company'] === 'object' && file.fixture['company'] !== null ? (file.fixture['company'] as JsonFields)['name'] : undefined;
  const endUser = await call<EndUser>('POST', 'end-users', {
    companyName: companyName ?? (typeof fixtureName === 'string' ? fixtureName : 'Test company'),
    sourceId: sourceId ?? `test-${randomBytes(8).toString('hex')}`,
    email: email ?? 'owner@test-company.test',
  });
  const base = `/_sandbox/end-users/${encodeURIComponent(endUser.id)}`;
  try {
    if (file.fixture) await call('POST', `${base}/fixture`, file.fixture);
    else if (file.seed !== undefined || file.sizes !== undefined) await call('POST', `${base}/company-file`, { ...(file.seed === undefined ? {} : { seed: file.seed }), ...(file.sizes ? { sizes: file.sizes } : {}) });
    else await call('POST', `${base}/company-file`, { demo: true });
  } catch (error) {
    // An end user without its company file is not what was asked for: it goes again.
    await call('DELETE', `end-users/${encodeURIComponent(endUser.id)}`).catch(() => undefined);
    throw error;
  }
  return endUser;
}
