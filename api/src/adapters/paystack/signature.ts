import { createHmac, timingSafeEqual } from 'node:crypto';

/** Paystack signs webhooks with HMAC-SHA512 of the raw body, keyed by the secret key, in hex. */
export function signWebhookBody(rawBody: string, secret: string): string {
  return createHmac('sha512', secret).update(rawBody, 'utf8').digest('hex');
}

/** Constant-time check of an `x-paystack-signature` (or `x-crypto-signature`) header. */
export function isValidWebhookSignature(rawBody: string, signature: unknown, secret: string): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(signWebhookBody(rawBody, secret), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
