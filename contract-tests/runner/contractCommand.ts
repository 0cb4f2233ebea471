import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { RunReport } from './checkTypes.ts';
import { parseDuration } from './plan.ts';
import { humanSummary, progressReporter } from './reporters/humanReporter.ts';
import { htmlReport } from './reporters/htmlReporter.ts';
import { junitReport } from './reporters/junitReporter.ts';
import { cleanupCommand, RECORD_DIR } from './cleanupCommand.ts';
import { TargetUnavailable } from './preflight.ts';
import { runContract } from './runContract.ts';
import { SelectionError } from './selectChecks.ts';

export const DEFAULT_SPEC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../spec/openapi.yaml');

const HELP = `Usage: ledger-sim contract --base-url https://host/v1 --api-key sk_... --end-user-id end_usr_... [options]

Checks a deployment of the Service against the contract, check by check. Read-only unless
--allow-writes is given (a real company file is someone's books). Without --base-url and
SERVICE_BASE_URL it checks the local sandbox (\`ledger-sim serve\` in ./.ledger-sim or
LEDGER_SIM_DATA_DIR) and its demo end user.

Options:
  --base-url URL       the Service's base URL, ending in /v1        (env SERVICE_BASE_URL)
  --api-key KEY        a secret key of the project                  (env SERVICE_API_KEY)
  --end-user-id ID     an end user with a connected company file    (env SERVICE_END_USER_ID)
  --other-end-user-id ID
                       an end user of another company file, for the isolation checks
                       (without it, --allow-writes creates one and removes it at the end);
                       on a target without a sandbox clock, reads of company-file data also
                       run on its file, beside the first: about half the time
  --ca-cert FILE       trust this CA (for a self-signed target such as the sandbox) (env SERVICE_CA_CERT)
  --http-url URL       where plain HTTP is answered, if not on the HTTPS port
  --spec PATH          the OpenAPI document to check against (default: ledger-sim's own)
  --allow-writes       also run the checks that create and change objects
  --fuzz N             number of generated negative inputs (default 50)
  --seed N             seed for generated inputs (default: random, printed so a run can be replayed)
  --only LIST          comma-separated check ids, id prefixes or areas to run
  --skip LIST          comma-separated check ids, id prefixes or areas to leave out
  --reporter NAME      human (default), json, junit or html (one self-contained page)
  --out FILE           where the json/junit/html report goes (default: standard output)
  --timeout-ms N       per-request timeout (default 30000); a request that hangs fails its check
  --record-dir DIR     with --allow-writes, where the run keeps the record of what it makes
                       (default ${RECORD_DIR}); everything it makes is marked (names "CT <run id>-n",
                       memo "ledger-sim contract run <run id>") and removed at the end; what an
                       interrupted run left, \`ledger-sim contract cleanup\` removes later
  --budget DURATION    how long the run may take (90s, 15m, 1h, or none; default 15m against a
                       target without a sandbox clock, none against a sandbox): checks go breadth first,
                       every operation once before any kind of check is repeated, and what would
                       not end within the budget is skipped, reason "budget"
Areas: transport, auth, isolation, schema, pagination, filters, writes, negative, desktop, reports.
Answers that carry the Service's retry advice (x-should-retry: true, retry-after) are retried twice,
as the official clients retry; every retry shows in the report.
Exit status: 0 when checks ran and none failed; 1 when one failed (the contract is broken);
2 when the command was misused (a bad option, --only/--skip naming no check, no check run);
3 when the target cannot be used (unreachable, TLS refused, key or end user refused, connection
not usable, the desktop not answering): one message says what the target answered.
`;

class UsageError extends Error {}

