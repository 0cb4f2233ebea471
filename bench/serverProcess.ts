import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startSandbox } from '../simulator/Sandbox.ts';
import { DEMO_CACHE_DIR, demoCacheKey } from '../simulator/fixtures/demoCache.ts';
import { parseServerConfig, STOP_MESSAGE, type ServerConfig, type ServerMessage } from './serverMessage.ts';

// A child process of the bench, so the server under test does not share its CPU with the load client.

interface Running {
  port: number;
  secretKey: string;
  endUserId: string;
  keptFiles?: string[];
  close(): Promise<void>;
}

function listen(server: https.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** The floor: TLS and Node's HTTP stack only, answering with bytes prepared beforehand. */
async function startBaseline(config: Extract<ServerConfig, { mode: 'baseline' }>): Promise<Running> {
  const body = fs.readFileSync(config.bodyPath);
  const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(body.length) };
  const server = https.createServer({ key: fs.readFileSync(config.keyPath), cert: fs.readFileSync(config.certPath) }, (req, res) => {
    req.resume();
    res.writeHead(200, headers);
    res.end(body);
  });
  const port = await listen(server);
  return {
    port,
    secretKey: '',
    endUserId: '',
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function startSimulator(config: Extract<ServerConfig, { mode: 'sandbox' }>): Promise<Running> {
  const sandbox = await startSandbox({
    memory: config.dataDir === undefined,
    dataDir: config.dataDir,
    port: 0,
    httpPort: 0,
    sizes: { customers: config.customers, invoices: config.invoices },
    seed: config.seed,
    logLevel: 'silent',
    certPath: config.certPath,
    keyPath: config.keyPath,
  });
  // Named here, not in the bench: the key hashes the source of simulator/ as this process read it
  // at its start, and that source may be edited while the bench runs.
  const keptFiles = config.keptSeedings?.map((s) => path.join(DEMO_CACHE_DIR, `${demoCacheKey(s)}.sqlite`));
  return { port: Number(new URL(sandbox.baseUrl).port), secretKey: sandbox.secretKey, endUserId: sandbox.endUserIds[0] ?? '', ...(keptFiles ? { keptFiles } : {}), close: () => sandbox.close() };
}

function send(message: ServerMessage): void {
  process.send?.(message);
}

async function main(): Promise<void> {
  const config = parseServerConfig(process.argv[2]);
  const started = performance.now();
  const running = config.mode === 'baseline' ? await startBaseline(config) : await startSimulator(config);
  // An orphan must never outlive the bench, even if the parent is killed without saying stop.
  process.once('disconnect', () => process.exit(1));
  process.on('message', (message: unknown) => {
    if (message !== STOP_MESSAGE) return;
    // process.exit rather than a signal, so that --cpu-prof gets to write its profile.
    void running.close().finally(() => process.exit(0));
  });
  send({ type: 'ready', port: running.port, secretKey: running.secretKey, endUserId: running.endUserId, startMs: performance.now() - started, ...(running.keptFiles ? { keptFiles: running.keptFiles } : {}) });
}

main().catch((error: unknown) => {
  send({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
