import type { Clock } from '../clock.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';
import { RequestInputError } from '../values/RequestInputError.ts';
import { DesktopMachine } from './DesktopMachine.ts';
import { FAULT_KINDS } from './machineSettings.ts';
import { CALL_KINDS, CONNECTION_STATE_NAMES } from './machineStates.ts';

/** Where a company file keeps its machine's settings and faults: one end user, one machine, one file. */
export const MACHINE_KEY = 'desktop.machine';

/** A problem with a fixture's `desktop` section: the field inside it and what is wrong. */
export interface DesktopProblem {
  field: string;
  message: string;
}

/**
 * The kept state (what MACHINE_KEY holds) of a fixture's `desktop` section: its settings and
 * `faults` as the controls take them, fault windows counted from the clock's now.
 */
export function keptFromFixture(desktop: JsonValue, clock: Clock): string {
  if (!isJsonObject(desktop)) throw new RequestInputError('', 'must be an object of machine settings and faults');
  let kept = '';
  const machine = new DesktopMachine(clock, { load: () => undefined, save: (state) => (kept = state) });
  const { faults = [], ...settings } = desktop;
  if (!Array.isArray(faults)) throw new RequestInputError('faults', 'must be a list of faults as POST /_sandbox/end-users/{id}/faults takes them');
  machine.configure(settings);
  faults.forEach((fault, i) => {
    try {
      machine.addFault(isJsonObject(fault) ? fault : {});
    } catch (error) {
      if (error instanceof RequestInputError) throw new RequestInputError(`faults[${i}].${error.field}`, error.message);
      throw error;
    }
  });
  return kept;
}

/** Every problem of a fixture's `desktop` section (none when it loads), found without a company file. */
export function desktopProblems(desktop: JsonValue | undefined): DesktopProblem[] {
  if (desktop === undefined) return [];
  try {
    keptFromFixture(desktop, { now: () => 0 });
    return [];
  } catch (error) {
    if (error instanceof RequestInputError) return [{ field: error.field, message: error.message }];
    throw error;
  }
}

/** The `desktop` section a fixture exported from a company file carries; undefined when its machine was never set. */
export function fixtureOfKept(kept: string | undefined, clock: Clock): JsonObject | undefined {
  if (kept === undefined) return undefined;
  return new DesktopMachine(clock, { load: () => kept, save: () => undefined }).asControls();
}

const SECONDS = { type: 'number', minimum: 0 } as const;

/** The `desktop` section of the fixture schema: the settings and faults the controls take, for editors. */
export function desktopFixtureSchema(): JsonObject {
  return {
    type: 'object',
    additionalProperties: false,
    description: "How the end user's machine behaves once the fixture is loaded: the body of POST /_sandbox/end-users/{id}/desktop, plus `faults`.",
    properties: {
      connection: { enum: [...CONNECTION_STATE_NAMES], description: 'Connection state of the machine.' },
      startupSeconds: { ...SECONDS, description: 'Sandbox seconds the application takes to start.' },
      latency: {
        anyOf: [
          { enum: ['instant', 'realistic'] },
          { type: 'object', additionalProperties: false, properties: { ...Object.fromEntries(CALL_KINDS.map((k) => [k, { type: 'integer', minimum: 0 }])), jitter: { type: 'number', minimum: 0, maximum: 1 } } },
        ],
        description: 'A profile, or milliseconds by kind of request and a jitter share.',
      },
      writesCompleteAfterTimeout: { type: 'boolean' },
      inUseSeconds: { ...SECONDS, description: 'Two writes to one record within this many seconds: the second fails with 3175.' },
      seed: { type: 'integer', minimum: 0 },
      faults: {
        type: 'array',
        description: 'Faults switched on, as POST /_sandbox/end-users/{id}/faults takes them; windows count from the load.',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['fault'],
          properties: {
            fault: { enum: [...FAULT_KINDS] },
            status: { type: 'integer' },
            seconds: SECONDS,
            count: { type: 'integer', minimum: 1 },
            share: { type: 'number', minimum: 0, maximum: 1 },
            afterSeconds: SECONDS,
            forSeconds: SECONDS,
            operations: { type: 'string' },
          },
        },
      },
    },
  };
}
