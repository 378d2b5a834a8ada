/**
 * The admins' changes to a user's roles: PATCH /api/admin/users/:id { isModerator }. Recorded as
 * ModeratorRoleSet in the user's stream with the admin as its actor; answered from the read model.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '@wager/domain';
import { findUserById } from '@wager/projections/users/queries';
import { setModeratorRole } from './commands.js';

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/api/admin/users/:id',
    {
      onRequest: app.requireAdmin,
      schema: { params: z.object({ id: z.string().uuid() }), body: z.object({ isModerator: z.boolean() }).strict(), response: { 200: z.object({ id: z.string(), isModerator: z.boolean() }) } },
    },
    async (request) => {
      const user = await findUserById(app.deps.db, request.params.id);
      if (!user) throw new NotFoundError('User not found', { code: 'user_not_found' });
      await setModeratorRole(app.deps, user.id, request.auth!.userId, request.body.isModerator);
      const after = await findUserById(app.deps.db, user.id);
      return { id: user.id, isModerator: after?.is_moderator ?? request.body.isModerator };
    },
  );
};
