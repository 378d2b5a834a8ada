import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError, issueRefusal } from '../shared/errors.js';
import type { ChatCommand, ClaimModeration, CloseChat, CreateChat, EscalateToAdmin, JoinAsModerator, PostMessage, PostSystemMessage, PurgeChat, PurgeEvidence, RequestModerator, ResolveModeration } from './commands.js';
import { SYSTEM_SENDER, type ChatEvent, type ChatNotice } from './events.js';
import { chatNoticeText } from './notice-text.js';

/** The notice of a platform message, when the command carries one (older callers may not). */
const noticeOf = (notice: ChatNotice | undefined): { notice?: ChatNotice } => (notice ? { notice } : {});

/**
 * The stored text of a platform message: with a notice, its English rendering naming nobody (the
 * notice holds the user ids; readers put the names back), whatever text the command brought; a
 * username is never written in clear into the log (docs/architecture.md, "Personal data and erasure").
 */
const systemText = (content: string, notice: ChatNotice | undefined): string => (notice ? chatNoticeText(notice) : content);
import { MESSAGES_PER_WINDOW_MAX, MESSAGE_WINDOW_MS, chatMessages, escalationReasonSchema, messageContentSchema, moderationNoteSchema } from './rules.js';
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
  return [{ type: 'MessagePosted', data: { messageId: d.messageId, chatId: chat.chatId, senderId: SYSTEM_SENDER, type: d.type, content: systemText(d.content, d.notice), ...noticeOf(d.notice), postedAt: command.metadata.now.toISOString() } }];
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
    { type: 'MessagePosted', data: { messageId: d.messageId, chatId: chat.chatId, senderId: SYSTEM_SENDER, type: 'moderator_invite', content: systemText(d.content, d.notice), ...noticeOf(d.notice), postedAt: at } },
  ];
}

/**
 * The moderator's arrival: 'Moderated', and the message '{username} joined as moderator'. Joining a
 * chat whose request is still open also claims it, so the queue never shows a request as waiting
 * while someone already moderates its chat.
 */
function joinAsModerator(command: JoinAsModerator, state: ChatState): ChatEvent[] {
  const chat = requireChat(state);
  const d = command.data;
  if (chat.moderatorId === d.moderatorId) return [];
  if (chat.participants.includes(d.moderatorId)) throw new ForbiddenError(chatMessages.participantCannotModerate, { code: 'participant_cannot_moderate' });
  if (chat.moderatorId !== null) throw new ConflictError(chatMessages.moderatorAlreadyJoined, { code: 'moderator_already_joined' });
  const at = command.metadata.now.toISOString();
  return [
    { type: 'ModeratorJoined', data: { chatId: chat.chatId, moderatorId: d.moderatorId, joinedAt: at } },
    { type: 'MessagePosted', data: { messageId: d.messageId, chatId: chat.chatId, senderId: SYSTEM_SENDER, type: 'system', content: systemText(d.content, d.notice), ...noticeOf(d.notice), postedAt: at } },
    ...(chat.moderation.status === 'open' ? [{ type: 'ModerationClaimed' as const, data: { chatId: chat.chatId, moderatorId: d.moderatorId, claimedAt: at } }] : []),
  ];
}

/** The refusal for a request that is not in the state a command needs, or null when it is. */
function moderationRefusal(chat: OpenChat, needs: 'open' | 'claimed'): Error | null {
  const status = chat.moderation.status;
  if (status === needs) return null;
  switch (status) {
    case 'none':
      return new ConflictError(chatMessages.moderationNotRequested, { code: 'moderation_not_requested' });
    case 'open':
      return new ConflictError(chatMessages.moderationNotClaimed, { code: 'moderation_not_claimed' });
    case 'claimed':
      return new ConflictError(chatMessages.moderationClaimedByOther, { code: 'moderation_claimed' });
    case 'escalated':
      return new ConflictError(chatMessages.moderationEscalated, { code: 'moderation_escalated' });
    case 'resolved':
      return new ConflictError(chatMessages.moderationResolved, { code: 'moderation_resolved' });
    default: {
      const unexpected: never = status;
      return unexpected;
    }
  }
}

/**
 * A moderator (or admin) claims the open request: one claimant, whoever asks first (the append's
 * expected revision makes a racing second claim be decided again, and refused, on the first's
 * state). Claiming joins the chat as its moderator unless they already are. The claimant asking
 * again is a no-op. A chat whose moderator joined before the request is theirs to claim.
 */
function claimModeration(command: ClaimModeration, state: ChatState): ChatEvent[] {
  const chat = requireChat(state);
  const d = command.data;
  if (chat.moderation.status === 'claimed' && chat.moderation.claimedBy === d.moderatorId) return [];
  const refusal = moderationRefusal(chat, 'open');
  if (refusal) throw refusal;
  if (chat.participants.includes(d.moderatorId)) throw new ForbiddenError(chatMessages.participantCannotModerate, { code: 'participant_cannot_moderate' });
  if (chat.moderatorId !== null && chat.moderatorId !== d.moderatorId) throw new ConflictError(chatMessages.moderatorAlreadyJoined, { code: 'moderator_already_joined' });
  const at = command.metadata.now.toISOString();
  const claimed: ChatEvent = { type: 'ModerationClaimed', data: { chatId: chat.chatId, moderatorId: d.moderatorId, claimedAt: at } };
  if (chat.moderatorId === d.moderatorId) return [claimed];
  return [
    { type: 'ModeratorJoined', data: { chatId: chat.chatId, moderatorId: d.moderatorId, joinedAt: at } },
    { type: 'MessagePosted', data: { messageId: d.joinMessageId, chatId: chat.chatId, senderId: SYSTEM_SENDER, type: 'system', content: systemText(d.joinContent, d.joinNotice), ...noticeOf(d.joinNotice), postedAt: at } },
    claimed,
  ];
}

