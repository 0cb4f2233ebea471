import { createHash, randomBytes, randomUUID } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** Random lower-case letters and digits, for Service object ids and keys. */
export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

// Every request gets one: randomUUID draws from a pool of entropy, randomBytes asks the system each time.
export const newRequestId = (): string => `req_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
export const newEndUserId = (): string => `end_usr_${randomToken(14)}`;
export const newAuthSessionId = (): string => `auth_sess_${randomToken(14)}`;
export const newConnectionId = (): string => `int_conn_${randomToken(14)}`;
export const newSecretKey = (): string => `sk_sandbox_${randomToken(32)}`;
export const newPublishableKey = (): string => `pk_sandbox_${randomToken(24)}`;

/** Keys are kept only as this hash; the plain key is shown once, when it is made. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Enough of a key to recognise it in an error message, never enough to use it. */
export function redactKey(key: string): string {
  const prefix = key.match(/^(sk|pk)_[a-z]+_/)?.[0] ?? key.slice(0, 3);
  return `${prefix}...${key.slice(-4)}`;
}

export function serviceTimestamp(epochMs: number): string {
  return new Date(epochMs).toISOString();
}
