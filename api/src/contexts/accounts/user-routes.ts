import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@wager/domain/contracts/accounts';
import { UnauthorizedError } from '@wager/domain';
import { findUserById } from '@wager/projections/users/queries';
import { countNotifications } from '@wager/projections/notifications/queries';
import { claimAll, release, type ClaimKind } from './store.js';
import { changeProfile, newVerificationCode, releasePhone, runUserCommand } from './commands.js';
import { userIdOf } from './http.js';
import { UNAUTHENTICATED_RESPONSES, errorSchema } from './schemas.js';
import { loadUserJson, type UserJson } from './user-json.js';


export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, store } = app.deps;

  async function currentUser(userId: string): Promise<UserJson> {
    const user = await loadUserJson(app, userId);
    if (!user) throw new UnauthorizedError('Authentication required');
    return user;
  }

  app.get(
    '/api/user',
    { onRequest: app.requireUser, schema: { tags: ['accounts'], summary: 'The current user', security: [{ bearer: [] }], response: { 200: contract.currentUser, ...UNAUTHENTICATED_RESPONSES } } },
    async (request) => {
      const userId = userIdOf(request);
      const [user, notifications] = await Promise.all([currentUser(userId), countNotifications(db, userId, clock.now())]);
      return { ...user, notifications };
    },
  );

  app.patch(
    '/api/user/profile',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'Change profile fields (username, email, phoneNumber, psnUsername, activisionId, country, timezone)',
        security: [{ bearer: [] }],
        body: contract.profileUpdateBody,
        response: { 200: contract.userResult, 400: errorSchema, 409: errorSchema, ...UNAUTHENTICATED_RESPONSES },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const row = await findUserById(db, userId);
      if (!row) throw new UnauthorizedError('Authentication required');
      const changes = request.body;
      const now = clock.now();
      // Claim a new username/email before the event (uniqueness under races), release the old one after.
      const claimed: { kind: ClaimKind; value: string; previous: string }[] = [];
      if (changes.username !== undefined && changes.username.toLowerCase() !== row.username_lower) claimed.push({ kind: 'username', value: changes.username, previous: row.username });
      if (changes.email !== undefined && changes.email.toLowerCase() !== row.email_lower) claimed.push({ kind: 'email', value: changes.email, previous: row.email });
      await claimAll(db, store, claimed, userId, now);
      try {
        const code = changes.email !== undefined ? await newVerificationCode(app.deps) : null;
        await changeProfile(app.deps, userId, { changes, code }, now);
      } catch (error) {
        for (const c of claimed) await release(db, c.kind, c.value, userId);
        throw error;
      }
      for (const c of claimed) await release(db, c.kind, c.previous, userId);
      return { success: true as const, user: await currentUser(userId) };
    },
  );

  app.put(
    '/api/user/currency',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'Set the preferred display currency',
        security: [{ bearer: [] }],
        body: contract.setCurrencyBody,
        response: { 200: contract.userResult, 400: errorSchema, ...UNAUTHENTICATED_RESPONSES },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      await runUserCommand(app.deps, userId, { type: 'SetPreferredCurrency', data: { currency: request.body.currency, setByUser: request.body.setByUser }, metadata: { now: clock.now() } }, userId);
      return { success: true as const, user: await currentUser(userId) };
    },
  );
};
