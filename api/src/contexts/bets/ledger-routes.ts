/**
 * Proof of escrow: GET /api/bets/:betId/ledger, for the bet's players, its chat's moderator and
 * admins. The postings that moved the bet's money (stakes and fees in, payout, fees, refunds)
 * with event ids, times and hashes; the escrow balance now; and the bet stream's events with
 * their hashes, so anyone entitled can recompute the chain (`verifyHashChain`, the same
 * canonical JSON and sha256 as the store). Other viewers get 404, as for the bet itself.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@wager/domain/contracts/bets';
import { NotFoundError } from '@wager/domain';
import { betEscrow } from '@wager/domain/ledger/index';
import { betMessages, betStreamId } from '@wager/domain/bets/index';
import { findBet } from '@wager/projections/bets/queries';
import { findChatByBetId } from '@wager/projections/chat/queries';
import { escrowProof } from '../wallet/index.js';
import { participants } from './views.js';


/** Fields of bet events only admins see (betView's rule); the event is then sent with its hash only. */
const ADMIN_ONLY_EVENT_TYPES = new Set(['DisputeResolved', 'AppealDecided']);


export const betLedgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/bets/:betId/ledger', { onRequest: app.requireUser, schema: { params: contract.betLedgerParams, response: { 200: contract.betLedger } } }, async (request) => {
    const { deps } = app;
    const auth = request.auth!;
    const row = await findBet(deps.db, request.params.betId);
    if (!row) throw new NotFoundError(betMessages.betNotFound);
    const moderatorId = auth.isAdmin || participants(row).includes(auth.userId) ? null : ((await findChatByBetId(deps.db, row.id))?.moderator_id ?? null);
    if (!(auth.isAdmin || participants(row).includes(auth.userId) || moderatorId === auth.userId)) throw new NotFoundError(betMessages.betNotFound);
    const proof = await escrowProof(deps, {
      escrowAccount: betEscrow(row.id, row.currency),
      currency: row.currency,
      streamId: betStreamId(row.id),
      redact: (type) => !auth.isAdmin && ADMIN_ONLY_EVENT_TYPES.has(type),
    });
    return { betId: row.id, ...proof };
  });
};
