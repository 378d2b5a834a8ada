import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Position } from '@wager/domain';
import type { Database } from '../database.js';

/**
 * The channel on which a projection runner (ROLE=project) announces, at the commit of a batch
 * that every one of its projectors applied, the position they all reached: a process that only
 * serves (ROLE=serve) answers its read-your-writes waits from it instead of polling.
 */
export const PROJECTIONS_APPLIED_CHANNEL = 'wager_projections_applied';

/** Names the set of projectors an announcement speaks for: a waiter trusts only a runner of the same set. */
export function projectorSetFingerprint(names: readonly string[]): string {
  return createHash('sha256').update([...new Set(names)].sort().join('\n')).digest('hex').slice(0, 16);
}

/** `<fingerprint>:<commit>:<prepare>`. */
export function appliedPayload(fingerprint: string, position: Position): string {
  return `${fingerprint}:${position.commit}:${position.prepare}`;
}

/** The position an announcement names when it speaks for `fingerprint`'s projectors, else undefined. */
export function parseAppliedPayload(payload: string | undefined, fingerprint: string): Position | undefined {
  const [who, commit, prepare] = (payload ?? '').split(':');
  if (who !== fingerprint || commit === undefined || prepare === undefined) return undefined;
  const position = { commit: Number(commit), prepare: Number(prepare) };
  return Number.isSafeInteger(position.commit) && Number.isSafeInteger(position.prepare) ? position : undefined;
}

/** Queues the announcement in the batch's transaction: PostgreSQL delivers it at commit, and never if it rolls back. */
export async function announceApplied(trx: Transaction<Database>, fingerprint: string, position: Position): Promise<void> {
  await sql`select pg_notify(${PROJECTIONS_APPLIED_CHANNEL}, ${appliedPayload(fingerprint, position)})`.execute(trx);
}
