import type { Command } from '../shared/command.js';
import type { ChatClosedReason, ChatNotice, MessageType, PurgeReason, PurgedEvidenceFile } from './events.js';

export type CreateChat = Command<'CreateChat', { chatId: string; betId: string; participant1Id: string; participant2Id: string }>;
/** A person's message. `messageId` is derived from the client's idempotency key when it sent one. */
export type PostMessage = Command<'PostMessage', { chatId: string; messageId: string; senderId: string; content: string }>;
/** A message the platform writes (bet accepted, results, dispute, resolution, settlement, end). */
export type PostSystemMessage = Command<'PostSystemMessage', { chatId: string; messageId: string; type: Exclude<MessageType, 'message'>; content: string; notice?: ChatNotice }>;
export type RequestModerator = Command<'RequestModerator', { chatId: string; requestedBy: string; messageId: string; content: string; notice?: ChatNotice }>;
/** The caller's moderator (or admin) role is checked by the route from the users read model. */
export type JoinAsModerator = Command<'JoinAsModerator', { chatId: string; moderatorId: string; messageId: string; content: string; notice?: ChatNotice }>;
export type CloseChat = Command<'CloseChat', { chatId: string; reason: ChatClosedReason }>;
/**
 * The moderation queue's commands. The caller's moderator or admin role is checked by the route
 * from the users read model; `actorIsAdmin` says which of the two it is, since only an admin
 * resolves a request handed to the admins. `messageId`/`content` are the system message the
 * players read in the chat (its text made by the caller, like the other system messages).
 */
export type ClaimModeration = Command<'ClaimModeration', { chatId: string; moderatorId: string; joinMessageId: string; joinContent: string; joinNotice?: ChatNotice }>;
export type ResolveModeration = Command<'ResolveModeration', { chatId: string; actorId: string; actorIsAdmin: boolean; note: string; messageId: string; content: string; notice?: ChatNotice }>;
export type EscalateToAdmin = Command<'EscalateToAdmin', { chatId: string; actorId: string; reason: string; messageId: string; content: string; notice?: ChatNotice }>;

/** Retention (docs/architecture.md, "Retention"): the chat's texts go, and the evidence files listed. */
export type PurgeChat = Command<'PurgeChat', { chatId: string; retentionDays: number; evidence: PurgedEvidenceFile[] }>;
/** Evidence files of the bet deleted for another reason (the uploader's erasure). */
export type PurgeEvidence = Command<'PurgeEvidence', { chatId: string; reason: PurgeReason; evidence: PurgedEvidenceFile[] }>;

export type ChatCommand = CreateChat | PostMessage | PostSystemMessage | RequestModerator | JoinAsModerator | CloseChat | ClaimModeration | ResolveModeration | EscalateToAdmin | PurgeChat | PurgeEvidence;
