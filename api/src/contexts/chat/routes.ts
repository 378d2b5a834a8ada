/**
 * The chat context's HTTP surface (docs/api/chat.md): a bet's chat, its messages (read in pages,
 * posted with an optional idempotency key), the moderator's request and arrival, and the
 * moderation queue (moderation-routes.ts). Reads come from the read tables; writes go through commands.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ForbiddenError, NotFoundError } from '@wager/domain';
import { betMessages } from '@wager/domain/bets/index';
import { MODERATION_QUEUE_SIZE_MAX, chatIdOfBet, chatMessages } from '@wager/domain/chat/index';
import { chatContract } from '@wager/domain/contracts/chat';
import { findBet } from '@wager/projections/bets/queries';
import { findChat, findChatByBetId, findChatMessage, listChatMessages, listChatsAwaitingModerator } from '@wager/projections/chat/queries';
import { StillProcessing } from '../../runtime/still-processing.js';
import { impliedChat, isModerator, maySeeChat, pageOfMessages, recordedChat, visibleChat, writableChat } from './access.js';
import { joinAsModerator, postMessage, requestModerator } from './commands.js';
import { moderationRoutes } from './moderation-routes.js';
import { messagesJson, toChatJson } from './views.js';
import { betHeadlines } from '@wager/projections/bets/queries';

const CHAT_NOT_AVAILABLE = 'Chat is not available for this bet. Chat will be enabled once the bet is accepted.';

export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(moderationRoutes);

  app.get('/api/chats/:betId', { onRequest: app.requireUser, schema: chatContract.chatOfBet }, async (request) => {
    const auth = request.auth!;
    const { betId } = request.params;
    // Not in the read table yet (the projection runner is behind): as the log holds it.
    const chat = (await findChatByBetId(app.deps.db, betId)) ?? (await recordedChat(app.deps, chatIdOfBet(betId)))?.chat ?? (await impliedChat(app.deps, betId));
    if (!chat || !maySeeChat(chat, auth)) {
      // Players of a bet not yet accepted hear why; anyone else learns nothing.
      const bet = await findBet(app.deps.db, request.params.betId);
      if (bet && (auth.isAdmin || [bet.challenger_id, bet.opponent_id].includes(auth.userId))) throw new NotFoundError(CHAT_NOT_AVAILABLE);
      throw new NotFoundError(betMessages.betNotFound);
    }
    return toChatJson(chat);
  });

  app.get(
    '/api/chats/:chatId/messages',
    {
      onRequest: app.requireUser,
      schema: chatContract.messages,
    },
    async (request) => {
      const { chatId } = request.params;
      const page = { before: request.query.before, limit: request.query.limit };
      if (await findChat(app.deps.db, chatId)) {
        await visibleChat(app.deps.db, request.auth!, chatId);
        return messagesJson(app.deps.db, await listChatMessages(app.deps.db, chatId, page));
      }
      // Not in the read tables yet (the projection runner is behind): the chat as the log holds it.
      const recorded = await recordedChat(app.deps, chatId);
      if (!recorded || !maySeeChat(recorded.chat, request.auth!)) throw new NotFoundError(chatMessages.notFound, { code: 'chat_not_found' });
      return messagesJson(app.deps.db, pageOfMessages(recorded.messages, page));
    },
  );

  app.post(
    '/api/chats/:chatId/messages',
    { onRequest: app.requireUser, schema: chatContract.postMessage },
    async (request, reply) => {
      const { chatId } = request.params;
      await writableChat(app.deps, request.auth!, chatId);
      const posted = await postMessage(app.deps, { chatId, senderId: request.auth!.userId, content: request.body.content, clientMessageId: request.body.clientMessageId });
      const row = await findChatMessage(app.deps.db, posted.messageId);
      if (!row) throw new StillProcessing(`/api/chats/${chatId}/messages`, { id: posted.messageId });
      const [message] = await messagesJson(app.deps.db, [row]);
      return reply.code(201).send(message!);
    },
  );

  app.post('/api/chats/:chatId/invite-moderator', { onRequest: app.requireUser, schema: chatContract.inviteModerator }, async (request) => {
    const auth = request.auth!;
    const chat = await visibleChat(app.deps.db, auth, request.params.chatId);
    if (![chat.participant1_id, chat.participant2_id].includes(auth.userId)) throw new ForbiddenError(chatMessages.onlyParticipantsInvite, { code: 'chat_not_participant' });
    await requestModerator(app.deps, chat.id, auth.userId);
    return toChatJson((await findChat(app.deps.db, chat.id))!);
  });

  app.post('/api/chats/:chatId/join', { onRequest: app.requireUser, schema: chatContract.join }, async (request) => {
    const auth = request.auth!;
    if (!auth.isAdmin && !(await isModerator(app.deps.db, auth.userId))) throw new ForbiddenError(chatMessages.notModerator, { code: 'not_moderator' });
    const chat = await findChat(app.deps.db, request.params.chatId);
    // Moderators see the chats that asked for one (or that they moderate); admins see every chat.
    if (!chat || !(auth.isAdmin || chat.is_moderator_requested || chat.moderator_id === auth.userId)) throw new NotFoundError(chatMessages.notFound, { code: 'chat_not_found' });
    await joinAsModerator(app.deps, chat.id, auth.userId);
    return toChatJson((await findChat(app.deps.db, chat.id))!);
  });

  app.get(
    '/api/moderation/chats',
    { onRequest: app.requireUser, schema: chatContract.moderationChats },
    async (request) => {
      const auth = request.auth!;
      if (!auth.isAdmin && !(await isModerator(app.deps.db, auth.userId))) throw new ForbiddenError(chatMessages.notModerator, { code: 'not_moderator' });
      const chats = await listChatsAwaitingModerator(app.deps.db, MODERATION_QUEUE_SIZE_MAX);
      const byId = await betHeadlines(app.deps.db, chats.map((c) => c.bet_id));
      return chats.flatMap((chat) => {
        const bet = byId.get(chat.bet_id);
        return bet ? [{ ...toChatJson(chat), bet: { id: bet.id, gameType: bet.game_type, amount: bet.amount, currency: bet.currency } }] : [];
      });
    },
  );
};
