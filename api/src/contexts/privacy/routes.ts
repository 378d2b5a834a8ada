import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError, TooManyRequestsError } from '@wager/domain';
import { findUserById } from '@wager/projections/users/queries';
import { EXPORTS_PER_HOUR_MAX, PRIVACY_MESSAGES } from '@wager/domain/accounts/index';
import { countHit } from '../../runtime/rate-limit.js';
import { loadUserJson } from '../accounts/index.js';
import { buildPersonalDataExport } from './export.js';
import { erasePerson } from './erasure.js';

export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  /** Everything the platform holds about the signed-in person, as one JSON download built from the log. */
  app.get(
    '/api/user/export',
    { onRequest: app.requireUser, schema: { tags: ['privacy'], summary: "A copy of the person's data (JSON, from the event log)", security: [{ bearer: [] }], response: { 200: z.record(z.string(), z.unknown()) } } },
    async (request, reply) => {
      const userId = request.auth!.userId;
      const now = deps.clock.now();
      const hits = await countHit(deps.db, `data-export:${userId}`, { max: EXPORTS_PER_HOUR_MAX, windowMs: 60 * 60 * 1000 }, now);
      if (hits.count > EXPORTS_PER_HOUR_MAX) throw new TooManyRequestsError(PRIVACY_MESSAGES.tooManyExports, hits.retryAfterSeconds, { code: 'too_many_exports' });
      const profile = await loadUserJson(app, userId);
      const body = await buildPersonalDataExport(deps, userId, profile, now);
      void reply.header('content-disposition', `attachment; filename="wager-data-${userId}.json"`).header('cache-control', 'no-store');
      return body as unknown as Record<string, unknown>;
    },
  );

  /**
   * An admin erases a person on a verified request (the request itself, its check of identity and
   * the player's own route are not built yet). Refused while bets or pools are open or a balance is left.
   */
  app.post(
    '/api/admin/users/:id/erase',
    { onRequest: app.requireAdmin, schema: { tags: ['privacy'], summary: 'Erase a person (admin, on a verified request)', security: [{ bearer: [] }], params: z.object({ id: z.string().uuid() }), response: { 200: z.object({ success: z.literal(true), userId: z.string() }) } } },
    async (request) => {
      const { id } = request.params;
      if (!(await findUserById(deps.db, id))) throw new NotFoundError('User not found', { code: 'user_not_found' });
      await erasePerson(deps, id, `admin:${request.auth!.userId}`);
      return { success: true as const, userId: id };
    },
  );
};
