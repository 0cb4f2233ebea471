import type { JsonObject } from '../desktop/values/json.ts';
import { ServiceError } from './ServiceError.ts';
import type { EndUserRow, Project } from './ServiceState.ts';
import type { ServiceDeps } from './types.ts';

/** One sandbox control request, its key checked and its body read. */
export interface ControlCall {
  deps: ServiceDeps;
  project: Project;
  params: Readonly<Record<string, string>>;
  /** The JSON body, undefined when none was sent. */
  body(): JsonObject | undefined;
  /** The JSON body's bytes, unparsed (415 unless labelled as JSON), undefined when none was sent. */
  bytes(): Buffer | undefined;
}

/** A row of the control table: the route, what `GET /_sandbox` says of it, and its answer's JSON. */
export interface Control {
  method: string;
  path: string;
  description: string;
  answer(call: ControlCall): string | Promise<string>;
}

/** The body's fields: a control without a body takes its defaults. */
export const fieldsOf = (call: ControlCall): JsonObject => call.body() ?? {};

/** The end user of the path's `{id}`, in the caller's project. */
export function endUserOf(call: ControlCall): EndUserRow {
  const id = call.params['id'] ?? '';
  const endUser = call.deps.state.endUser(call.project.id, id);
  if (!endUser) throw ServiceError.of('RESOURCE_MISSING', `No end user with id "${id}" exists in this project.`);
  return endUser;
}

/** A refusal of a body field that is not one of `known`. */
export function refuseUnknownFields(body: JsonObject, known: readonly string[]): void {
  const unknownKey = Object.keys(body).find((k) => !known.includes(k));
  if (unknownKey) throw ServiceError.of('INVALID_REQUEST', `Invalid request at "${unknownKey}": is not a known field`);
}
