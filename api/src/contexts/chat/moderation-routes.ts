/**
 * The moderation queue (docs/api/moderation.md), for moderators and admins: the chats that asked
 * for a moderator, the longest waiting first, and the three acts on a request (claim, resolve with
 * a note, escalate to an admin with a reason). Part of the chat context: the request lives in the
 * chat's stream. Reads come from `moderation_requests`; writes go through commands.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, NotFoundError } from '@wager/domain';
import { MODERATION_QUEUE_SIZE_MAX, chatMessages } from '@wager/domain/chat/index';
import { chatContract } from '@wager/domain/contracts/chat';
import { findChat, findModerationRequest, listModerationQueue } from '@wager/projections/chat/queries';
import { StillProcessing } from '../../runtime/still-processing.js';
import { isModerator } from './access.js';
import { claimModeration, escalateModeration, resolveModeration } from './commands.js';
import { toModerationItemJson } from './moderation-views.js';

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {

  /** The signed-in moderator or admin; anyone else 403. */
  async function moderatorOf(request: FastifyRequest) {
    const auth = request.auth!;
    if (!auth.isAdmin && !(await isModerator(app.deps.db, auth.userId))) throw new ForbiddenError(chatMessages.moderatorsOnly, { code: 'moderators_only' });
    return auth;
  }

  /** The chat the request belongs to, or 404: the queue's readers may name any chat, and learn only whether it asked. */
  async function requestedChat(chatId: string) {
    const chat = await findChat(app.deps.db, chatId);
    if (!chat || !chat.is_moderator_requested) throw new NotFoundError(chatMessages.moderationNotFound, { code: 'moderation_not_found' });
    return chat;
  }

  /** The request after a command, as its read model now shows it (202 when the read model is behind). */
  async function answer(chatId: string) {
    const item = await findModerationRequest(app.deps.db, chatId);
    if (!item) throw new StillProcessing('/api/moderation/queue', { chatId });
    return toModerationItemJson(item, app.deps.clock.now());
  }

  app.get(
    '/api/moderation/queue',
    {
      onRequest: app.requireUser,
      schema: chatContract.moderationQueue,
    },
    async (request) => {
      await moderatorOf(request);
      const items = await listModerationQueue(app.deps.db, { scope: request.query.status, limit: MODERATION_QUEUE_SIZE_MAX });
      const now = app.deps.clock.now();
      return { requests: items.map((item) => toModerationItemJson(item, now)) };
    },
  );

  app.post('/api/moderation/:chatId/claim', { onRequest: app.requireUser, schema: chatContract.claim }, async (request) => {
    const auth = await moderatorOf(request);
    const chat = await requestedChat(request.params.chatId);
    await claimModeration(app.deps, chat.id, auth.userId);
    return answer(chat.id);
  });

  app.post(
    '/api/moderation/:chatId/resolve',
    { onRequest: app.requireUser, schema: chatContract.resolve },
    async (request) => {
      const auth = await moderatorOf(request);
      const chat = await requestedChat(request.params.chatId);
      await resolveModeration(app.deps, { chatId: chat.id, actorId: auth.userId, actorIsAdmin: auth.isAdmin, note: request.body.note });
      return answer(chat.id);
    },
  );

  app.post(
    '/api/moderation/:chatId/escalate',
    { onRequest: app.requireUser, schema: chatContract.escalate },
    async (request) => {
      const auth = await moderatorOf(request);
      const chat = await requestedChat(request.params.chatId);
      await escalateModeration(app.deps, { chatId: chat.id, actorId: auth.userId, reason: request.body.reason });
      return answer(chat.id);
    },
  );
};
