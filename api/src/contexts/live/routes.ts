/**
 * The live context's HTTP surface (docs/api/live.md): a bet's tracked match (spec section 7 GET
 * /api/matches/:betId), COD live tracking and a COD player's live match, and manual events. Reads
 * come from the read table `live_matches` (the ingest job polls the providers, never a request);
 * writes go through commands.ts. The match stats sandbox is mounted here outside production.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ConflictError, NotFoundError } from '@wager/domain';
import { findBet } from '@wager/projections/bets/queries';
import { liveMessages } from '@wager/domain/live/index';
import { liveContract } from '@wager/domain/contracts/live';
import { liveMatchesOfHandle } from '@wager/projections/live/queries';
import { matchStatsSandbox } from '../../sandbox/match-stats/index.js';
import { betNotFound, maySeeMatch, visibleMatch } from './access.js';
import { reportManualEvent } from './commands.js';
import { toCodPlayerLive, toLiveMatchJson } from './views.js';
import { activisionIdOf } from '@wager/projections/users/queries';

/** How many tracked matches of one Activision id the player route looks through. */
export const PLAYER_MATCHES_SCANNED_MAX = 20;

export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.deps.config.NODE_ENV !== 'production') await app.register(matchStatsSandbox, { prefix: '/sandbox/match-stats' });

  app.get('/api/matches/:betId', { onRequest: app.requireUser, schema: liveContract.match }, async (request) => {
    return toLiveMatchJson(await visibleMatch(app.deps, request.auth!, request.params.betId));
  });

  app.get('/api/cod/bets/:betId/live-tracking', { onRequest: app.requireUser, schema: liveContract.liveTracking }, async (request) => {
    const match = await visibleMatch(app.deps, request.auth!, request.params.betId);
    if (match.game_type !== 'cod') throw new NotFoundError(liveMessages.notCod, { code: 'not_cod_bet' });
    return { liveTracking: [...match.view.history].reverse() };
  });

  app.get(
    '/api/cod/player/:activisionId/live',
    { onRequest: app.requireUser, schema: liveContract.codPlayerLive },
    async (request) => {
      const auth = request.auth!;
      const { activisionId } = request.params;
      const rows = await liveMatchesOfHandle(app.deps.db, 'cod', activisionId, PLAYER_MATCHES_SCANNED_MAX);
      const visible = [];
      for (const row of rows) if (await maySeeMatch(app.deps.db, auth, row)) visible.push(row);
      if (visible.length === 0) {
        const own = await activisionIdOf(app.deps.db, auth.userId);
        if (auth.isAdmin || own?.toLowerCase() === activisionId.toLowerCase()) return { isLive: false, match: null };
        throw new NotFoundError('Player not found', { code: 'player_not_found' });
      }
      const live = visible.find((row) => toCodPlayerLive(row, activisionId).isLive);
      return toCodPlayerLive(live, activisionId);
    },
  );

  app.post(
    '/api/cod/bets/:betId/report-event',
    { onRequest: app.requireUser, schema: liveContract.reportEvent },
    async (request, reply) => {
      const auth = request.auth!;
      const { betId } = request.params;
      const match = await visibleMatch(app.deps, auth, betId);
      if (match.game_type !== 'cod') throw new NotFoundError(liveMessages.notCod, { code: 'not_cod_bet' });
      const bet = await findBet(app.deps.db, betId);
      if (!bet) throw betNotFound();
      if (bet.status !== 'accepted' && [match.challenger_id, match.opponent_id].includes(auth.userId)) throw new ConflictError(liveMessages.notAccepted, { code: 'bet_not_accepted' });
      const { event } = await reportManualEvent(app.deps, { betId, userId: auth.userId, eventType: request.body.eventType, data: request.body.data, clientEventId: request.body.clientEventId });
      const reporterId = event.reporter.kind === 'player' || event.reporter.kind === 'admin' ? event.reporter.userId : 'system';
      return reply.code(201).send({ id: event.eventId, betId, eventType: event.eventType, data: { ...event.data }, reporterId, at: event.at });
    },
  );
};
