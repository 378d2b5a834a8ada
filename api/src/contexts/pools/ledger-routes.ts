/**
 * Proof of escrow for a pool: GET /api/fpl/pools/:poolId/ledger, for the pool's participants,
 * its creator and admins (anyone else 404, as for a private pool). The postings that moved the
 * pool's money (each entry + fee into `pool:<id>:escrow:<CUR>`, payouts, fees, refunds) with
 * event ids, times and hashes; the escrow balance now; and the pool stream's events with their
 * hashes. Built by the wallet's `escrowProof`, the same body as the bets endpoint, so the same
 * Money panel and `verifyHashChain` check it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '@wager/domain';
import { poolEscrow } from '@wager/domain/ledger/index';
import { poolMessages, poolStreamId } from '@wager/domain/pools/index';
import { findPool, isParticipant } from '@wager/projections/pools/index';
import { poolLedgerView } from '@wager/domain/contracts/pools';
import { uuid } from '@wager/domain/contracts/common';
import { escrowProof } from '../wallet/index.js';


export const poolLedgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/fpl/pools/:poolId/ledger', { onRequest: app.requireUser, schema: { params: z.object({ poolId: uuid }), response: { 200: poolLedgerView } } }, async (request) => {
    const { deps } = app;
    const auth = request.auth!;
    const row = await findPool(deps.db, request.params.poolId);
    const entitled = row && (auth.isAdmin || row.creator_id === auth.userId || (await isParticipant(deps.db, row.id, auth.userId)));
    if (!row || !entitled) throw new NotFoundError(poolMessages.poolNotFound, { code: 'pool_not_found' });
    // Nothing in a pool's stream is kept from its participants (the invite code is theirs already).
    const proof = await escrowProof(deps, { escrowAccount: poolEscrow(row.id, row.currency), currency: row.currency, streamId: poolStreamId(row.id) });
    return { poolId: row.id, ...proof };
  });
};
