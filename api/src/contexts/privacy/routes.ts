import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TooManyRequestsError } from '@wager/domain';
import { EXPORTS_PER_HOUR_MAX, PRIVACY_MESSAGES } from '@wager/domain/accounts/index';
import { countHit } from '../../runtime/rate-limit.js';
import { loadUserJson } from '../accounts/index.js';
import { buildPersonalDataExport } from './export.js';

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
};
