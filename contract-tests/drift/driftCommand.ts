import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_SPEC } from '../runner/contractCommand.ts';
import { parseDuration } from '../runner/plan.ts';
import { TargetUnavailable } from '../runner/preflight.ts';
import type { Period } from './driftPlan.ts';
import type { DriftReport, ProbeOutcome } from './driftTypes.ts';
import { driftHtml } from './reporters/driftHtml.ts';
import { driftHuman } from './reporters/driftHuman.ts';
import { NothingToAsk, runDrift, type DriftTarget } from './runDrift.ts';

const HELP = `Usage: ledger-sim drift --reference-base-url URL --reference-api-key KEY --reference-end-user-id ID
                      --candidate-base-url URL --candidate-api-key KEY --candidate-end-user-id ID [options]

Sends the same read requests to a reference deployment of the Service and a candidate (a sandbox,
say) and reports where the candidate answers differently: every list's first page, common filters,
retrieves of the same ids, every report over a fixed period, and the errors that need no writes
(unknown id, bad filter, limit out of range, paging after the end). It compares statuses, error
types and codes, fields present, null or absent, value types, enum values, counts and values;
request ids, cursors and the health check's round trip are meant to differ and are not compared.
Nothing is written. Each target gets one request at a time (the desktop's queue). Without
--candidate-base-url, the candidate is the local sandbox (\`ledger-sim serve\`) and its demo end user.

Options:
  --reference-base-url URL, --candidate-base-url URL     each ending in /v1
  --reference-api-key KEY, --candidate-api-key KEY       a secret key of each project
  --reference-end-user-id ID, --candidate-end-user-id ID an end user with a connected company file
  --reference-ca-cert FILE, --candidate-ca-cert FILE     trust this CA (a sandbox's self-signed one)
  --budget DURATION    how long the run may take (90s, 15m, 1h, or none; default 15m): requests go
                       in rounds, every operation's first before any second, and what would not end
                       within the budget is skipped, reason "budget"
  --period FROM..TO    the dates reports and date filters ask for (default: last year and this one)
  --only LIST          comma-separated operation ids or prefixes (customers, reports.aging)
  --reporter NAME      human (default), json, or html (one self-contained page)
  --out FILE           where the json/html report goes (default: standard output)
  --timeout-ms N       per-request timeout (default 30000)
  --spec PATH          the OpenAPI document (default: ledger-sim's own)
Exit status: 0 no drift; 1 drift found; 2 the command was misused; 3 a target cannot be used
(unreachable, TLS refused, key or end user refused, desktop not answering).
`;

class UsageError extends Error {}

function periodOf(text: string | undefined): Period | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/.exec(text);
  if (!match?.[1] || !match[2] || Number.isNaN(Date.parse(match[1])) || Number.isNaN(Date.parse(match[2])) || match[1] > match[2]) {
    throw new UsageError(`--period takes FROM..TO, two dates in order (2025-01-01..2025-12-31), got "${text}"`);
  }
  return { from: match[1], to: match[2] };
}