/** A validated note or reason, or the typed refusal. */
function validText(schema: typeof moderationNoteSchema, text: string): string {
  const parsed = schema.safeParse(text);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ValidationError(issue?.message ?? 'Invalid text', issueRefusal(issue));
  }
  return parsed.data;
}

/**
 * The claimant resolves their claimed request; an admin resolves any claimed or escalated one
 * (a request handed to the admins only by an admin). The same person resolving again with the
 * same note is a no-op (a retried request).
 */
function resolveModeration(command: ResolveModeration, state: ChatState): ChatEvent[] {
  const chat = requireChat(state);
  const d = command.data;
  const note = validText(moderationNoteSchema, d.note);
  const m = chat.moderation;
  if (m.status === 'resolved' && m.resolvedBy === d.actorId && m.note === note) return [];
  if (m.status === 'escalated') {
    if (!d.actorIsAdmin) throw new ForbiddenError(chatMessages.moderationAdminOnly, { code: 'admin_required' });
  } else {
    const refusal = moderationRefusal(chat, 'claimed');
    if (refusal) throw refusal;
    if (m.claimedBy !== d.actorId && !d.actorIsAdmin) throw new ForbiddenError(chatMessages.moderationNotClaimant, { code: 'not_claimant' });
  }
  const at = command.metadata.now.toISOString();
  return [
    { type: 'ModerationResolved', data: { chatId: chat.chatId, resolvedBy: d.actorId, note, resolvedAt: at } },
    { type: 'MessagePosted', data: { messageId: d.messageId, chatId: chat.chatId, senderId: SYSTEM_SENDER, type: 'system', content: systemText(d.content, d.notice), ...noticeOf(d.notice), postedAt: at } },
  ];
}

/** The claimant hands their request to the admins, saying why; again by them is a no-op. */
function escalateToAdmin(command: EscalateToAdmin, state: ChatState): ChatEvent[] {
  const chat = requireChat(state);
  const d = command.data;
  const reason = validText(escalationReasonSchema, d.reason);
  if (chat.moderation.status === 'escalated' && chat.moderation.escalatedBy === d.actorId) return [];
  const refusal = moderationRefusal(chat, 'claimed');
  if (refusal) throw refusal;
  if (chat.moderation.claimedBy !== d.actorId) throw new ForbiddenError(chatMessages.moderationNotClaimant, { code: 'not_claimant' });
  const at = command.metadata.now.toISOString();
  return [
    { type: 'ModerationEscalated', data: { chatId: chat.chatId, escalatedBy: d.actorId, reason, escalatedAt: at } },
    { type: 'MessagePosted', data: { messageId: d.messageId, chatId: chat.chatId, senderId: SYSTEM_SENDER, type: 'system', content: systemText(d.content, d.notice), ...noticeOf(d.notice), postedAt: at } },
  ];
}

/** Closing a chat that does not exist (the bet ended before acceptance) or is closed decides nothing. */
function closeChat(command: CloseChat, state: ChatState): ChatEvent[] {
  if (state.status !== 'open' || state.isClosed) return [];
  return [{ type: 'ChatClosed', data: { chatId: state.chatId, reason: command.data.reason, closedAt: command.metadata.now.toISOString() } }];
}

/** The files of `evidence` not deleted yet (each hash once). */
function notYetPurged(chat: OpenChat, evidence: PurgeChat['data']['evidence']): PurgeChat['data']['evidence'] {
  const seen = new Set(chat.purgedEvidence);
  return evidence.filter((f) => !seen.has(f.sha256) && seen.add(f.sha256));
}

/**
 * Retention: the chat's texts are shredded and it closes for good (ChatPurged, once), and the
 * evidence files not deleted yet are recorded as deleted. A chat that does not exist decides nothing.
 */
function purgeChat(command: PurgeChat, state: ChatState): ChatEvent[] {
  if (state.status !== 'open') return [];
  const at = command.metadata.now.toISOString();
  const files = notYetPurged(state, command.data.evidence);
  return [
    ...(state.isPurged ? [] : [{ type: 'ChatPurged' as const, data: { chatId: state.chatId, betId: state.betId, reason: 'retention' as const, retentionDays: command.data.retentionDays, messageCount: state.messages.size, purgedAt: at } }]),
    ...(files.length > 0 ? [{ type: 'EvidencePurged' as const, data: { chatId: state.chatId, betId: state.betId, reason: 'retention' as const, files, purgedAt: at } }] : []),
  ];
}

function purgeEvidence(command: PurgeEvidence, state: ChatState): ChatEvent[] {
  if (state.status !== 'open') return [];
  const files = notYetPurged(state, command.data.evidence);
  if (files.length === 0) return [];
  return [{ type: 'EvidencePurged', data: { chatId: state.chatId, betId: state.betId, reason: command.data.reason, files, purgedAt: command.metadata.now.toISOString() } }];
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
    case 'ClaimModeration':
      return claimModeration(command, state);
    case 'ResolveModeration':
      return resolveModeration(command, state);
    case 'EscalateToAdmin':
      return escalateToAdmin(command, state);
    case 'PurgeChat':
      return purgeChat(command, state);
    case 'PurgeEvidence':
      return purgeEvidence(command, state);
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown chat command ${JSON.stringify(unexpected)}`);
    }
  }
}
