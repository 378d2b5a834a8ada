/**
 * Appeals of an admin's dispute resolution (issue 23, docs/api/bets.md "Appeals", docs/api/admin.md
 * "Appeals"): a player files one, another admin decides it. The rules are the bet decider's; these
 * routes parse, authorize and make one call.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@wager/domain/contracts/bets';
import { stillProcessing } from '@wager/domain/contracts/common';
import { NotFoundError } from '@wager/domain';
import { listAppeals, userSummaries } from '@wager/projections/bets/queries';
import { betMessages } from '@wager/domain/bets/index';
import type { BetOutcome, BetSagas } from './commands.js';
import { betView, participants, type BetJson } from './views.js';


/** How many appeals one page of the queue shows. */
export const APPEAL_QUEUE_PAGE_SIZE_MAX = 100;

/** The bet as its stream makes it once the command has appended (routes.ts). */
type Answer = (betId: string, outcome: BetOutcome, viewerId: string, isAdmin?: boolean) => Promise<BetJson>;

export const appealRoutes: FastifyPluginAsyncZod<{ sagas: BetSagas; answer: Answer }> = async (app, { sagas, answer }) => {
  app.post(
    '/api/bets/:betId/appeal',
    { onRequest: app.requireUser, schema: { params: contract.betParams, body: contract.fileAppealBody, response: { 201: contract.fileAppealResponse, 202: stillProcessing } } },
    async (request, reply) => {
      const auth = request.auth!;
      const state = await sagas.state(request.params.betId);
      // Outsiders learn nothing of the bet (404); an admin who is no player is told why (403, from the decider).
      if (!('bet' in state) || (!auth.isAdmin && state.bet.challengerId !== auth.userId && state.opponentId !== auth.userId)) throw new NotFoundError(betMessages.betNotFound);
      const outcome = await sagas.fileAppeal({ betId: request.params.betId, userId: auth.userId, reason: request.body.reason });
      return reply.status(201).send({ bet: await answer(request.params.betId, outcome, auth.userId, auth.isAdmin) });
    },
  );

  app.get(
    '/api/admin/appeals',
    { onRequest: app.requireAdmin, schema: { querystring: contract.appealQueueQuery, response: { 200: contract.appealQueue } } },
    async (request) => {
      const rows = await listAppeals(app.deps.db, request.query.status, APPEAL_QUEUE_PAGE_SIZE_MAX);
      const users = await userSummaries(app.deps.db, rows.flatMap(participants));
      return rows.map((row) => betView(row, users, { showInviteLink: true, showAdminNotes: true }));
    },
  );

  app.post(
    '/api/admin/appeals/:betId/decide',
    { onRequest: app.requireAdmin, schema: { params: contract.betParams, body: contract.decideAppealBody, response: { 200: contract.betView, 202: stillProcessing } } },
    async (request) => {
      const adminId = request.auth!.userId;
      const state = await sagas.state(request.params.betId);
      if (!('bet' in state)) throw new NotFoundError(betMessages.betNotFound);
      const { outcome, winnerId, notes } = request.body;
      const decided = await sagas.decideAppeal({ betId: request.params.betId, adminId, outcome, winnerId: winnerId ?? null, notes });
      return answer(request.params.betId, decided, adminId, true);
    },
  );
};
