import { parseArgs } from 'node:util';
import type { JsonObject } from '../desktop/values/json.ts';
import { UsageError } from './usageErrors.ts';
import { faultBody, MACHINE_FLAGS, MACHINE_FLAGS_HELP, settingsBody } from './machineOptions.ts';
import { isParseArgsError } from './usageErrors.ts';
import { callSandbox, type SandboxTarget } from '../api/callSandbox.ts';
import { findSandbox, SANDBOX_FLAGS, SANDBOX_FLAGS_HELP, sayWhich } from './findSandbox.ts';

const HELP = `Usage: ledger-sim fault <command> [options]

Steers the end user's machine of a running sandbox: connection state, latency, faults.

Commands:
  show                 the machine: state, latency, faults switched on, requests queued
  add FAULT            switch a fault on; FAULT is KIND[:VALUE][,key=value...]:
                         status:3175,count=2           the next 2 requests fail with desktop status 3175
                         slow:5,share=0.3              30% of requests (seeded) take 5 s more
                         modal_dialog,after=10,for=60  from 10 s from now, for 60 s (sandbox time)
                         timeout,operations=invoices.* invoice requests are answered after the time-out
                         lost_answer,operations=*.create  writes are carried out, then answered 502
                                                       (retryable): a blind retry writes twice
                       KIND: status, slow, timeout, lost_answer, or a connection state (see --connection)
  clear [FAULT_ID]     switch one fault off, or all
  set [options]        change the machine (the options below)
  reset                back to connected, instant, no faults

Options:
${SANDBOX_FLAGS_HELP}
  --end-user ID        whose machine; left out: the local sandbox's demo end user, or the project's only one
${MACHINE_FLAGS_HELP}
`;

const OPTIONS = {
  ...SANDBOX_FLAGS,
  'end-user': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  ...MACHINE_FLAGS,
} as const;

async function endUserOf(target: SandboxTarget, given: string | undefined): Promise<string> {
  if (given) return given;
  const listed = (await callSandbox(target, 'GET', 'end-users')).body as { data: { id: string }[] };
  const [only, other] = listed.data;
  if (!only || other) throw new UsageError(`say whose machine with --end-user ID (the project has ${listed.data.length} end users)`);
  return only.id;
}

/** The machine as a person reads it: one line per setting and per fault. */
function describe(machine: JsonObject): string {
  const latency = machine['latency'] as { profile: string; ms: Record<string, number>; jitter: number };
  const lines = [
    `end user      ${String(machine['endUserId'])}`,
    `connection    ${String(machine['connection'])} (application ${String(machine['application'])})`,
    `latency       ${latency.profile}: ${Object.entries(latency.ms).map(([k, v]) => `${k} ${v} ms`).join(', ')}, jitter ${latency.jitter}`,
    `start-up      ${String(machine['startupSeconds'])} s; writes after a time-out: ${machine['writesCompleteAfterTimeout'] ? 'carried out' : 'dropped'}; in use within ${String(machine['inUseSeconds'])} s`,
    `queued        ${String(machine['queuedRequests'])} request(s)`,
  ];
  const faults = (machine['faults'] as JsonObject[] | undefined) ?? [];
  if (faults.length === 0) lines.push('faults        none');
  for (const fault of faults) {
    const { id, ...rest } = fault;
    lines.push(`fault         ${String(id)}  ${JSON.stringify(rest)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** `ledger-sim fault ...`: exit 0 on success, 1 when the sandbox refused, 2 on bad usage. */
export async function faultCommand(args: string[]): Promise<number> {
  try {
    const { values, positionals } = parseArgs({ args, strict: true, allowPositionals: true, options: OPTIONS });
    const [command, argument, ...extra] = positionals;
    if (values.help || !command) {
      process.stdout.write(HELP);
      return command || values.help ? 0 : 2;
    }
    if (extra.length > 0 || (argument !== undefined && command !== 'add' && command !== 'clear')) throw new UsageError(`unexpected "${[argument, ...extra].join(' ')}"`);
    const found = findSandbox(values);
    sayWhich(found);
    const target = found.target;
    const base = `/_sandbox/end-users/${encodeURIComponent(await endUserOf(target, values['end-user'] ?? found.endUserId))}`;
    const settings = settingsBody(values);
    if (command !== 'set' && Object.keys(settings).length > 0) throw new UsageError(`machine options go with "set", not "${command}"`);
    let reply: JsonObject;
    if (command === 'show') reply = (await callSandbox(target, 'GET', `${base}/desktop`)).body as JsonObject;
    else if (command === 'set') {
      if (Object.keys(settings).length === 0) throw new UsageError('set needs at least one machine option (--connection, --latency, ...)');
      reply = (await callSandbox(target, 'POST', `${base}/desktop`, settings)).body as JsonObject;
    } else if (command === 'reset') reply = (await callSandbox(target, 'DELETE', `${base}/desktop`)).body as JsonObject;
    else if (command === 'add') {
      if (!argument) throw new UsageError('add needs a FAULT, e.g. status:3175,count=2');
      const fault = (await callSandbox(target, 'POST', `${base}/faults`, faultBody(argument))).body as JsonObject;
      process.stdout.write(`${String(fault['id'])}\n`);
      return 0;
    } else if (command === 'clear') {
      reply = (await callSandbox(target, 'DELETE', argument ? `${base}/faults/${encodeURIComponent(argument)}` : `${base}/faults`)).body as JsonObject;
    } else throw new UsageError(`unknown command "${command}"`);
    process.stdout.write(describe(reply));
    return 0;
  } catch (error) {
    if (error instanceof UsageError || isParseArgsError(error)) {
      process.stderr.write(`ledger-sim fault: ${error.message}\n(see ledger-sim fault --help)\n`);
      return 2;
    }
    process.stderr.write(`ledger-sim fault: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
