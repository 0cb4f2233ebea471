import fs from 'node:fs';
import path from 'node:path';
import { driftCommand } from '../../contract-tests/drift/driftCommand.ts';
import { contractCommand } from '../../contract-tests/runner/contractCommand.ts';
import { PACKAGE_ROOT } from '../spec/cacheDir.ts';
import { clockCommand } from './clockCommand.ts';
import { faultCommand } from './faultCommand.ts';
import { DEFAULT_DATA_DIR, ENV, fromReadyFile } from './findSandbox.ts';
import { fixturesCommand } from './fixturesCommand.ts';
import { serveCommand } from './serveCommand.ts';

const USAGE = `Usage: ledger-sim <command> [options]

Commands:
  serve      Start the HTTPS sandbox with a seeded demo company file (ledger-sim serve --help)
  contract   Check any deployment of the Service against the contract (ledger-sim contract --help)
  drift      Compare how two deployments answer the same reads: a sandbox against the real Service (ledger-sim drift --help)
  fixtures   Generate, validate, load and export company files as data (ledger-sim fixtures --help)
  fault      Steer the end user's machine of a running sandbox: connection state, latency, faults (ledger-sim fault --help)
  clock      Show, advance or reset the running sandbox's clock (ledger-sim clock --help)

fault, clock, fixtures load/export, contract and drift (as its candidate) talk to the sandbox \`ledger-sim serve\` runs from
./${DEFAULT_DATA_DIR} (or ${ENV.dataDir}) unless flags or ${ENV.baseUrl} name another.

  --version  print the version
`;

/**
 * The contract runner reads its target from flags or the environment and knows nothing of the
 * simulator (a bug on one side must not hide on the other): the local sandbox is handed to it as
 * the environment it documents.
 */
function contractWithLocalSandbox(args: string[]): Promise<number> {
  const named = args.some((a) => a === '--help' || a === '-h' || a === '--base-url' || a.startsWith('--base-url=')) || process.env[ENV.baseUrl];
  const found = named ? undefined : fromReadyFile(process.env[ENV.dataDir] ?? DEFAULT_DATA_DIR);
  if (!found || !found.endUserId) return contractCommand(args);
  process.stderr.write(`(${found.source})\n`);
  const env: NodeJS.ProcessEnv = { ...process.env, [ENV.baseUrl]: found.target.baseUrl, [ENV.caCert]: found.caCertPath };
  // A key or end user given in the environment wins over the ready file's, as everywhere.
  env[ENV.apiKey] ??= env[ENV.apiKeyAlias] ?? found.target.apiKey;
  env[ENV.endUserId] ??= found.endUserId;
  return contractCommand(args, env);
}

/**
 * Without a candidate named, drift compares the reference with the local sandbox (`ledger-sim
 * serve` in ./.ledger-sim or LEDGER_SIM_DATA_DIR) and its demo end user, unless another is named:
 * the README's use, a real file captured and loaded into the sandbox, then drift.
 */
function driftWithLocalSandbox(args: string[]): Promise<number> {
  const names = (flag: string): boolean => args.some((a) => a === flag || a.startsWith(`${flag}=`));
  const found = names('--help') || names('-h') || names('--candidate-base-url') ? undefined : fromReadyFile(process.env[ENV.dataDir] ?? DEFAULT_DATA_DIR);
  if (!found) return driftCommand(args);
  process.stderr.write(`(candidate: ${found.source})\n`);
  const endUser = names('--candidate-end-user-id') || !found.endUserId ? [] : ['--candidate-end-user-id', found.endUserId];
  const key = names('--candidate-api-key') ? [] : ['--candidate-api-key', found.target.apiKey];
  const ca = names('--candidate-ca-cert') || !found.caCertPath ? [] : ['--candidate-ca-cert', found.caCertPath];
  return driftCommand([...args, '--candidate-base-url', found.target.baseUrl, ...key, ...endUser, ...ca]);
}

function version(): string {
  return (JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

const COMMANDS: Record<string, (args: string[]) => Promise<number>> = {
  serve: serveCommand,
  contract: contractWithLocalSandbox,
  drift: driftWithLocalSandbox,
  fixtures: fixturesCommand,
  fault: faultCommand,
  clock: clockCommand,
};

/** `ledger-sim <argv>`: the exit code, with what it writes on stdout and stderr (main.ts exits with it). */
export async function runLedgerSim(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
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
