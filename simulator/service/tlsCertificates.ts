import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

export interface TlsMaterial {
  key: string;
  cert: string;
  /** The certificate clients must trust (NODE_EXTRA_CA_CERTS); a local CA that signed `cert`. */
  caCert: string;
}

function rsaKeys(): { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey; pem: string } {
  // Node makes the key (fast, native); forge only assembles and signs the certificates.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(pem);
  return { privateKey: forgeKey, publicKey: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e), pem };
}

function certificate(subject: string, publicKey: forge.pki.rsa.PublicKey, years: number): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + years * 365 * 86_400_000);
  cert.setSubject([{ name: 'commonName', value: subject }, { name: 'organizationName', value: 'ledger-sim sandbox' }]);
  return cert;
}

/** A local CA and a server certificate for localhost, 127.0.0.1 and ::1, made on first start. */
export function createTlsMaterial(): TlsMaterial {
  const ca = rsaKeys();
  const caCert = certificate('ledger-sim local CA', ca.publicKey, 10);
  caCert.setIssuer(caCert.subject.attributes);
  caCert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ]);
  caCert.sign(ca.privateKey, forge.md.sha256.create());

  const leaf = rsaKeys();
  const cert = certificate('localhost', leaf.publicKey, 2);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: 'localhost' },
        { type: 7, ip: '127.0.0.1' },
        { type: 7, ip: '::1' },
      ],
    },
  ]);
  cert.sign(ca.privateKey, forge.md.sha256.create());
  return { key: leaf.pem, cert: forge.pki.certificateToPem(cert), caCert: forge.pki.certificateToPem(caCert) };
}

export interface TlsFiles {
  material: TlsMaterial;
  caCertPath: string;
}

/**
 * Certificates kept in `dir` (made there on first start, reused after), or given by the user.
 * Only the public CA certificate is needed by clients; the private keys never leave `dir`.
 */
export function loadOrCreateTls(dir: string, given?: { certPath: string; keyPath: string; caCertPath?: string | undefined }): TlsFiles {
  if (given) {
    const cert = fs.readFileSync(given.certPath, 'utf8');
    const caCertPath = given.caCertPath ?? given.certPath;
    return { material: { cert, key: fs.readFileSync(given.keyPath, 'utf8'), caCert: fs.readFileSync(caCertPath, 'utf8') }, caCertPath };
  }
  fs.mkdirSync(dir, { recursive: true });
  const files = { key: path.join(dir, 'server-key.pem'), cert: path.join(dir, 'server-cert.pem'), ca: path.join(dir, 'ca-cert.pem') };
  if (fs.existsSync(files.key) && fs.existsSync(files.cert) && fs.existsSync(files.ca)) {
    return {
      material: { key: fs.readFileSync(files.key, 'utf8'), cert: fs.readFileSync(files.cert, 'utf8'), caCert: fs.readFileSync(files.ca, 'utf8') },
      caCertPath: files.ca,
    };
  }
  const material = createTlsMaterial();
  fs.writeFileSync(files.key, material.key, { mode: 0o600 });
  fs.writeFileSync(files.cert, material.cert);
  fs.writeFileSync(files.ca, material.caCert);
  return { material, caCertPath: files.ca };
}
