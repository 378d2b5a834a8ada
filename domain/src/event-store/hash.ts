import { createHash } from 'node:crypto';

/**
 * Canonical JSON: object keys sorted, no whitespace. The same data always hashes the same,
 * whichever adapter or language stored it (JSONB reorders keys, so the order cannot be trusted).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('canonicalJson: non-finite number');
    if (value === undefined) return 'null';
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export const GENESIS_HASH = '';

/** The tamper-evidence chain of DESIGN.md section 3. */
export function chainHash(previousHash: string, type: string, data: unknown): string {
  return createHash('sha256').update(previousHash + type + canonicalJson(data), 'utf8').digest('hex');
}
