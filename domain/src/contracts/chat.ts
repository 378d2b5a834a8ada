/**
 * The chat context's contract (docs/api/chat.md, docs/api/moderation.md): every chat and
 * moderation route's params, querystring, body and answers, as zod schemas the API validates and
 * serializes with and the web app's query functions are typed by. Answers are strict objects: a
 * field the contract does not describe fails the request instead of reaching the browser.
 */
import { z } from 'zod';
import { CHAT_NOTICE_KINDS, MESSAGE_TYPES } from '../chat/events.js';
import { MESSAGES_PAGE_SIZE_DEFAULT, MESSAGES_PAGE_SIZE_MAX } from '../chat/rules.js';

export { uuid, errorBody, refusals, processingBody } from './common.js';
export type { ErrorBody } from './common.js';
import { uuid, errorBody, refusals, processingBody } from './common.js';

/** Raw bounds only; the decider trims and names the spec's refusals (empty, too long). */
export const TEXT_RAW_LENGTH_MAX = 10_000;

export const chatView = z.strictObject({
  id: z.string(),
  betId: z.string(),
  participant1Id: z.string(),
  participant2Id: z.string(),
  moderatorId: z.string().nullable(),
  isModeratorRequested: z.boolean(),
  isClosed: z.boolean(),
  createdAt: z.string(),
});
export type ChatView = z.infer<typeof chatView>;

export const chatMessageType = z.enum(MESSAGE_TYPES);
export type ChatMessageType = z.infer<typeof chatMessageType>;

/** A message, as the history answers it and /ws `new_message` carries it; system messages are sent by `system`, shown as `System`. */
export const messageView = z.strictObject({
  id: z.string(),
  chatId: z.string(),
  senderId: z.string(),
  sender: z.strictObject({ username: z.string() }),
  content: z.string(),
  type: chatMessageType,
  /**
   * A platform message's kind and data, null on people's messages and older ones: the apps render
   * it in the reader's language and fall back to `content` (English) without it. Each user id
   * parameter (`reporterId`) comes with that user's username (`reporter`).
   */
  notice: z.strictObject({ kind: z.enum(CHAT_NOTICE_KINDS), params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])) }).nullable(),
  createdAt: z.string(),
});
export type MessageView = z.infer<typeof messageView>;

/** A chat in the moderators' list (GET /api/moderation/chats): the bet it belongs to, in short. */
export const moderationChatView = chatView.extend({ bet: z.strictObject({ id: z.string(), gameType: z.string(), amount: z.string(), currency: z.string() }) });
export type ModerationChatView = z.infer<typeof moderationChatView>;

const person = z.strictObject({ id: z.string(), username: z.string() });
export type ModerationPerson = z.infer<typeof person>;
export const moderationStatus = z.enum(['open', 'claimed', 'escalated', 'resolved']);
export type ModerationStatus = z.infer<typeof moderationStatus>;
export const moderationScope = z.enum(['active', 'resolved']);
export type ModerationScope = z.infer<typeof moderationScope>;

/** One request of the moderation queue: its bet, both players, who claimed, escalated or resolved it, and how long it waited. */
export const moderationItemView = z.strictObject({
  chatId: z.string(),
  betId: z.string(),
  /** Where the web app shows the chat. */
  chatPath: z.string(),
  status: moderationStatus,
  requestedAt: z.string(),
  requestedBy: person,
  /** From the request until it was claimed, or until now while nobody has. */
  waitedSeconds: z.number().int().nonnegative(),
  bet: z.strictObject({ gameType: z.string(), amount: z.string(), currency: z.string(), status: z.string() }).nullable(),
  challenger: person.nullable(),
  opponent: person.nullable(),
  claimedBy: person.nullable(),
  claimedAt: z.string().nullable(),
  escalatedBy: person.nullable(),
  escalatedAt: z.string().nullable(),
  escalationReason: z.string().nullable(),
  resolvedBy: person.nullable(),
  resolvedAt: z.string().nullable(),
  resolutionNote: z.string().nullable(),
});
export type ModerationItemView = z.infer<typeof moderationItemView>;
export const moderationQueueView = z.strictObject({ requests: z.array(moderationItemView) });
export type ModerationQueueView = z.infer<typeof moderationQueueView>;

const chatParams = z.object({ chatId: uuid });

export const messagesQuery = z.object({ before: uuid.optional(), limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_SIZE_MAX).default(MESSAGES_PAGE_SIZE_DEFAULT) });
export const postMessageBody = z.object({ content: z.string().max(TEXT_RAW_LENGTH_MAX), clientMessageId: uuid.optional() });
export type PostMessageBody = z.infer<typeof postMessageBody>;
export const messageProcessing = processingBody({ id: z.string() });
export type MessageProcessing = z.infer<typeof messageProcessing>;
export const resolveModerationBody = z.object({ note: z.string().max(TEXT_RAW_LENGTH_MAX) });
export const escalateModerationBody = z.object({ reason: z.string().max(TEXT_RAW_LENGTH_MAX) });
export type ResolveModerationBody = z.infer<typeof resolveModerationBody>;
export type EscalateModerationBody = z.infer<typeof escalateModerationBody>;
const moderationItemProcessing = processingBody({ chatId: z.string() });

/** Each route's schemas, as its fastify `schema` (the OpenAPI document is generated from them). */
export const chatContract = {
  /** GET /api/chats/:betId — the chat of a bet. */
  chatOfBet: { params: z.object({ betId: uuid }), response: { 200: chatView, ...refusals } },
  /** GET /api/chats/:chatId/messages — a page of history, oldest first (`before` pages back). */
  messages: { params: chatParams, querystring: messagesQuery, response: { 200: z.array(messageView), ...refusals } },
  /** POST /api/chats/:chatId/messages — post a message (`clientMessageId` makes a resend land once). */
  postMessage: { params: chatParams, body: postMessageBody, response: { 201: messageView, 202: messageProcessing, ...refusals } },
  /** POST /api/chats/:chatId/invite-moderator — a participant asks for a moderator. */
  inviteModerator: { params: chatParams, response: { 200: chatView, ...refusals } },
  /** POST /api/chats/:chatId/join — a moderator (or admin) joins the chat. */
  join: { params: chatParams, response: { 200: chatView, ...refusals } },
  /** GET /api/moderation/chats — the chats that asked for a moderator. */
  moderationChats: { querystring: z.object({ status: z.literal('requested').default('requested') }), response: { 200: z.array(moderationChatView), ...refusals } },
  /** GET /api/moderation/queue — the moderation queue (active or resolved). */
  moderationQueue: { querystring: z.object({ status: moderationScope.default('active') }), response: { 200: moderationQueueView, ...refusals } },
  /** POST /api/moderation/:chatId/claim */
  claim: { params: chatParams, response: { 200: moderationItemView, 202: moderationItemProcessing, ...refusals } },
  /** POST /api/moderation/:chatId/resolve */
  resolve: { params: chatParams, body: resolveModerationBody, response: { 200: moderationItemView, 202: moderationItemProcessing, ...refusals } },
  /** POST /api/moderation/:chatId/escalate */
  escalate: { params: chatParams, body: escalateModerationBody, response: { 200: moderationItemView, 202: moderationItemProcessing, ...refusals } },
};
