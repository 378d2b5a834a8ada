/**
 * Who hears of the chat context's streams over /ws: a chat's two participants from its creation,
 * its moderator from the moment they join (grants, no query per event), and everyone's chats at
 * sign-in (streamsOf). A socket that joined a chat (`join_chat`) may send `chat_message` (the /ws
 * contract's `chatMessageFrame`, parsed by the gateway) and
 * receives `new_message` with the message as GET …/messages shows it, read once the read models
 * committed it. Moderators (and admins) also hear the moderation queue change (`moderation-queue`,
 * a topic): a request made, claimed, escalated or resolved in any chat, though they may not see the
 * chat itself.
 */
import type { ChatEvent, MessagePostedData } from '@wager/domain/chat/index';
import { chatIdsOf, findChat, findChatMessage } from '@wager/projections/chat/queries';
import type { LiveRules, StreamGrant } from '../../runtime/visibility.js';
import { isModerator, maySeeChat, visibleChat } from './access.js';
import { postMessage } from './commands.js';
import { messagesJson } from './views.js';

/** The topic of the moderation queue (GET /api/moderation/queue): what its readers hear change. */
export const MODERATION_QUEUE_TOPIC = 'moderation-queue';
const QUEUE_EVENT_TYPES = new Set(['ModeratorRequested', 'ModerationClaimed', 'ModerationEscalated', 'ModerationResolved']);

/** How many of a user's chats a socket follows from the start (the newest; later ones arrive by grants). */
export const LIVE_CHATS_PER_USER_MAX = 1000;

export function chatGrants(event: { streamId: string; type: string; data: unknown }): StreamGrant[] {
  switch (event.type) {
    case 'ChatCreated': {
      const d = event.data as Extract<ChatEvent, { type: 'ChatCreated' }>['data'];
      return [d.participant1Id, d.participant2Id].map((userId) => ({ userId, streamId: event.streamId }));
    }
    case 'ModeratorJoined':
      return [{ userId: (event.data as { moderatorId: string }).moderatorId, streamId: event.streamId }];
    // A user made a moderator hears the queue from then on (a role taken away is noticed at the next sign-in; every read is checked anyway).
    case 'ModeratorRoleSet': {
      const d = event.data as { userId: string; isModerator: boolean };
      return d.isModerator ? [{ userId: d.userId, streamId: MODERATION_QUEUE_TOPIC }] : [];
    }
    default:
      return [];
  }
}

export const chatLive: LiveRules = {
  async streamsOf(db, userId) {
    const chats = (await chatIdsOf(db, userId, LIVE_CHATS_PER_USER_MAX)).map((id) => `chat-${id}`);
    return (await isModerator(db, userId)) ? [...chats, MODERATION_QUEUE_TOPIC] : chats;
  },
  grants: chatGrants,
  topics: (event) => (QUEUE_EVENT_TYPES.has(event.type) ? [MODERATION_QUEUE_TOPIC] : []),
  subscriptions: {
    async join_chat(db, viewer, chatId) {
      const chat = await findChat(db, chatId);
      return chat && maySeeChat(chat, viewer) ? `chat-${chat.id}` : null;
    },
  },
  inbound: {
    /** The same rules as POST /api/chats/:chatId/messages; the message arrives as `new_message`. */
    async chat_message(deps, viewer, message) {
      await visibleChat(deps.db, viewer, message.chatId);
      await postMessage(deps, { chatId: message.chatId, senderId: viewer.userId, content: message.content, clientMessageId: message.clientMessageId });
    },
  },
  async outbound(db, event) {
    if (event.type !== 'MessagePosted') return null;
    const d = event.data as MessagePostedData;
    const row = await findChatMessage(db, d.messageId);
    if (!row) return null;
    const [message] = await messagesJson(db, [row]);
    return message ? { type: 'new_message', chatId: d.chatId, message } : null;
  },
};