function wholeNumber(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} takes a whole number, got "${value}"`);
  return Number(value);
}

function list(value: string | undefined): string[] | undefined {
  return value?.split(',').map((s) => s.trim()).filter(Boolean);
}

/** 3 when the target went away part way, 1 when a check failed, 2 when none ran (all skipped: nothing was shown), else 0. */
function exitCodeOf(report: RunReport): number {
  if (report.stopped !== undefined) {
    process.stderr.write(`ledger-sim contract: target unavailable: ${report.stopped}\n`);
    return 3;
  }
  if (report.results.some((r) => r.status === 'fail')) return 1;
  if (!report.results.some((r) => r.status === 'pass')) {
    process.stderr.write('ledger-sim contract: no check ran: every selected check was skipped (see why above); a run that shows nothing is not a pass\n');
    return 2;
  }
  return 0;
}

/** `ledger-sim contract`: exit codes as HELP says. */
export async function contractCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (args[0] === 'cleanup') return cleanupCommand(args.slice(1), env, DEFAULT_SPEC).catch((error: unknown) => {
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`ledger-sim contract cleanup: ${error.message}\n`);
      return 2;
    }
    throw error;
  });
  let values;
  try {
    values = parseArgs({
      args,
      strict: true,
      options: {
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        'end-user-id': { type: 'string' },
        'other-end-user-id': { type: 'string' },
        'ca-cert': { type: 'string' },
        'http-url': { type: 'string' },
        spec: { type: 'string' },
        'allow-writes': { type: 'boolean' },
        fuzz: { type: 'string' },
        seed: { type: 'string' },
        only: { type: 'string' },
        skip: { type: 'string' },
        reporter: { type: 'string' },
        out: { type: 'string' },
        'timeout-ms': { type: 'string' },
        budget: { type: 'string' },
        'record-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
    if (values.help) {
      process.stdout.write(HELP);
      return 0;
    }
    const baseUrl = values['base-url'] ?? env['SERVICE_BASE_URL'];
    const apiKey = values['api-key'] ?? env['SERVICE_API_KEY'];
    const endUserId = values['end-user-id'] ?? env['SERVICE_END_USER_ID'];
    const missing = [!baseUrl && '--base-url', !apiKey && '--api-key', !endUserId && '--end-user-id'].filter(Boolean);
    if (missing.length > 0 || !baseUrl || !apiKey || !endUserId) throw new UsageError(`missing ${missing.join(', ')}`);
    if (!/^https?:\/\//.test(baseUrl)) throw new UsageError(`--base-url must be an http(s) URL, got "${baseUrl}"`);
    const reporter = values.reporter ?? 'human';
    if (!['human', 'json', 'junit', 'html'].includes(reporter)) throw new UsageError(`--reporter is human, json, junit or html, got "${reporter}"`);
    const caCertPath = values['ca-cert'] ?? env['SERVICE_CA_CERT'];
    if (caCertPath && !fs.existsSync(caCertPath)) throw new UsageError(`--ca-cert ${caCertPath} does not exist`);
    const seed = wholeNumber(values.seed, 'seed', Math.floor(Math.random() * 2 ** 31));
    const budgetMs = values.budget === undefined ? undefined : values.budget === 'none' ? Infinity : parseDuration(values.budget);
    if (values.budget !== undefined && (budgetMs === undefined || budgetMs <= 0)) throw new UsageError(`--budget takes a duration such as 90s, 15m or 1h, or none, got "${values.budget}"`);
    process.stderr.write(`ledger-sim contract: ${baseUrl} (seed ${seed})\n`);
    const progress = progressReporter((line) => process.stderr.write(`${line}\n`), process.stderr.isTTY === true);
    const report: RunReport = await runContract({
      baseUrl,
      apiKey,
      endUserId,
      ...(values['other-end-user-id'] ? { otherEndUserId: values['other-end-user-id'] } : {}),
      specPath: values.spec ?? DEFAULT_SPEC,
      ...(caCertPath ? { ca: fs.readFileSync(caCertPath, 'utf8'), caCertPath } : {}),
      ...(values['http-url'] ? { httpUrl: values['http-url'] } : {}),
      allowWrites: values['allow-writes'] === true,
      fuzz: wholeNumber(values.fuzz, 'fuzz', 50),
      seed,
      only: list(values.only),
      skip: list(values.skip),
      timeoutMs: wholeNumber(values['timeout-ms'], 'timeout-ms', 30_000),
      ...(budgetMs === undefined ? {} : { budgetMs }),
      ...(values['allow-writes'] === true ? { recordDir: values['record-dir'] ?? RECORD_DIR } : {}),
      onPlan: (plan) => progress.plan(plan),
      onResult: (r) => progress.result(r),
    });
    const text = reporter === 'json' ? `${JSON.stringify(report, null, 2)}\n` : reporter === 'junit' ? junitReport(report) : reporter === 'html' ? htmlReport(report) : `${humanSummary(report)}\n`;
    if (values.out && reporter !== 'human') {
      fs.writeFileSync(values.out, text);
      process.stdout.write(`${humanSummary(report)}\n`);
    } else {
      process.stdout.write(text);
    }
    return exitCodeOf(report);
  } catch (error) {
    if (error instanceof UsageError || error instanceof SelectionError || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      process.stderr.write(`ledger-sim contract: ${error.message}\n\n${error instanceof SelectionError ? '' : HELP}`);
      return 2;
    }
    if (error instanceof TargetUnavailable) {
      process.stderr.write(`ledger-sim contract: target unavailable: ${error.message}\n`);
      return 3;
    }
    throw error;
  }
}
