import { constants, generateKeyPair, privateEncrypt, randomBytes, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

export interface TlsMaterial {
  key: string;
  cert: string;
  /** The certificate clients must trust (NODE_EXTRA_CA_CERTS); a local CA that signed `cert`. */
  caCert: string;
}

interface RsaKeys {
  privateKey: KeyObject;
  publicKey: forge.pki.rsa.PublicKey;
  pem: string;
}

/** DER prefix of a SHA-256 DigestInfo: what PKCS#1 v1.5 signs in front of the digest. */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/**
 * Node makes the keys (native, on the thread pool, so a start can seed its company file meanwhile);
 * forge only assembles the certificates.
 */
async function rsaKeys(): Promise<RsaKeys> {
  const { publicKey, privateKey } = await new Promise<{ publicKey: KeyObject; privateKey: KeyObject }>((resolve, reject) =>
    generateKeyPair('rsa', { modulusLength: 2048 }, (error, publicKey, privateKey) => (error ? reject(error) : resolve({ publicKey, privateKey }))),
  );
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  return { privateKey, publicKey: forge.pki.publicKeyFromPem(publicPem) as forge.pki.rsa.PublicKey, pem };
}

/** Signs natively: forge's own RSA in JavaScript cost 60 ms of every start. */
function signWith(cert: forge.pki.Certificate, key: KeyObject): void {
  const signer = {
    sign(md: forge.md.MessageDigest): string {
      const digestInfo = Buffer.concat([SHA256_DIGEST_INFO, Buffer.from(md.digest().getBytes(), 'binary')]);
      return privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, digestInfo).toString('binary');
    },
  };
  cert.sign(signer as unknown as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
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
export async function createTlsMaterial(): Promise<TlsMaterial> {
  const [ca, leaf] = await Promise.all([rsaKeys(), rsaKeys()]);
  const caCert = certificate('ledger-sim local CA', ca.publicKey, 10);
  caCert.setIssuer(caCert.subject.attributes);
  caCert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
  ]);
  signWith(caCert, ca.privateKey);

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
  signWith(cert, ca.privateKey);
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
export async function loadOrCreateTls(dir: string, given?: { certPath: string; keyPath: string; caCertPath?: string | undefined }): Promise<TlsFiles> {
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
  const material = await createTlsMaterial();
  fs.writeFileSync(files.key, material.key, { mode: 0o600 });
  fs.writeFileSync(files.cert, material.cert);
  fs.writeFileSync(files.ca, material.caCert);
  return { material, caCertPath: files.ca };
}
