import fs from 'node:fs';
import type { JsonObject } from '../desktop/values/json.ts';

/** What one type's reading got to: every object read so far, in the desktop's order, and whether its walk ended. */
export interface TypeProgress {
  done: boolean;
  objects: JsonObject[];
}

/**
 * A capture between runs (`--resume`): kept beside the output, written when stopped or failed (and
 * every half minute between types), removed once the fixture is written. A half-read type is walked again from its start on
 * resume, skipping what it holds by id: a desktop's cursor does not outlive its 10 s, so nothing
 * else could continue it.
 */
export interface CaptureState {
  version: 1;
  baseUrl: string;
  endUserId: string;
  /** Objects by collection name (`customers`), plus `company` and `preferences` singletons. */
  types: Record<string, TypeProgress>;
  singletons: Record<string, JsonObject>;
  requests: number;
}

export const statePathOf = (out: string): string => `${out}.capture-state.json`;

export function newState(baseUrl: string, endUserId: string): CaptureState {
  return { version: 1, baseUrl, endUserId, types: {}, singletons: {}, requests: 0 };
}

/** The kept state of an earlier capture into `out` of the same target, or why it cannot be resumed. */
export function readState(out: string, baseUrl: string, endUserId: string): CaptureState | string {
  const file = statePathOf(out);
  if (!fs.existsSync(file)) return `there is no capture to resume (${file} does not exist)`;
  const state = JSON.parse(fs.readFileSync(file, 'utf8')) as CaptureState;
  if (state.version !== 1) return `${file} was written by another version of ledger-sim`;
  if (state.baseUrl !== baseUrl || state.endUserId !== endUserId) return `${file} is a capture of end user ${state.endUserId} at ${state.baseUrl}, not of this one`;
  return state;
}

/** Written aside, then renamed: a stop during the write leaves the previous state whole. */
export function writeState(out: string, state: CaptureState): void {
  const file = statePathOf(out);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(state), { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
}

export function removeState(out: string): void {
  fs.rmSync(statePathOf(out), { force: true });
}
