/**
 * Personal data in events (docs/architecture.md, "Personal data and erasure"). A personal field
 * of a new event is stored sealed: `pd1.<subject>.<iv>.<ciphertext>.<tag>`, AES-256-GCM under the
 * data key of the person it is about (the subject, a user id), with the subject as associated
 * data. The books and the rules only need what stays in clear (ids, amounts, states). When a
 * person is erased their key is destroyed: their sealed fields read as `ERASED_VALUE` for ever.
 * The sealing itself is I/O-free but needs node:crypto and the key store, so it lives in the api.
 */
export const SEALED_PREFIX = 'pd1.';
export const ERASED_VALUE = '[erased]';

export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(SEALED_PREFIX);
}

/** The user id a sealed value is about, or null when it is not sealed. */
export function sealedSubject(value: unknown): string | null {
  if (!isSealed(value)) return null;
  const subject = value.slice(SEALED_PREFIX.length).split('.')[0];
  return subject ? subject : null;
}

/** How an erased person is shown: a stable pseudonym from their id (the id stays in the books). */
export function erasedPlayerName(userId: string): string {
  return `erased player #${userId.replace(/-/g, '').slice(0, 8)}`;
}
