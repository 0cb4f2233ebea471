import type { JsonObject } from '../desktop/values/json.ts';
import { UsageError } from './usageErrors.ts';

/** Keys of a fault spec and the control field each sets, with how its value is read. */
const FAULT_KEYS: Record<string, { field: string; read: (raw: string, key: string) => number | string }> = {
  status: { field: 'status', read: wholeNumber },
  seconds: { field: 'seconds', read: decimal },
  count: { field: 'count', read: wholeNumber },
  share: { field: 'share', read: decimal },
  after: { field: 'afterSeconds', read: decimal },
  for: { field: 'forSeconds', read: decimal },
  operations: { field: 'operations', read: (raw) => raw },
};

function wholeNumber(raw: string, key: string): number {
  if (!/^\d+$/.test(raw)) throw new UsageError(`${key} takes a whole number, got "${raw}"`);
  return Number(raw);
}

function decimal(raw: string, key: string): number {
  if (!/^\d+(\.\d+)?$/.test(raw)) throw new UsageError(`${key} takes a number, got "${raw}"`);
  return Number(raw);
}

/**
 * A fault as written on a command line, `KIND[:VALUE][,key=value...]`, as the body the faults
 * control takes: `status:3175,count=2`, `slow:5,share=0.3`, `modal_dialog,after=10,for=60`,
 * `timeout,operations=invoices.*`. VALUE is the status code of `status` and the seconds of `slow`.
 * The sandbox checks the values; here only the form.
 */
export function faultBody(spec: string): JsonObject {
  const [head = '', ...pairs] = spec.split(',');
  const [kind = '', value] = head.split(':');
  if (!/^[a-z_]+$/.test(kind)) throw new UsageError(`a fault starts with its kind (status, slow, timeout, modal_dialog, ...), got "${spec}"`);
  const body: JsonObject = { fault: kind };
  if (value !== undefined) {
    if (kind !== 'status' && kind !== 'slow') throw new UsageError(`only status:CODE and slow:SECONDS take a value after ":", got "${head}"`);
    const key = kind === 'status' ? 'status' : 'seconds';
    body[key] = FAULT_KEYS[key]?.read(value, key) ?? value;
  }
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    const key = at < 0 ? pair : pair.slice(0, at);
    const known = FAULT_KEYS[key];
    if (!known || at < 0) throw new UsageError(`"${pair}" in a fault: use key=value with a key of ${Object.keys(FAULT_KEYS).join(', ')}`);
    body[known.field] = known.read(pair.slice(at + 1), key);
  }
  return body;
}

/** `instant`, `realistic`, or milliseconds by kind: `list=4900,create=3000,jitter=0.2`. */
export function latencyValue(spec: string): JsonObject[string] {
  if (spec === 'instant' || spec === 'realistic') return spec;
  const out: JsonObject = {};
  for (const pair of spec.split(',')) {
    const [key = '', raw = ''] = pair.split('=');
    out[key] = key === 'jitter' ? decimal(raw, 'jitter') : wholeNumber(raw, `latency ${key}`);
  }
  return out;
}

export interface MachineFlags {
  connection?: string;
  latency?: string;
  'startup-seconds'?: string;
  'writes-after-timeout'?: string;
  'in-use-seconds'?: string;
  'machine-seed'?: string;
}

/** Command-line options every machine-setting command shares. */
export const MACHINE_FLAGS = {
  connection: { type: 'string' },
  latency: { type: 'string' },
  'startup-seconds': { type: 'string' },
  'writes-after-timeout': { type: 'string' },
  'in-use-seconds': { type: 'string' },
  'machine-seed': { type: 'string' },
} as const;

export const MACHINE_FLAGS_HELP = `  --connection STATE        connected | closed | starting | not_set_up | not_polling | not_reachable |
                            cannot_start | cannot_open_file | wrong_company_file | wrong_user_mode |
                            modal_dialog | no_file_open | never_authorized | access_denied
  --latency SPEC            instant | realistic | list=MS,retrieve=MS,create=MS,update=MS,health=MS,jitter=0..1
  --startup-seconds S       how long a closed application takes to start (default 30)
  --writes-after-timeout yes|no   whether a write the Service gave up on is still carried out (default yes)
  --in-use-seconds S        two writes to one record within S seconds: the second fails with 3175
  --machine-seed N          seeds jitter and shares of faults`;

/** The machine-setting flags given, as the body of POST /_sandbox/end-users/{id}/desktop. */
export function settingsBody(flags: MachineFlags): JsonObject {
  const body: JsonObject = {};
  if (flags.connection !== undefined) body['connection'] = flags.connection;
  if (flags.latency !== undefined) body['latency'] = latencyValue(flags.latency);
  if (flags['startup-seconds'] !== undefined) body['startupSeconds'] = decimal(flags['startup-seconds'], '--startup-seconds');
  if (flags['in-use-seconds'] !== undefined) body['inUseSeconds'] = decimal(flags['in-use-seconds'], '--in-use-seconds');
  if (flags['machine-seed'] !== undefined) body['seed'] = wholeNumber(flags['machine-seed'], '--machine-seed');
  const writes = flags['writes-after-timeout'];
  if (writes !== undefined) {
    if (writes !== 'yes' && writes !== 'no') throw new UsageError(`--writes-after-timeout takes yes or no, got "${writes}"`);
    body['writesCompleteAfterTimeout'] = writes === 'yes';
  }
  return body;
}
