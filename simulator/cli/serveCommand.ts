import path from 'node:path';
import { parseArgs } from 'node:util';
import { sizeKeys } from '../fixtures/seed/seedTable.ts';
import { SIZE_OPTIONS, SIZE_OPTIONS_HELP, sizesFromOptions } from './sizeOptions.ts';
import { DEMO_SEED, startSandbox, type SandboxInfo } from '../Sandbox.ts';
import type { LogLevel } from '../service/logger.ts';
import { readyFilePath, removeReadyFile, startedAsPid, writeReadyFile } from '../api/readyFile.ts';
import { DEFAULT_DATA_DIR, ENV } from './findSandbox.ts';
import { faultBody, MACHINE_FLAGS, MACHINE_FLAGS_HELP, settingsBody } from './machineOptions.ts';

const HELP = `Usage: ledger-sim serve [options]

Starts the sandbox: an HTTPS Service on --port, a plain-HTTP listener on --http-port that refuses
every request, and a demo project "testing" with one end user whose company file is seeded.

Options:
  --port N           HTTPS port (default 4443; 0 picks a free port)
  --http-port N      plain-HTTP port (default 4080; 0 picks a free port)
  --host HOST        address to listen on (default 127.0.0.1)
  --data-dir DIR     where company files, Service records and certificates live (default ./.ledger-sim,
                     or LEDGER_SIM_DATA_DIR)
  --memory           keep everything in memory; nothing is written but the public CA certificate
  --seed N           seed of the demo company file (default ${DEMO_SEED})
  --today YYYY-MM-DD date the seeded company files' two years of history up to the day before this
                     day (default: the sandbox clock's today); the same seed gives the same file on any day
  The demo company file's size (the demo's counts: ${[...sizeKeys()].map(([k, v]) => `${k}=${v.demo}`).join(', ')}):
${SIZE_OPTIONS_HELP}
  --cert FILE --key FILE   serve this certificate instead of the generated one
  --ca-cert FILE     with --cert: the CA clients should trust (default: the certificate itself)
  --demo-password P  the dashboard password of demo@ledger-sim.test (default: a new random one each start)
  --ready-file PATH  once requests are accepted, write {baseUrl, httpUrl, secretKey, publishableKey,
                     endUserIds, caCertPath, pid} there as JSON (0600). On disk this is always also
                     written to DATA_DIR/ready.json, removed again at a clean stop
  --secret-key KEY   accept this secret key (sk_...) instead of the kept one
  --log-level LEVEL  debug | info | warn | error | silent (default info)
  --check-responses  check every answer against the spec before it is sent; one that breaks it is
                     answered as a 500 SIMULATOR_BUG naming the field, and logged (default: on when
                     LEDGER_SIM_CHECK_RESPONSES=1)

The demo end user's machine (any of these replaces what its company file kept; see ledger-sim fault --help):
${MACHINE_FLAGS_HELP}
  --fault FAULT      switch a fault on from the start (repeatable), e.g. --fault status:3175,share=0.1
`;

function count(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new Error(`--${name} takes a whole number, got "${value}"`);
  return Number(value);
}

export async function serveCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      port: { type: 'string' },
      'http-port': { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      memory: { type: 'boolean' },
      seed: { type: 'string' },
      today: { type: 'string' },
      ...SIZE_OPTIONS,
      cert: { type: 'string' },
      key: { type: 'string' },
      'ca-cert': { type: 'string' },
      'secret-key': { type: 'string' },
      'demo-password': { type: 'string' },
      'ready-file': { type: 'string' },
      'log-level': { type: 'string' },
      'check-responses': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      fault: { type: 'string', multiple: true },
      ...MACHINE_FLAGS,
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (Boolean(values.cert) !== Boolean(values.key)) throw new Error('--cert and --key go together');
  if (values['ca-cert'] && !values.cert) throw new Error('--ca-cert goes with --cert and --key');
  const started = performance.now();
  const dataDir = values['data-dir'] ?? process.env[ENV.dataDir] ?? DEFAULT_DATA_DIR;
  const settings = settingsBody(values);
  const faults = (values.fault ?? []).map(faultBody);
  const sandbox = await startSandbox({
    ...(Object.keys(settings).length > 0 || faults.length > 0 ? { machine: { settings, faults } } : {}),
    port: count(values.port, 'port', 4443),
    httpPort: count(values['http-port'], 'http-port', 4080),
    host: values.host,
    dataDir,
    memory: values.memory,
    seed: count(values.seed, 'seed', DEMO_SEED),
    sizes: sizesFromOptions(values),
    ...(values.today === undefined ? {} : { today: values.today }),
    certPath: values.cert,
    keyPath: values.key,
    caCertPath: values['ca-cert'],
    secretKey: values['secret-key'],
    demoPassword: values['demo-password'],
    logLevel: (values['log-level'] ?? 'info') as LogLevel,
    ...(values['check-responses'] ? { checkResponses: true } : {}),
  });
  const info: SandboxInfo = {
    baseUrl: sandbox.baseUrl,
    dashboardUrl: sandbox.dashboardUrl,
    demoEmail: sandbox.demoEmail,
    demoPassword: sandbox.demoPassword,
    httpUrl: sandbox.httpUrl,
    secretKey: sandbox.secretKey,
    publishableKey: sandbox.publishableKey,
    endUserIds: sandbox.endUserIds,
    caCertPath: sandbox.caCertPath,
  };
  const banner =
    [
      `ledger-sim sandbox ready in ${Math.round(performance.now() - started)} ms`,
      `  HTTPS base URL    ${info.baseUrl}`,
      `  plain HTTP (403)  ${info.httpUrl}`,
      `  secret key        ${info.secretKey}`,
      `  publishable key   ${info.publishableKey}`,
      `  end user          ${info.endUserIds.join(', ')}`,
      `  data directory    ${values.memory ? '(in memory)' : path.resolve(dataDir)}   (ledger-sim fault, clock, fixtures and contract find this sandbox there)`,
      `  CA certificate    ${info.caCertPath}   (export NODE_EXTRA_CA_CERTS=${info.caCertPath}, or curl --cacert)`,
      `  dashboard         ${info.dashboardUrl}   (sign in as ${info.demoEmail}, password ${info.demoPassword})`,
      '',
      'Try:',
      `  curl --cacert ${info.caCertPath} -H "Authorization: Bearer ${info.secretKey}" \\`,
      `       -H "Service-End-User-Id: ${info.endUserIds[0] ?? ''}" "${info.baseUrl}/ledger-desktop/customers?limit=2"`,
      '',
    ].join('\n');
  // The ready files come after the banner, and whole, so a script that waits for one finds both the
  // banner printed and the file complete. A sandbox on disk always leaves one in its data directory:
  // the other commands find it there when no flags name a sandbox.
  await new Promise<void>((resolve) => process.stdout.write(banner, () => resolve()));
  const readyFiles = [values['ready-file'], values.memory ? undefined : readyFilePath(dataDir)].filter((f): f is string => f !== undefined);
  for (const file of readyFiles) writeReadyFile(file, { ...info, pid: startedAsPid() });
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      for (const file of readyFiles) removeReadyFile(file);
      void sandbox.close().then(resolve);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
