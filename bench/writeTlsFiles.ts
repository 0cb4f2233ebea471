import fs from 'node:fs';
import path from 'node:path';
import { createTlsMaterial, type TlsMaterial } from '../simulator/service/tlsCertificates.ts';

export interface TlsFilePaths {
  material: TlsMaterial;
  keyPath: string;
  certPath: string;
}

/**
 * One key and certificate for both servers, handed over as files: the sandbox takes them through
 * its certPath/keyPath options, so the two differ in their HTTP handling and nothing else.
 */
export async function writeTlsFiles(dir: string): Promise<TlsFilePaths> {
  const material = await createTlsMaterial();
  const keyPath = path.join(dir, 'server-key.pem');
  const certPath = path.join(dir, 'server-cert.pem');
  fs.writeFileSync(keyPath, material.key, { mode: 0o600 });
  fs.writeFileSync(certPath, material.cert);
  return { material, keyPath, certPath };
}