function targetOf(side: 'reference' | 'candidate', values: Record<string, string | boolean | undefined>): DriftTarget {
  const get = (name: string): string | undefined => values[`${side}-${name}`] as string | undefined;
  const [baseUrl, apiKey, endUserId, caCert] = [get('base-url'), get('api-key'), get('end-user-id'), get('ca-cert')];
  const missing = [!baseUrl && `--${side}-base-url`, !apiKey && `--${side}-api-key`, !endUserId && `--${side}-end-user-id`].filter(Boolean);
  if (missing.length > 0 || !baseUrl || !apiKey || !endUserId) throw new UsageError(`missing ${missing.join(', ')}`);
  if (!/^https?:\/\//.test(baseUrl)) throw new UsageError(`--${side}-base-url must be an http(s) URL, got "${baseUrl}"`);
  if (caCert !== undefined && !fs.existsSync(caCert)) throw new UsageError(`--${side}-ca-cert ${caCert} does not exist`);
  return { baseUrl, apiKey, endUserId, ...(caCert ? { ca: fs.readFileSync(caCert, 'utf8') } : {}) };
}

/** Every 50 requests, how far the run is and how long the rest should take at its pace so far: a real desktop answers in seconds. */
function progress(): (outcome: ProbeOutcome, done: number, planned: number) => void {
  const started = performance.now();
  return (_outcome, done, planned) => {
    if (done % 50 !== 0 || done === planned) return;
    const leftS = Math.round((((performance.now() - started) / done) * (planned - done)) / 1000);
    process.stderr.write(`ledger-sim drift: ${done} of ${planned} requests, about ${Math.floor(leftS / 60)}:${String(leftS % 60).padStart(2, '0')} left\n`);
  };
}

const sideOptions = Object.fromEntries(['reference', 'candidate'].flatMap((side) => ['base-url', 'api-key', 'end-user-id', 'ca-cert'].map((name) => [`${side}-${name}`, { type: 'string' as const }])));

/** `ledger-sim drift`: exit codes as HELP says. */
export async function driftCommand(args: string[]): Promise<number> {
  try {
    const { values } = parseArgs({
      args,
      strict: true,
      options: {
        ...sideOptions,
        budget: { type: 'string' },
        period: { type: 'string' },
        only: { type: 'string' },
        reporter: { type: 'string' },
        out: { type: 'string' },
        'timeout-ms': { type: 'string' },
        spec: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help) {
      process.stdout.write(HELP);
      return 0;
    }
    const reference = targetOf('reference', values);
    const candidate = targetOf('candidate', values);
    const reporter = (values['reporter'] as string | undefined) ?? 'human';
    if (!['human', 'json', 'html'].includes(reporter)) throw new UsageError(`--reporter is human, json or html, got "${reporter}"`);
    const budgetText = values['budget'] as string | undefined;
    const budgetMs = budgetText === undefined ? undefined : budgetText === 'none' ? Infinity : parseDuration(budgetText);
    if (budgetText !== undefined && (budgetMs === undefined || budgetMs <= 0)) throw new UsageError(`--budget takes a duration such as 90s, 15m or 1h, or none, got "${budgetText}"`);
    const timeoutText = values['timeout-ms'] as string | undefined;
    if (timeoutText !== undefined && !/^[1-9]\d*$/.test(timeoutText)) throw new UsageError(`--timeout-ms takes a whole number, got "${timeoutText}"`);
    const period = periodOf(values['period'] as string | undefined);
    const only = (values['only'] as string | undefined)?.split(',').map((s) => s.trim()).filter(Boolean);
    process.stderr.write(`ledger-sim drift: ${candidate.baseUrl} against ${reference.baseUrl}\n`);
    const report: DriftReport = await runDrift({
      reference,
      candidate,
      specPath: (values['spec'] as string | undefined) ?? DEFAULT_SPEC,
      ...(budgetMs === undefined ? {} : { budgetMs }),
      ...(period ? { period } : {}),
      ...(only ? { only } : {}),
      ...(timeoutText ? { timeoutMs: Number(timeoutText) } : {}),
      onProbe: progress(),
    });
    const text = reporter === 'json' ? `${JSON.stringify(report, null, 2)}\n` : reporter === 'html' ? driftHtml(report) : `${driftHuman(report)}\n`;
    const out = values['out'] as string | undefined;
    if (out && reporter !== 'human') {
      fs.writeFileSync(out, text);
      process.stdout.write(`${driftHuman(report)}\n`);
    } else {
      process.stdout.write(text);
    }
    if (report.stopped !== undefined) {
      process.stderr.write(`ledger-sim drift: target unavailable: ${report.stopped}\n`);
      return 3;
    }
    return report.findings.length > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof NothingToAsk || (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))) {
      process.stderr.write(`ledger-sim drift: ${error.message}\n\n${HELP}`);
      return 2;
    }
    if (error instanceof TargetUnavailable) {
      process.stderr.write(`ledger-sim drift: target unavailable: ${error.message}\n`);
      return 3;
    }
    throw error;
  }
}
