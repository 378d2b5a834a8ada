import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@wager/domain/contracts/wallet';
import { decidedAt, type Position } from '@wager/domain';
import { parseExclusionPeriod, parseLimitChanges, parseRealityCheckMinutes, type SaferPlayView } from '@wager/domain/wallet/index';
import { saferPlayOf, setRealityCheck, setSpendingLimits, startSelfExclusion } from './safer-play.js';

/** The limits as the wallet contract describes them (`saferPlayLimits`). */
export const limitsJson = contract.saferPlayLimits;


export function toLimitsJson(view: SaferPlayView): contract.SaferPlayLimits {
  const one = (l: SaferPlayView['limits'][keyof SaferPlayView['limits']]) => ({ limit: l.inForce, pending: l.pending ? { limit: l.pending.value, effectiveAt: l.pending.effectiveAt } : null, used: l.used, remaining: l.remaining });
  return {
    currency: view.currency,
    timeZone: view.timeZone,
    depositDaily: one(view.limits.depositDaily),
    depositWeekly: one(view.limits.depositWeekly),
    depositMonthly: one(view.limits.depositMonthly),
    stakeDaily: one(view.limits.stakeDaily),
    exclusion: view.exclusion,
    selfExcludedUntil: view.selfExcludedUntil,
    coolOffUntil: view.coolOffUntil,
    realityCheckMinutes: view.realityCheckMinutes,
  };
}

function toSelfExclusionJson(view: SaferPlayView): contract.SelfExclusion {
  return { active: view.exclusion !== null, exclusion: view.exclusion, selfExcludedUntil: view.selfExcludedUntil, coolOffUntil: view.coolOffUntil };
}


/**
 * Safer play (issue 15): the player's own limits, cool-off / self-exclusion and reality check.
 * Each route acts on the signed-in player only (there is no user id in the path): another player
 * can neither read nor change them. Answers are read from the wallet stream after the change.
 */
export const saferPlayRoutes: FastifyPluginAsyncZod = async (app) => {
  const waitFor = async (position: Position | null | undefined) => {
    if (position) await app.deps.projections.waitFor(position);
  };

  app.get('/api/user/limits', { onRequest: app.requireUser, schema: { tags: ['wallet'], summary: 'Limits in force, pending raises, what is left', response: { 200: contract.saferPlayLimits } } }, async (request) =>
    toLimitsJson(await saferPlayOf(app.deps, request.auth!.userId)),
  );

  app.put(
    '/api/user/limits',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['wallet'],
        summary: 'Set deposit and stake limits: lowering at once, raising or removing (null) after 24 h',
        body: contract.setLimitsBody,
        response: { 200: contract.saferPlayLimits },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const result = await setSpendingLimits(app.deps, userId, parseLimitChanges(request.body));
      await waitFor(decidedAt(result));
      return toLimitsJson(await saferPlayOf(app.deps, userId));
    },
  );

  app.get('/api/user/self-exclusion', { onRequest: app.requireUser, schema: { tags: ['wallet'], summary: 'The cool-off or self-exclusion in force', response: { 200: contract.selfExclusion } } }, async (request) =>
    toSelfExclusionJson(await saferPlayOf(app.deps, request.auth!.userId)),
  );

  app.post(
    '/api/user/self-exclusion',
    {
      onRequest: app.requireUser,
      schema: { tags: ['wallet'], summary: 'Start a cool-off (24h, 7d, 30d) or self-exclusion (6m, 1y, 5y); it cannot be undone', body: contract.selfExclusionBody, response: { 200: contract.selfExclusion } },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const result = await startSelfExclusion(app.deps, userId, parseExclusionPeriod(request.body.period));
      await waitFor(decidedAt(result));
      return toSelfExclusionJson(await saferPlayOf(app.deps, userId));
    },
  );

  app.put(
    '/api/user/reality-check',
    {
      onRequest: app.requireUser,
      schema: { tags: ['wallet'], summary: 'Set the reality check reminder (minutes of play; null turns it off)', body: contract.realityCheckBody, response: { 200: contract.saferPlayLimits } },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const result = await setRealityCheck(app.deps, userId, parseRealityCheckMinutes(request.body.intervalMinutes));
      await waitFor(decidedAt(result));
      return toLimitsJson(await saferPlayOf(app.deps, userId));
    },
  );
};
