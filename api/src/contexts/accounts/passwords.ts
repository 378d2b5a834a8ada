import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt parameters (OWASP: N=2^17, r=8, p=1); stored with each hash so they can be raised later. */
export const SCRYPT_COST = 2 ** 17;
export const SCRYPT_BLOCK_SIZE = 8;
export const SCRYPT_PARALLELIZATION = 1;
const KEY_LENGTH_BYTES = 32;
const SALT_LENGTH_BYTES = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH_BYTES, { ...options, maxmem: 256 * options.N! * options.r! }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$<salt base64url>$<key base64url>` */
export async function hashPassword(password: string, cost = SCRYPT_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH_BYTES);
  const key = await derive(password, salt, { N: cost, r: SCRYPT_BLOCK_SIZE, p: SCRYPT_PARALLELIZATION });
  return ['scrypt', cost, SCRYPT_BLOCK_SIZE, SCRYPT_PARALLELIZATION, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Spends the same time as a real check when the account does not exist (no user enumeration by timing). */
const dummyHashes = new Map<number, Promise<string>>();
export async function verifyAgainstDummy(password: string, cost = SCRYPT_COST): Promise<false> {
  let dummy = dummyHashes.get(cost);
  if (!dummy) dummyHashes.set(cost, (dummy = hashPassword('dummy-password-for-timing', cost)));
  await verifyPassword(password, await dummy);
  return false;
}

/** Tests use a cheap cost (same code path, fewer iterations); every other environment the full one. */
export const SCRYPT_COST_TEST = 2 ** 12;
export function passwordCost(nodeEnv: string): number {
  return nodeEnv === 'test' ? SCRYPT_COST_TEST : SCRYPT_COST;
}
