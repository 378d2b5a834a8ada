/**
 * The wallet context's contract (docs/architecture.md, "One contract"): deposits, withdrawals,
 * transactions, safer play, and the proof of escrow the bets and pools ledgers share.
 * Response objects are strict: an answer with a field not described here fails its request.
 */
import { z } from 'zod';
import { id, isoTime, moneyString } from './common.js';

// ---- Proof of escrow (GET /api/bets/:betId/ledger, GET /api/pools/:poolId/ledger) ----------

export const posting = z.strictObject({ account: z.string(), currency: z.string(), amount: moneyString });
export type PostingView = z.infer<typeof posting>;

/** The body both ledger endpoints share; each context adds its own id (betId, poolId). */
export const escrowProof = z.strictObject({
  currency: z.string(),
  escrowAccount: z.string(),
  escrowBalance: moneyString,
  /** The username of each player whose account a posting names (`user:<id>:…`), by user id: the panel says who, not an id. */
  names: z.record(z.string(), z.string()),
  movements: z.array(
    z.strictObject({ eventId: id, eventType: z.string(), streamId: z.string(), streamRevision: z.number().nullable(), recordedAt: isoTime, hash: z.string().nullable(), postings: z.array(posting) }),
  ),
  chain: z.strictObject({
    streamId: z.string(),
    headHash: z.string().nullable(),
    events: z.array(z.strictObject({ id, revision: z.number(), type: z.string(), data: z.unknown(), hash: z.string(), recordedAt: isoTime, redacted: z.boolean() })),
  }),
});
export type EscrowProof = z.infer<typeof escrowProof>;
