import { parseArgs } from 'node:util';
import { sandboxControls } from '../api/sandboxControls.ts';
import type { SandboxClock } from '../api/sandboxApi.ts';
import { UsageError } from './usageErrors.ts';
import { findSandbox, SANDBOX_FLAGS, SANDBOX_FLAGS_HELP, sayWhich } from './findSandbox.ts';
import { isParseArgsError } from './usageErrors.ts';

const HELP = `Usage: ledger-sim clock <command> [options]

The clock of the sandbox's project "testing": cursors die 10 s after their last page by it, and
desktop timestamps, revision numbers and auth sessions follow it.

Commands:
  show                 now, sandbox time, and how far the clock is ahead of real time
  advance DURATION     move it forward: 11 (seconds), 11s, 500ms, 5m, 2h, 1d
  reset                back to real time

Options:
${SANDBOX_FLAGS_HELP}
`;

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A duration as people write it, in milliseconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(text.trim());
  if (!match) throw new UsageError(`"${text}" is not a duration: a whole number with ms, s (the default), m, h or d`);
  return Number(match[1]) * (UNITS[match[2] ?? 's'] ?? 1000);
}

function describe(clock: SandboxClock): string {
  const ahead = clock.advancedMs === 0 ? 'real time' : `${(clock.advancedMs / 1000).toLocaleString('en-US')} s ahead of real time`;
  return `now      ${clock.nowIso}\nclock    ${ahead}\n`;
}

/** `ledger-sim clock ...`: exit 0 on success, 1 when the sandbox refused or is not there, 2 on bad usage. */
export async function clockCommand(args: string[]): Promise<number> {
  try {
    const { values, positionals } = parseArgs({ args, strict: true, allowPositionals: true, options: { ...SANDBOX_FLAGS, help: { type: 'boolean', short: 'h' } } });
    const [command, argument, ...extra] = positionals;
    if (values.help || !command) {
      process.stdout.write(HELP);
      return values.help ? 0 : 2;
    }
    if (!['show', 'advance', 'reset'].includes(command)) throw new UsageError(`unknown command "${command}"`);
    if (extra.length > 0 || (argument !== undefined && command !== 'advance')) throw new UsageError(`unexpected "${[argument, ...extra].join(' ')}"`);
    if (command === 'advance' && argument === undefined) throw new UsageError('advance needs a DURATION, e.g. 11s');
    const ms = argument === undefined ? 0 : parseDuration(argument);
    const found = findSandbox(values);
    sayWhich(found);
    const clock = sandboxControls(found.target).clock;
    const answer = command === 'show' ? await clock.now() : command === 'reset' ? await clock.reset() : await clock.advance({ milliseconds: ms });
    process.stdout.write(describe(answer));
    return 0;
  } catch (error) {
    if (error instanceof UsageError || isParseArgsError(error)) {
      process.stderr.write(`ledger-sim clock: ${error.message}\n(see ledger-sim clock --help)\n`);
      return 2;
    }
    process.stderr.write(`ledger-sim clock: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
