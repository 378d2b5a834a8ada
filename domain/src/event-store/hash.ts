import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';

// Canonical JSON lives in its own pure module so the browser can share it.
export { canonicalJson, GENESIS_HASH } from './canonical-json.js';

/** The tamper-evidence chain (docs/architecture.md, "Hash chain"). */
export function chainHash(previousHash: string, type: string, data: unknown): string {
  return createHash('sha256').update(previousHash + type + canonicalJson(data), 'utf8').digest('hex');
}
