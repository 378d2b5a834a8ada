/**
 * The events of a bet's chat stream `chat-<chatId>`: the chat's creation, every message (people's
 * and the system's), the moderator's request and arrival, the request's way through the
 * moderation queue (claimed, resolved, escalated to an admin), and its closing when the bet ends
 * without a match (cancelled or expired).
 */
export const MESSAGE_TYPES = ['message', 'system', 'moderator_invite', 'dispute'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** The sender of the messages the platform writes (system messages, moderator invitations). */
export const SYSTEM_SENDER = 'system';

/**
 * What a platform message says, as data (issue 29): its kind and parameters, so that each reader's
 * app writes it in their own language. Parameters whose key ends in `Id` name users; the API adds
 * each one's current username under the key without `Id` (`reporterId` → `reporter`), so a
 * message never shows an id and an erased or renamed user reads as they are now. Amounts are
 * decimal strings with their `currency`. The English `content` is still written for old clients.
 */
export const CHAT_NOTICE_KINDS = [
  'challenge_accepted',
  'result_reported',
  'dispute_opened',
  'dispute_resolved',
  'bet_settled',
  'bet_voided',
  'bet_cancelled',
  'bet_expired',
  'appeal_filed',
  'appeal_decided',
  'tracker_suggestion',
  'moderator_requested',
  'moderator_joined',
  'moderation_resolved',
  'moderation_escalated',
] as const;
export type ChatNoticeKind = (typeof CHAT_NOTICE_KINDS)[number];
export interface ChatNotice {
  readonly kind: ChatNoticeKind;
  readonly params: Readonly<Record<string, string | number | null>>;
}

export interface MessagePostedData {
  readonly messageId: string;
  readonly chatId: string;
  /** A user id, or SYSTEM_SENDER. */
  readonly senderId: string;
  readonly type: MessageType;
  readonly content: string;
  /** A platform message's kind and data (absent on people's messages and on events older than issue 29). */
  readonly notice?: ChatNotice;
  readonly postedAt: string;
}

export type ChatClosedReason = 'cancelled' | 'expired';

/** An evidence file of the bet whose file was deleted, and who had uploaded it. */
export interface PurgedEvidenceFile {
  readonly sha256: string;
  readonly reporterId: string;
}

/**
 * Why personal records of a bet were removed: `retention` (the bet ended more than the retention
 * period ago with no dispute or appeal open) or `erasure` (the uploader was erased).
 */
export type PurgeReason = 'retention' | 'erasure';

export type ChatEvent =
  | { type: 'ChatCreated'; data: { chatId: string; betId: string; participant1Id: string; participant2Id: string; createdAt: string } }
  | { type: 'MessagePosted'; data: MessagePostedData }
  | { type: 'ModeratorRequested'; data: { chatId: string; requestedBy: string; requestedAt: string } }
  | { type: 'ModeratorJoined'; data: { chatId: string; moderatorId: string; joinedAt: string } }
  | { type: 'ChatClosed'; data: { chatId: string; reason: ChatClosedReason; closedAt: string } }
  /** A moderator (or admin) took the chat's moderation request: they, and nobody else, handle it. */
  | { type: 'ModerationClaimed'; data: { chatId: string; moderatorId: string; claimedAt: string } }
  /** The claimant (or an admin) closed the request, with a note the players read in the chat. */
  | { type: 'ModerationResolved'; data: { chatId: string; resolvedBy: string; note: string; resolvedAt: string } }
  /** The claimant handed the request to the admins, saying why; an admin resolves it. */
  | { type: 'ModerationEscalated'; data: { chatId: string; escalatedBy: string; reason: string; escalatedAt: string } }
  /**
   * Retention: the chat's texts were shredded (each writer's key for this chat destroyed) and the
   * chat is closed for good; `messageCount` messages were in it.
   */
  | { type: 'ChatPurged'; data: { chatId: string; betId: string; reason: 'retention'; retentionDays: number; messageCount: number; purgedAt: string } }
  /** The bet's evidence files listed were deleted from the evidence store (their hashes stay on record). */
  | { type: 'EvidencePurged'; data: { chatId: string; betId: string; reason: PurgeReason; files: PurgedEvidenceFile[]; purgedAt: string } };

export const CHAT_EVENT_TYPES = ['ChatCreated', 'MessagePosted', 'ModeratorRequested', 'ModeratorJoined', 'ChatClosed', 'ModerationClaimed', 'ModerationResolved', 'ModerationEscalated', 'ChatPurged', 'EvidencePurged'] as const satisfies readonly ChatEvent['type'][];
export const CHAT_STREAM_TYPE = 'chat';
export const chatStreamId = (chatId: string): string => `${CHAT_STREAM_TYPE}-${chatId}`;
