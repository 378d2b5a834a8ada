import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError, issueRefusal } from '../shared/errors.js';
import type { ChatCommand, CloseChat, CreateChat, JoinAsModerator, PostMessage, PostSystemMessage, RequestModerator } from './commands.js';
import { SYSTEM_SENDER, type ChatEvent } from './events.js';
import { MESSAGES_PER_WINDOW_MAX, MESSAGE_WINDOW_MS, chatMessages, messageContentSchema } from './rules.js';
import type { ChatState, OpenChat } from './state.js';

/** A bet's chat exists once the bet is accepted (spec section 4); creating it again is a no-op. */
function createChat(command: CreateChat, state: ChatState): ChatEvent[] {
  const c = command.data;
  if (state.status === 'open') return [];
  if (c.participant1Id === c.participant2Id) throw new ValidationError('A chat needs two different participants');
  return [{ type: 'ChatCreated', data: { chatId: c.chatId, betId: c.betId, participant1Id: c.participant1Id, participant2Id: c.participant2Id, createdAt: command.metadata.now.toISOString() } }];
}

function requireChat(state: ChatState): OpenChat {
  if (state.status !== 'open') throw new NotFoundError(chatMessages.notFound, { code: 'chat_not_found' });
  return state;
}

/** The trimmed content, or the spec's refusal. */
export function validContent(content: string): string {
  const parsed = messageContentSchema.safeParse(content);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ValidationError(issue?.message ?? chatMessages.empty, issueRefusal(issue));
  }
  return parsed.data;
}

/**
 * A repeat of a message already stored under its id: the same sender and text is a no-op (the
 * client resent it), another text under the same key is a conflict. Null when the id is new.
 */
function repeatOf(chat: OpenChat, messageId: string, senderId: string, content: string): [] | null {
  const stored = chat.messages.get(messageId);
  if (!stored) return null;
  if (stored.senderId === senderId && stored.content === content) return [];
  throw new ConflictError(chatMessages.sameKeyOtherText, { code: 'idempotency_conflict' });
}

/** Seconds until the sender may post again, or 0: at most 10 messages in any 10 s per sender. */
export function rateLimitWait(recent: readonly string[], now: Date): number {
  if (recent.length < MESSAGES_PER_WINDOW_MAX) return 0;
  const oldest = Date.parse(recent[recent.length - MESSAGES_PER_WINDOW_MAX]!);
  const freeAt = oldest + MESSAGE_WINDOW_MS;
  return freeAt > now.getTime() ? Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) : 0;
}

function postMessage(command: PostMessage, state: ChatState): ChatEvent[] {
  const chat = requireChat(state);
  const d = command.data;
  const content = validContent(d.content);
  const repeat = repeatOf(chat, d.messageId, d.senderId, content);
  if (repeat) return repeat;
  if (!chat.participants.includes(d.senderId) && chat.moderatorId !== d.senderId) throw new ForbiddenError(chatMessages.notParticipant, { code: 'chat_not_participant' });
  if (chat.isClosed) throw new ConflictError(chatMessages.closed, { code: 'chat_closed' });
  const wait = rateLimitWait(chat.recentBySender.get(d.senderId) ?? [], command.metadata.now);
  if (wait > 0) throw new TooManyRequestsError(chatMessages.tooFast, wait, { code: 'chat_rate_limited' });
  return [{ type: 'MessagePosted', data: { messageId: d.messageId, chatId: chat.chatId, senderId: d.senderId, type: 'message', content, postedAt: command.metadata.now.toISOString() } }];
}

/** The platform's messages are written once per id; the chat's end does not silence them. */
function postSystemMessage(command: PostSystemMessage, state: ChatState): ChatEvent[] {
  const chat = requireChat(state);
  const d = command.data;
  if (chat.messages.has(d.messageId)) return [];
  return [{ type: 'MessagePosted', data: { messageId: d.messageId, chatId: chat.chatId, senderId: SYSTEM_SENDER, type: d.type, content: d.content, postedAt: command.metadata.now.toISOString() } }];
}

function requestModerator(command: RequestModerator, state: ChatState): ChatEvent[] {
  const chat = requireChat(state);
  const d = command.data;
  if (!chat.participants.includes(d.requestedBy)) throw new ForbiddenError(chatMessages.onlyParticipantsInvite, { code: 'chat_not_participant' });
  if (chat.isModeratorRequested) throw new ConflictError(chatMessages.moderatorAlreadyRequested, { code: 'moderator_already_requested' });
  if (chat.isClosed) throw new ConflictError(chatMessages.closed, { code: 'chat_closed' });
  const at = command.metadata.now.toISOString();
  return [
    { type: 'ModeratorRequested', data: { chatId: chat.chatId, requestedBy: d.requestedBy, requestedAt: at } },
    { type: 'MessagePosted', data: { messageId: d.messageId, chatId: chat.chatId, senderId: SYSTEM_SENDER, type: 'moderator_invite', content: d.content, postedAt: at } },
  ];
}

function joinAsModerator(command: JoinAsModerator, state: ChatState): ChatEvent[] {
  const chat = requireChat(state);
  const d = command.data;
  if (chat.moderatorId === d.moderatorId) return [];
  if (chat.participants.includes(d.moderatorId)) throw new ForbiddenError(chatMessages.participantCannotModerate, { code: 'participant_cannot_moderate' });
  if (chat.moderatorId !== null) throw new ConflictError(chatMessages.moderatorAlreadyJoined, { code: 'moderator_already_joined' });
  const at = command.metadata.now.toISOString();
  return [
    { type: 'ModeratorJoined', data: { chatId: chat.chatId, moderatorId: d.moderatorId, joinedAt: at } },
    { type: 'MessagePosted', data: { messageId: d.messageId, chatId: chat.chatId, senderId: SYSTEM_SENDER, type: 'system', content: d.content, postedAt: at } },
  ];
}

/** Closing a chat that does not exist (the bet ended before acceptance) or is closed decides nothing. */
function closeChat(command: CloseChat, state: ChatState): ChatEvent[] {
  if (state.status !== 'open' || state.isClosed) return [];
  return [{ type: 'ChatClosed', data: { chatId: state.chatId, reason: command.data.reason, closedAt: command.metadata.now.toISOString() } }];
}

export function decide(command: ChatCommand, state: ChatState): ChatEvent[] {
  switch (command.type) {
    case 'CreateChat':
      return createChat(command, state);
    case 'PostMessage':
      return postMessage(command, state);
    case 'PostSystemMessage':
      return postSystemMessage(command, state);
    case 'RequestModerator':
      return requestModerator(command, state);
    case 'JoinAsModerator':
      return joinAsModerator(command, state);
    case 'CloseChat':
      return closeChat(command, state);
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown chat command ${JSON.stringify(unexpected)}`);
    }
  }
}
