import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../simulator/Sandbox.ts';
import { createLogger } from '../simulator/service/logger.ts';
import { createTlsMaterial } from '../simulator/service/tlsCertificates.ts';
import { startTestSandbox } from './support/testClient.ts';

describe('TLS set-up', () => {
  it('serves a given certificate and tells clients to trust the given CA', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-sim-tls-'));
    const material = await createTlsMaterial();
    const files = { certPath: path.join(dir, 'cert.pem'), keyPath: path.join(dir, 'key.pem'), caCertPath: path.join(dir, 'ca.pem') };
    fs.writeFileSync(files.certPath, material.cert);
    fs.writeFileSync(files.keyPath, material.key);
    fs.writeFileSync(files.caCertPath, material.caCert);
    const api = await startTestSandbox({ ...files, sizes: { customers: 5, invoices: 5 } });
    try {
      expect(api.sandbox.caCertPath).toBe(files.caCertPath);
      expect((await api.get('/ledger-desktop/health-check')).status).toBe(200);
    } finally {
      await api.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('removes the CA file of an in-memory sandbox when it closes', async () => {
    // Started as the CLI starts one: test sandboxes share one certificate per test process.
    const sandbox = await startSandbox({ memory: true, port: 0, httpPort: 0, sizes: { customers: 5, invoices: 5 }, logger: createLogger('error', () => undefined) });
    const caPath = sandbox.caCertPath;
    expect(fs.existsSync(caPath)).toBe(true);
    await sandbox.close();
    expect(fs.existsSync(caPath)).toBe(false);
  });
});
