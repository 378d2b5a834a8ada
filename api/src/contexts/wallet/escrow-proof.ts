/**
 * Proof of escrow, shared by every context that holds money in escrow (bets, pools): the
 * postings that moved the escrow account (escrowLedger), its balance now, and the owning
 * stream's events with their stored hashes, so the viewer recomputes the chain
 * (`verifyHashChain`, the same canonical JSON and sha256 as the store). Events whose data the
 * viewer may not see are sent with their hash only (`redacted`).
 */
import { storedDataOf } from '@wager/domain';
import { escrowProof as escrowProofSchema, type EscrowProof } from '@wager/domain/contracts/wallet';
import { usernamesOf } from '@wager/projections/users/queries';
import type { AppDeps } from '../../deps.js';
import { escrowLedger } from './escrow-ledger.js';

/** The body both ledger endpoints share (the wallet contract's `escrowProof`); each context adds its own id. */
export const escrowProofJson = escrowProofSchema;
export type EscrowProofJson = EscrowProof;

export async function escrowProof(
  deps: Pick<AppDeps, 'db' | 'store'>,
  input: { escrowAccount: string; currency: string; streamId: string; redact?: (eventType: string) => boolean },
): Promise<EscrowProofJson> {
  const ledger = await escrowLedger(deps, input.escrowAccount);
  const events = (await deps.store.readStream(input.streamId)).map((e) => {
    const redacted = input.redact?.(e.type) ?? false;
    // The data as stored, which the chain's hashes cover: personal fields sealed (unreadable here,
    // as they are to anyone without the key), so anyone can recompute the chain (verifyHashChain).
    return { id: e.id, revision: e.streamRevision, type: e.type, data: redacted ? null : storedDataOf(e), hash: String(e.metadata.hash ?? ''), recordedAt: e.recordedAt.toISOString(), redacted };
  });
  const userIds = [...new Set(ledger.movements.flatMap((m) => m.postings.map((p) => p.account.split(':')).filter(([scope]) => scope === 'user').map(([, id]) => id!)))];
  const users = await usernamesOf(deps.db, userIds);
  return {
    currency: input.currency,
    escrowAccount: input.escrowAccount,
    escrowBalance: ledger.balance,
    names: Object.fromEntries(users.map((u) => [u.id, u.username])),
    movements: ledger.movements,
    chain: { streamId: input.streamId, headHash: events.at(-1)?.hash ?? null, events },
  };
}
