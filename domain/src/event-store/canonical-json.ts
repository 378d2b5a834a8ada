/**
 * Canonical JSON: object keys sorted, no whitespace. The same data always hashes the same,
 * whichever adapter or language stored it (JSONB reorders keys, so the order cannot be trusted).
 * Pure (no node:crypto), so the browser checks a stream's hash chain with the same code.
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

/** What a stream's hash chain is recomputed from; `redacted` events carry their stored hash only. */
export interface ChainLink {
  readonly type: string;
  readonly data: unknown;
  readonly hash: string;
  readonly redacted?: boolean;
}

export interface ChainCheck {
  readonly ok: boolean;
  /** Events whose hash was recomputed and matched. */
  readonly checked: number;
  /** Events taken on their stored hash (data withheld from this viewer). */
  readonly redacted: number;
  /** Index of the first event whose recomputed hash differs; null when none. */
  readonly brokenAt: number | null;
}

/**
 * Recomputes a stream's chain, hash_i = sha256(hash_{i-1} + type + canonicalJson(data)), from
 * the genesis hash. `sha256Hex` is injected: node:crypto on the server, Web Crypto in the browser.
 */
export async function verifyHashChain(links: readonly ChainLink[], sha256Hex: (text: string) => Promise<string>): Promise<ChainCheck> {
  let previous = GENESIS_HASH;
  let checked = 0;
  let redacted = 0;
  for (const [index, link] of links.entries()) {
    if (link.redacted) {
      redacted++;
    } else {
      if ((await sha256Hex(previous + link.type + canonicalJson(link.data))) !== link.hash) return { ok: false, checked, redacted, brokenAt: index };
      checked++;
    }
    previous = link.hash;
  }
  return { ok: true, checked, redacted, brokenAt: null };
}
