import { createHmac, timingSafeEqual } from 'node:crypto';

export const EMAIL_CODE_SECRET_NAME = 'email-verification-code-key';
/** SMS codes have a key of their own: an email code and a phone code never share a derivation. */
export const PHONE_CODE_SECRET_NAME = 'phone-verification-code-key';

export { appSecret } from '../../adapters/database/app-secret.js';

/** The 6-digit code of a code id: HMAC(key, codeId), reduced to 6 digits. */
export function codeFor(key: Buffer, codeId: string): string {
  const digest = createHmac('sha256', key).update(`code:${codeId}`).digest();
  return String(digest.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

/** What an event records instead of the code: HMAC(key, codeId + code). */
export function codeHashFor(key: Buffer, codeId: string, code: string): string {
  return createHmac('sha256', key).update(`hash:${codeId}:${code}`).digest('hex');
}

export function codeMatches(key: Buffer, codeId: string, code: string, expectedHash: string): boolean {
  const actual = Buffer.from(codeHashFor(key, codeId, code), 'hex');
  const expected = Buffer.from(expectedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
