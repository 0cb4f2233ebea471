import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { cleanUp, type CleanupStep } from './cleanup.ts';
import { recordsIn } from './createdObjects.ts';
import { HttpClient } from './httpClient.ts';
import { loadSpecModel } from './specModel.ts';

export const RECORD_DIR = '.ledger-sim-contract';

const HELP = `Usage: ledger-sim contract cleanup --base-url https://host/v1 --api-key sk_... [options]

Removes what earlier runs with --allow-writes made on the target and did not remove (a run that was
interrupted, or whose cleanup the target refused), from the records those runs left in ${RECORD_DIR}/:
transactions are deleted (voided where the delete is refused), list objects made inactive, end users
deleted. Objects the runs did not make are never touched.

Options:
  --base-url URL       the Service's base URL, ending in /v1        (env SERVICE_BASE_URL)
  --api-key KEY        a secret key of the project                  (env SERVICE_API_KEY)
  --ca-cert FILE       trust this CA (for a self-signed target such as the sandbox) (env SERVICE_CA_CERT)
  --record-dir DIR     where the runs' records are (default ${RECORD_DIR})
  --spec PATH          the OpenAPI document (default: ledger-sim's own)
Exit status: 0 when everything recorded is gone, 1 when something was left, 2 on misuse.
`;

/** One line per object: what cleanup did with it. */
export function cleanupLines(steps: readonly CleanupStep[]): string[] {
  return steps.map((s) => `  ${s.action.padEnd(13)} ${s.objectType} ${s.id}${s.label ? ` (${s.label})` : ''}${s.why ? `: ${s.why}` : ''}`);
}

/** `ledger-sim contract cleanup`: finishes the cleanup of earlier runs against one target. */
export async function cleanupCommand(args: string[], env: NodeJS.ProcessEnv, defaultSpec: string): Promise<number> {
  const { values } = parseArgs({ args, strict: true, options: { 'base-url': { type: 'string' }, 'api-key': { type: 'string' }, 'ca-cert': { type: 'string' }, 'record-dir': { type: 'string' }, spec: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const baseUrl = values['base-url'] ?? env['SERVICE_BASE_URL'];
  const apiKey = values['api-key'] ?? env['SERVICE_API_KEY'];
  if (!baseUrl || !apiKey) {
    process.stderr.write(`ledger-sim contract cleanup: missing ${[!baseUrl && '--base-url', !apiKey && '--api-key'].filter(Boolean).join(', ')}\n\n${HELP}`);
    return 2;
  }
  const dir = values['record-dir'] ?? RECORD_DIR;
  const records = recordsIn(dir, baseUrl);
  if (records.length === 0) {
    process.stdout.write(`nothing to clean up: no record of a run against ${baseUrl} in ${dir}/\n`);
    return 0;
  }
  const spec = await loadSpecModel(values.spec ?? defaultSpec);
  const caFile = values['ca-cert'] ?? env['SERVICE_CA_CERT'];
  const ca = caFile ? fs.readFileSync(caFile, 'utf8') : undefined;
  let left = 0;
  for (const { file, record } of records) {
    const client = new HttpClient({ baseUrl, apiKey, endUserId: record.endUserId, ca, timeoutMs: 30_000 });
    try {
      const steps = await cleanUp(client, spec, record.created);
      process.stdout.write(`run ${record.runId} of ${record.startedAt}:\n${cleanupLines(steps).join('\n')}\n`);
      const remaining = record.created.filter((c) => steps.find((s) => s.id === c.id)?.action === 'left');
      left += remaining.length;
      if (remaining.length === 0) fs.rmSync(file, { force: true });
      else fs.writeFileSync(file, `${JSON.stringify({ ...record, created: remaining }, null, 2)}\n`);
    } finally {
      client.close();
    }
  }
  return left === 0 ? 0 : 1;
}
