import fs from 'node:fs';
import path from 'node:path';
import type { ServiceState } from './service/ServiceState.ts';
import { newPublishableKey, newSecretKey } from './service/serviceIds.ts';

export interface SandboxKeys {
  secretKey: string;
  publishableKey: string;
}

const KEYS_FILE = 'sandbox-keys.json';

function readKept(file: string): Partial<SandboxKeys> {
  try {
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<SandboxKeys>;
    return typeof kept === 'object' && kept !== null ? kept : {};
  } catch {
    return {};
  }
}

/**
 * The testing project's keys for this start. A sandbox on disk keeps its keys from one start to
 * the next (a key that changed on every start had to be copied into every script again): the
 * Service stores only their hashes, and the plain keys stay in the data directory, readable by its
 * owner only, beside the company files and the TLS private key. A key revoked in the dashboard is
 * replaced; a key given (`--secret-key`) is used and not kept. In memory, every start issues new keys.
 */
export function sandboxKeys(state: ServiceState, projectId: string, dataDir: string | undefined, given: string | undefined, now: number): SandboxKeys {
  const file = dataDir ? path.join(dataDir, KEYS_FILE) : undefined;
  const kept = file ? readKept(file) : {};
  const valid = (kind: 'secret' | 'publishable', key: string | undefined): key is string => typeof key === 'string' && state.projectForKey(kind, key)?.id === projectId;
  const keys: SandboxKeys = {
    secretKey: given ?? (valid('secret', kept.secretKey) ? kept.secretKey : newSecretKey()),
    publishableKey: valid('publishable', kept.publishableKey) ? kept.publishableKey : newPublishableKey(),
  };
  state.addKey(projectId, 'secret', keys.secretKey, now);
  state.addKey(projectId, 'publishable', keys.publishableKey, now);
  if (file && !given && (keys.secretKey !== kept.secretKey || keys.publishableKey !== kept.publishableKey)) {
    fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(`${file}.tmp`, file);
  }
  return keys;
}
