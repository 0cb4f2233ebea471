import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt with N = 2^15: about 50 ms per hash here, a real cost for anyone guessing. */
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, { ...params, maxmem: PARAMS.maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash` (base64url): the parameters travel with the hash, so they can be raised later. */
function encoded(salt: Buffer, key: Buffer): string {
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return encoded(salt, await derive(password, salt, PARAMS));
}

/**
 * What the password of an email without an account is checked against: the parameters of a real
 * hash with a random salt and key, so the check costs what a real one does (an unknown email is
 * not answered faster) and matches no password. Random bytes, not a hash: nothing to compute at start.
 */
export const NO_ACCOUNT_HASH = encoded(randomBytes(16), randomBytes(KEY_BYTES));

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
