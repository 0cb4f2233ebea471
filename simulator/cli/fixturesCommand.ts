import { FixtureError } from '../fixtures/FixtureProblem.ts';
import { generateCommand, validateCommand } from './fixtureFileCommands.ts';
import { UsageError } from './usageErrors.ts';
import { isParseArgsError } from './usageErrors.ts';
import { exportCommand, loadCommand } from './fixtureTargetCommands.ts';
import { captureCommand } from './captureCommand.ts';

const HELP = `Usage: ledger-sim fixtures <command> [options]

Company files as data: YAML or JSON files in the Service's request shapes, checked against
fixtures/fixture.schema.json. See fixtures/README.md.

Commands:
  generate --out FILE [--seed N] [--size K=N,...] [--customers N] [--invoices N] [--scale F] [--profile standard|edge] [--today YYYY-MM-DD]
      Write a generated fixture (same options and today, same bytes): two years of a business up
      to the day before --today (default: this machine's date, UTC). Sizes by resource (--size
      customers=50,vendors=20); every type not named grows or shrinks in proportion to the named
      ones against the demo's counts (their geometric mean when several; at least 1 of each), or
      to --scale F (1: the demo's counts). Defaults: seed 1, a tenth of the demo company (100
      customers, 300 invoices, every other type in proportion), profile standard. The format
      follows the extension (.json, .yaml, .yml).

  validate FILE...
      Report every problem of each file (file:line, object, field, what is wrong), in the order
      of its lines; exit 1 if any.

  load FILE [--data-dir DIR | --base-url URL --api-key KEY [--ca-cert FILE]] [--end-user-id ID]
      Load into an end user's company file, in one transaction. Without --end-user-id a new end
      user is created; its id is printed on stdout. With --data-dir the sandbox must not be
      running on DIR (a load there is refused); with --base-url it must be (key and CA may come from SERVICE_API_KEY and
      SERVICE_CA_CERT). With neither: the sandbox \`ledger-sim serve\` runs from ./.ledger-sim
      (or LEDGER_SIM_DATA_DIR), found by its ready file.

  export --out FILE [--end-user ID] [--data-dir DIR | --base-url URL --api-key KEY [--ca-cert FILE]]
      Write an end user's company file as a fixture; loading it and exporting again gives the
      same file. From the local sandbox, its demo end user unless --end-user is given.

  capture --base-url URL --api-key KEY --end-user-id ID [--ca-cert FILE] --out FILE
          [--anonymize [--salt S]] [--only LIST] [--budget DURATION] [--resume] [--page-size N]
      Read an end user's company file through the Service's public API only (a real deployment
      or a sandbox), one request at a time, into a fixture \`load\` takes. Progress shows an ETA
      from the measured latency. Stopped (--budget, Ctrl-C) it keeps what it read beside the
      output (FILE.capture-state.json); --resume goes on from there. --anonymize replaces
      names, contacts, addresses and free text, the same way for the same --salt (printed when
      not given), keeping amounts, dates, quantities and references. --only names collections
      or resources (customers,invoices). The fixture's \`capture\` section and the summary say
      what the API cannot read and what was done instead. Exit 0 written, 1 a failed read
      (kept for --resume), 2 bad usage, 3 target unavailable, 4 stopped (kept for --resume).
`;

const SUBCOMMANDS: Record<string, (args: string[]) => Promise<number>> = {
  generate: generateCommand,
  validate: validateCommand,
  load: loadCommand,
  export: exportCommand,
  capture: captureCommand,
};


/** `ledger-sim fixtures ...`: exit 0 on success, 1 when a fixture has problems or a step failed, 2 on bad usage. */
export async function fixturesCommand(args: string[]): Promise<number> {
  const [name, ...rest] = args;
  if (!name || name === '--help' || name === '-h' || rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(HELP);
    return name ? 0 : 2;
  }
  const command = SUBCOMMANDS[name];
  if (!command) {
    process.stderr.write(`ledger-sim fixtures: unknown command "${name}"\n\n${HELP}`);
    return 2;
  }
  try {
    return await command(rest);
  } catch (error) {
    if (error instanceof UsageError || isParseArgsError(error)) {
      process.stderr.write(`ledger-sim fixtures ${name}: ${error.message}\n(see ledger-sim fixtures --help)\n`);
      return 2;
    }
    if (error instanceof FixtureError) {
      process.stderr.write(`${error.report('fixture')}\n`);
      return 1;
    }
    process.stderr.write(`ledger-sim fixtures ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
