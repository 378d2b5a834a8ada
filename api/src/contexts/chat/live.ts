/**
 * Who hears of the chat context's streams over /ws: a chat's two participants from its creation,
 * its moderator from the moment they join (grants, no query per event), and everyone's chats at
 * sign-in (streamsOf). A socket that joined a chat (`join_chat`) may send `chat_message` and
 * receives `new_message` with the message as GET …/messages shows it, read once the read models
 * committed it.
 */
import { z } from 'zod';
import { ValidationError } from '@wager/domain';
import type { ChatEvent, MessagePostedData } from '@wager/domain/chat/index';
import { chatIdsOf, findChat, findChatMessage } from '@wager/projections/chat/queries';
import type { LiveRules, StreamGrant } from '../../runtime/visibility.js';
import { maySeeChat, visibleChat } from './access.js';
import { postMessage } from './commands.js';
import { messagesJson } from './views.js';

/** How many of a user's chats a socket follows from the start (the newest; later ones arrive by grants). */
export const LIVE_CHATS_PER_USER_MAX = 1000;

const chatMessage = z.object({ type: z.literal('chat_message'), chatId: z.string().uuid(), content: z.string().max(10_000), clientMessageId: z.string().uuid().optional() });

export function chatGrants(event: { streamId: string; type: string; data: unknown }): StreamGrant[] {
  switch (event.type) {
    case 'ChatCreated': {
      const d = event.data as Extract<ChatEvent, { type: 'ChatCreated' }>['data'];
      return [d.participant1Id, d.participant2Id].map((userId) => ({ userId, streamId: event.streamId }));
    }
    case 'ModeratorJoined':
      return [{ userId: (event.data as { moderatorId: string }).moderatorId, streamId: event.streamId }];
    default:
      return [];
  }
}

export const chatLive: LiveRules = {
  async streamsOf(db, userId) {
    return (await chatIdsOf(db, userId, LIVE_CHATS_PER_USER_MAX)).map((id) => `chat-${id}`);
  },
  grants: chatGrants,
  subscriptions: {
    async join_chat(db, viewer, chatId) {
      const chat = await findChat(db, chatId);
      return chat && maySeeChat(chat, viewer) ? `chat-${chat.id}` : null;
    },
  },
  inbound: {
    /** The same rules as POST /api/chats/:chatId/messages; the message arrives as `new_message`. */
    async chat_message(deps, viewer, message) {
      const parsed = chatMessage.safeParse(message);
      if (!parsed.success) throw new ValidationError('Invalid message', { code: 'invalid_message' });
      await visibleChat(deps.db, viewer, parsed.data.chatId);
      await postMessage(deps, { chatId: parsed.data.chatId, senderId: viewer.userId, content: parsed.data.content, clientMessageId: parsed.data.clientMessageId });
    },
  },
  async outbound(db, event) {
    if (event.type !== 'MessagePosted') return null;
    const d = event.data as MessagePostedData;
    const row = await findChatMessage(db, d.messageId);
    if (!row) return null;
    const [message] = await messagesJson(db, [row]);
    return { type: 'new_message', chatId: d.chatId, message };
  },
};
