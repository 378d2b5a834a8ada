import { renderErasureRequestedMail } from '@wager/domain/privacy/index';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@wager/domain/contracts/privacy';
import { NotFoundError, TooManyRequestsError, ValidationError, UnauthorizedError, foldStream } from '@wager/domain';
import { userDecider, userStreamId } from '@wager/domain/accounts/index';
import { enqueueEmail } from '../../adapters/email/outbox.js';
import { findUserById } from '@wager/projections/users/queries';
import { EXPORTS_PER_HOUR_MAX, PRIVACY_MESSAGES } from '@wager/domain/accounts/index';
import { runUserCommand, verifyPassword } from '../accounts/index.js';
import { countHit } from '../../runtime/rate-limit.js';
import { loadUserJson } from '../accounts/index.js';
import { buildPersonalDataExport } from './export.js';
import { erasePerson, erasureFacts } from './erasure.js';
import { passwordHashOf } from '@wager/projections/credentials/queries';


export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  /** Everything the platform holds about the signed-in person, as one JSON download built from the log. */
  app.get(
    '/api/user/export',
    { onRequest: app.requireUser, schema: { tags: ['privacy'], summary: "A copy of the person's data (JSON, from the event log)", security: [{ bearer: [] }], response: { 200: contract.dataExport } } },
    async (request, reply) => {
      const userId = request.auth!.userId;
      const now = deps.clock.now();
      const hits = await countHit(deps.db, `data-export:${userId}`, { max: EXPORTS_PER_HOUR_MAX, windowMs: 60 * 60 * 1000 }, now);
      if (hits.count > EXPORTS_PER_HOUR_MAX) throw new TooManyRequestsError(PRIVACY_MESSAGES.tooManyExports, hits.retryAfterSeconds, { code: 'too_many_exports' });
      const profile = await loadUserJson(app, userId);
      const body = await buildPersonalDataExport(deps, userId, profile, now);
      void reply.header('content-disposition', `attachment; filename="wager-data-${userId}.json"`).header('cache-control', 'no-store');
      return body;
    },
  );

  /**
   * An admin erases a person on a verified request (the request itself, its check of identity and
   * the player's own route are not built yet). Refused while bets or pools are open or a balance is left.
   */
  app.post(
    '/api/admin/users/:id/erase',
    { onRequest: app.requireAdmin, schema: { tags: ['privacy'], summary: 'Erase a person (admin, on a verified request)', security: [{ bearer: [] }], params: contract.eraseUserParams, response: { 200: contract.eraseUserResponse } } },
    async (request) => {
      const { id } = request.params;
      if (!(await findUserById(deps.db, id))) throw new NotFoundError('User not found', { code: 'user_not_found' });
      await erasePerson(deps, id, `admin:${request.auth!.userId}`);
      return { success: true as const, userId: id };
    },
  );

  const statusOf = async (userId: string) => {
    const state = foldStream(userDecider, await deps.store.readStream(userStreamId(userId)));
    const facts = await erasureFacts(deps, userId);
    return { effectiveAt: state.erasureEffectiveAt ?? null, openBets: facts.openBets, openPools: facts.openPools, balances: [...facts.balances] };
  };

  app.get('/api/user/erasure', { onRequest: app.requireUser, schema: { tags: ['privacy'], summary: "The person's erasure request, and what must happen first", security: [{ bearer: [] }], response: { 200: contract.erasureStatus } } }, async (request) =>
    statusOf(request.auth!.userId),
  );

  /**
   * The player asks to be erased, re-authenticated by their password. It is carried out after the
   * cooling period (ERASURE_COOLING_HOURS) by the erasure job, once bets and pools have played out
   * and the balance is withdrawn; a mail confirms the request and says how to cancel.
   */
  app.post(
    '/api/user/erasure',
    { onRequest: app.requireUser, schema: { tags: ['privacy'], summary: 'Ask to be erased (password required)', security: [{ bearer: [] }], body: contract.requestErasureBody, response: { 200: contract.erasureStatus } } },
    async (request) => {
      const userId = request.auth!.userId;
      const password = typeof request.body.password === 'string' ? request.body.password : '';
      if (password === '' || password.length > 128) throw new ValidationError(PRIVACY_MESSAGES.passwordRequired, { code: 'password_required', field: 'password' });
      const passwordHash = await passwordHashOf(deps.db, userId);
      if (!passwordHash || !(await verifyPassword(password, passwordHash))) throw new UnauthorizedError(PRIVACY_MESSAGES.wrongPassword, { code: 'wrong_password' });
      const now = deps.clock.now();
      const result = await runUserCommand(deps, userId, { type: 'RequestErasure', data: { coolingMs: deps.config.ERASURE_COOLING_HOURS * 3_600_000 }, metadata: { now } }, userId);
      const requested = result.events.find((e) => e.type === 'ErasureRequested');
      const user = await findUserById(deps.db, userId);
      if (requested && user) {
        const effectiveAt = (requested.data as { effectiveAt: string }).effectiveAt;
        // In the person's language and zone, like the verification mail.
        const mail = renderErasureRequestedMail({ effectiveAt, language: user.preferred_language, timeZone: user.timezone });
        await enqueueEmail(
          deps.db,
          {
            id: deps.ids.uuid(),
            to: user.email,
            userId,
            kind: 'erasure-requested',
            subject: mail.subject,
            text: mail.text,
          },
          now,
        );
      }
      return statusOf(userId);
    },
  );

  app.delete('/api/user/erasure', { onRequest: app.requireUser, schema: { tags: ['privacy'], summary: 'Cancel a pending erasure request', security: [{ bearer: [] }], response: { 200: contract.erasureStatus } } }, async (request) => {
    const userId = request.auth!.userId;
    await runUserCommand(deps, userId, { type: 'CancelErasureRequest', data: {}, metadata: { now: deps.clock.now() } }, userId);
    return statusOf(userId);
  });
};
