import type { CallKind } from '../machine/machineStates.ts';
import { DESKTOP_STATUS, DesktopError } from '../values/DesktopError.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../values/json.ts';
import { answerRequest, isRemoval, REQUEST, type PassthroughPorts } from './answerRequest.ts';
import { PassthroughParseError } from './PassthroughParseError.ts';
import { statusOf } from './passthroughStatus.ts';

export type { BodyCheck, PassthroughPorts } from './answerRequest.ts';

/**
 * A body is the desktop's message set: one request element (`{"CustomerQueryRq": {...}}`) or several,
 * answered in the order sent. JSON keeps one key per name, so several requests of one name are an
 * array under it (`{"InvoiceAddRq": [{...}, {...}]}`), answered as an array of their responses.
 * `onError` is the message set's attribute: `stopOnError` (ours: the default) answers nothing after
 * a request whose status is an error, `continueOnError` answers every one.
 */
const ON_ERROR: ReadonlySet<string> = new Set(['stopOnError', 'continueOnError']);
const SET_ATTRIBUTES: ReadonlySet<string> = new Set(['onError']);

interface MessageSet {
  onError: string;
  /** Each request name with its requests, in order; `many` when they were sent as an array. */
  groups: { name: string; requests: JsonObject[]; many: boolean }[];
}

function messageSetOf(body: JsonObject): MessageSet {
  const onError = body['onError'] ?? 'stopOnError';
  if (typeof onError !== 'string' || !ON_ERROR.has(onError)) throw new PassthroughParseError(`attribute onError takes stopOnError or continueOnError, not ${JSON.stringify(onError)}`);
  const groups = Object.entries(body)
    .filter(([name]) => !SET_ATTRIBUTES.has(name))
    .map(([name, value]) => {
      const requests = Array.isArray(value) ? value : [value];
      if (requests.length === 0 || !requests.every(isJsonObject)) throw new PassthroughParseError(`element ${name} must hold elements`);
      return { name, requests, many: Array.isArray(value) };
    });
  if (groups.length === 0) throw new PassthroughParseError('a message set holds at least one request');
  return { onError, groups };
}

/** How the machine counts a passthrough body (its latency and faults): a set with a write is a write. */
export function passthroughKind(body: JsonObject): CallKind {
  const verbs = Object.keys(body).map((name) => (isRemoval(name) ? 'Mod' : REQUEST.exec(name)?.[2]));
  if (verbs.includes('Add')) return 'create';
  if (verbs.includes('Mod')) return 'update';
  return 'list';
}

/** Answers each request of the set in order with `answer`, stopping after an error if the set says so. */
function answerSet(set: MessageSet, answer: (name: string, request: JsonObject) => JsonObject): JsonObject {
  const out: JsonObject = {};
  let stopped = false;
  for (const { name, requests, many } of set.groups) {
    const responseName = name.replace(/Rq$/, 'Rs');
    const answered: JsonValue[] = [];
    for (const request of requests) {
      if (stopped) break;
      const response = answer(name, request);
      answered.push(response);
      stopped = set.onError === 'stopOnError' && response['statusSeverity'] === 'Error';
    }
    if (answered.length > 0) out[responseName] = many ? answered : (answered[0] ?? {});
  }
  return out;
}

/**
 * Answers a passthrough body as the desktop application would: each response element with its
 * status attributes and objects, in the desktop's vocabulary. A body the desktop cannot parse
 * throws before any of its requests runs: every request is checked first, as the desktop parses
 * a whole message before it carries out the first request.
 */
export function answerPassthrough(ports: PassthroughPorts, body: JsonObject): JsonObject {
  const set = messageSetOf(body);
  const several = set.groups.length > 1 || set.groups.some((g) => g.many);
  if (!several) return answerSet(set, (name, request) => answerRequest(ports, name, request));
  answerSet({ ...set, onError: 'continueOnError' }, (name, request) => answerRequest(ports, name, request, 'check'));
  return answerSet(set, (name, request) => {
    try {
      return answerRequest(ports, name, request);
    } catch (error) {
      // The set was parsed whole: what refuses now is a rule only the write's running finds (an
      // amount too large once multiplied). The requests before it are written, so it is this
      // request's error, as the desktop reports a rule that failed while saving, and `onError` decides.
      if (!(error instanceof PassthroughParseError)) throw error;
      const echo: JsonObject = typeof request['requestID'] === 'string' ? { requestID: request['requestID'] } : {};
      return { ...echo, ...statusOf(new DesktopError(DESKTOP_STATUS.SAVE_FAILED, error.message)) };
    }
  });
}

/**
 * A desktop status met before the body ran (a fault of the machine) answered as the desktop
 * answers it: in each response element, not as a failure of the round trip.
 */
export function statusAnswer(body: JsonObject, error: DesktopError): JsonObject {
  let set: MessageSet;
  try {
    set = messageSetOf(body);
  } catch {
    set = { onError: 'stopOnError', groups: [{ name: Object.keys(body)[0] ?? 'Rq', requests: [{}], many: false }] };
  }
  return answerSet(set, (_name, request) => ({ ...(typeof request['requestID'] === 'string' ? { requestID: request['requestID'] } : {}), ...statusOf(error) }));
}
