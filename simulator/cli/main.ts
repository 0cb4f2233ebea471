import { contractCommand } from '../../contract-tests/runner/contractCommand.ts';
import { faultCommand } from './faultCommand.ts';
import { fixturesCommand } from './fixturesCommand.ts';
import { serveCommand } from './serveCommand.ts';

const USAGE = `Usage: ledger-sim <command> [options]

Commands:
  serve      Start the HTTPS sandbox with a seeded demo company file (ledger-sim serve --help)
  contract   Check any deployment of the Service against the contract (ledger-sim contract --help)
  fixtures   Generate, validate, load and export company files as data (ledger-sim fixtures --help)
  fault      Steer the end user's machine of a running sandbox: connection state, latency, faults (ledger-sim fault --help)
`;

const COMMANDS: Record<string, (args: string[]) => Promise<number>> = { serve: serveCommand, contract: (args) => contractCommand(args), fixtures: fixturesCommand, fault: faultCommand };

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h') {
    process.stdout.write(USAGE);
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`ledger-sim: unknown command "${name}"\n\n${USAGE}`);
    return 2;
  }
  return command(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exit(code);
  },
  (error: unknown) => {
    process.stderr.write(`ledger-sim: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
