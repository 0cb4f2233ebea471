/** How the bench tells a server child what to serve; passed as JSON in argv so no IPC round trip is needed before start. */
export type ServerConfig =
  | {
      mode: 'sandbox';
      keyPath: string;
      certPath: string;
      customers: number;
      invoices: number;
      seed: number;
      /** Company files on disk in this folder (their reports then run on a worker thread); in memory when absent. */
      dataDir?: string;
      /** Seedings the bench will ask for, whose demo-cache files the child names in its ready message. */
      keptSeedings?: KeptSeeding[];
    }
  | { mode: 'baseline'; keyPath: string; certPath: string; bodyPath: string };

export interface KeptSeeding {
  seed: number;
  sizes: Record<string, number>;
}

/** What a server child reports back over IPC once it listens (or why it could not). */
export type ServerMessage =
  | {
      type: 'ready';
      port: number;
      secretKey: string;
      endUserId: string;
      startMs: number;
      /** Where the demo cache keeps each of the config's `keptSeedings`, in its order. */
      keptFiles?: string[];
    }
  | { type: 'failed'; error: string };

export const STOP_MESSAGE = 'stop';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** IPC payloads are untyped at runtime; this keeps a malformed one from being trusted. */
export function isServerMessage(value: unknown): value is ServerMessage {
  if (!isRecord(value)) return false;
  if (value['type'] === 'failed') return typeof value['error'] === 'string';
  return (
    value['type'] === 'ready' &&
    typeof value['port'] === 'number' &&
    typeof value['secretKey'] === 'string' &&
    typeof value['endUserId'] === 'string' &&
    typeof value['startMs'] === 'number' &&
    (value['keptFiles'] === undefined || (Array.isArray(value['keptFiles']) && value['keptFiles'].every((f) => typeof f === 'string')))
  );
}

export function parseServerConfig(text: string | undefined): ServerConfig {
  if (!text) throw new Error('serverProcess needs its JSON config as the first argument');
  const value: unknown = JSON.parse(text);
  if (!isRecord(value) || typeof value['keyPath'] !== 'string' || typeof value['certPath'] !== 'string') {
    throw new Error(`bad server config: ${text}`);
  }
  if (value['mode'] === 'baseline' && typeof value['bodyPath'] === 'string') {
    return { mode: 'baseline', keyPath: value['keyPath'], certPath: value['certPath'], bodyPath: value['bodyPath'] };
  }
  if (value['mode'] === 'sandbox' && typeof value['customers'] === 'number' && typeof value['invoices'] === 'number' && typeof value['seed'] === 'number') {
    const dataDir = typeof value['dataDir'] === 'string' ? { dataDir: value['dataDir'] } : {};
    // Passed on as sent: the child only hashes them, and a wrong shape gives a key nothing is kept under.
    const kept = Array.isArray(value['keptSeedings']) ? { keptSeedings: value['keptSeedings'] as KeptSeeding[] } : {};
    return { mode: 'sandbox', keyPath: value['keyPath'], certPath: value['certPath'], customers: value['customers'], invoices: value['invoices'], seed: value['seed'], ...dataDir, ...kept };
  }
  throw new Error(`bad server config: ${text}`);
}
