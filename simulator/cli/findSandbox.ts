import fs from 'node:fs';
import path from 'node:path';
import type { SandboxTarget } from '../api/callSandbox.ts';
import { readReadyFile, readyFilePath, type ReadyFile } from '../api/readyFile.ts';
import { UsageError } from './usageErrors.ts';

/**
 * One naming for the environment across commands: what names a Service (the sandbox or a real
 * deployment) is `SERVICE_*`, what names the local sandbox is `LEDGER_SIM_*`. `LEDGER_SIM_API_KEY`
 * was the helpers' name for the key and stays an alias.
 */
export const ENV = {
  baseUrl: 'SERVICE_BASE_URL',
  apiKey: 'SERVICE_API_KEY',
  apiKeyAlias: 'LEDGER_SIM_API_KEY',
  endUserId: 'SERVICE_END_USER_ID',
  caCert: 'SERVICE_CA_CERT',
  dataDir: 'LEDGER_SIM_DATA_DIR',
} as const;

export const DEFAULT_DATA_DIR = '.ledger-sim';

/** The flags every command that steers a running sandbox takes. */
export const SANDBOX_FLAGS = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  'ca-cert': { type: 'string' },
} as const;

export const SANDBOX_FLAGS_HELP = `  --base-url URL       a running sandbox, e.g. https://localhost:4443/v1      (env ${ENV.baseUrl})
  --api-key KEY        its secret key                                        (env ${ENV.apiKey}; ${ENV.apiKeyAlias} also read)
  --ca-cert FILE       the CA it printed (e.g. .ledger-sim/tls/ca-cert.pem)  (env ${ENV.caCert})
                       None of them given: the sandbox \`ledger-sim serve\` runs from ./${DEFAULT_DATA_DIR}
                       (or ${ENV.dataDir}), found by its ready file`;

export interface FoundSandbox {
  target: SandboxTarget;
  /** The demo end user, when the sandbox was found by its ready file. */
  endUserId?: string;
  /** Where the target came from, for the line that says which sandbox a command talks to. */
  source: string;
  /** The CA certificate's file, when one is known. */
  caCertPath?: string;
}

/** The key of a target named by flags or the environment. */
export function apiKeyOf(flag: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  return flag ?? env[ENV.apiKey] ?? env[ENV.apiKeyAlias];
}

function readCa(file: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    throw new UsageError(`cannot read the CA certificate ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

/** A path as short as it can be said: from the working directory when inside it. */
function shortPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') ? relative : file;
}

/** The local sandbox's ready file as a target; undefined when none is there. */
export function fromReadyFile(dataDir: string): FoundSandbox | undefined {
  const file = readyFilePath(dataDir);
  const ready: ReadyFile | undefined = readReadyFile(file);
  if (!ready) return undefined;
  return {
    target: { baseUrl: ready.baseUrl, apiKey: ready.secretKey, ca: readCa(ready.caCertPath) },
    ...(ready.endUserIds[0] ? { endUserId: ready.endUserIds[0] } : {}),
    caCertPath: ready.caCertPath,
    source: `the sandbox at ${ready.baseUrl} (pid ${ready.pid}, from ${shortPath(file)})`,
  };
}

/**
 * The sandbox a command talks to: named by flags, else by the environment, else the local one
 * (`ledger-sim serve` leaves its ready file in its data directory while it runs).
 */
export function findSandbox(values: Partial<Record<keyof typeof SANDBOX_FLAGS, string>>, env: NodeJS.ProcessEnv = process.env): FoundSandbox {
  const baseUrl = values['base-url'] ?? env[ENV.baseUrl];
  if (baseUrl) {
    const apiKey = apiKeyOf(values['api-key'], env);
    if (!apiKey) throw new UsageError(`${baseUrl} needs a key: --api-key sk_... (or ${ENV.apiKey} in the environment)`);
    const caFile = values['ca-cert'] ?? env[ENV.caCert];
    return { target: { baseUrl, apiKey, ...(caFile ? { ca: readCa(caFile) } : {}) }, source: `the sandbox at ${baseUrl}${values['base-url'] ? '' : ` (from ${ENV.baseUrl})`}` };
  }
  if (values['api-key'] || values['ca-cert']) throw new UsageError('--api-key and --ca-cert go with --base-url URL');
  const dataDir = env[ENV.dataDir] ?? DEFAULT_DATA_DIR;
  const found = fromReadyFile(dataDir);
  if (!found) throw new UsageError(`no sandbox is running from ${dataDir} (no ready file there): start one with ledger-sim serve, or name one with --base-url URL --api-key KEY --ca-cert FILE`);
  return found;
}

/** Says on stderr which sandbox a command talks to: stdout stays the command's answer. */
export function sayWhich(found: FoundSandbox): void {
  process.stderr.write(`(${found.source})\n`);
}
