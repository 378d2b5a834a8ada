import { MESSAGES_PER_WINDOW_MAX } from './rules.js';
import type { ChatEvent } from './events.js';

/**
 * A chat's moderation request as the queue sees it: none asked for; open (waiting); claimed by one
 * moderator; escalated by that moderator to the admins; resolved. It only moves forward:
 * open → claimed → resolved, or claimed → escalated → resolved. One request per chat.
 */
export type ModerationStatus = 'none' | 'open' | 'claimed' | 'escalated' | 'resolved';
export interface Moderation {
  readonly status: ModerationStatus;
  readonly claimedBy: string | null;
  readonly escalatedBy: string | null;
  readonly resolvedBy: string | null;
  readonly note: string | null;
}
export const NO_MODERATION: Moderation = { status: 'none', claimedBy: null, escalatedBy: null, resolvedBy: null, note: null };

export type ChatState =
  | { readonly status: 'none' }
  | {
      readonly status: 'open';
      readonly chatId: string;
      readonly betId: string;
      readonly participants: readonly [string, string];
      readonly moderatorId: string | null;
      readonly isModeratorRequested: boolean;
      readonly isClosed: boolean;
      /** Retention shredded its texts (ChatPurged): closed for good. */
      readonly isPurged: boolean;
      /** The evidence files already deleted (EvidencePurged), by hash. */
      readonly purgedEvidence: ReadonlySet<string>;
      readonly moderation: Moderation;
      /** Every message id with its sender and content: a resend under one idempotency key is recognised. */
      readonly messages: ReadonlyMap<string, { readonly senderId: string; readonly content: string }>;
      /** Each sender's latest message times (at most MESSAGES_PER_WINDOW_MAX), for the rate limit. */
      readonly recentBySender: ReadonlyMap<string, readonly string[]>;
    };
export type OpenChat = Extract<ChatState, { status: 'open' }>;

export const initialState = (): ChatState => ({ status: 'none' });

export function evolve(state: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case 'ChatCreated': {
      const d = event.data;
      return { status: 'open', chatId: d.chatId, betId: d.betId, participants: [d.participant1Id, d.participant2Id], moderatorId: null, isModeratorRequested: false, isClosed: false, isPurged: false, purgedEvidence: new Set(), moderation: NO_MODERATION, messages: new Map(), recentBySender: new Map() };
    }
    case 'MessagePosted': {
      if (state.status !== 'open') return state;
      const d = event.data;
      const messages = new Map(state.messages).set(d.messageId, { senderId: d.senderId, content: d.content });
      if (d.type !== 'message') return { ...state, messages };
      const recent = [...(state.recentBySender.get(d.senderId) ?? []), d.postedAt].slice(-MESSAGES_PER_WINDOW_MAX);
      return { ...state, messages, recentBySender: new Map(state.recentBySender).set(d.senderId, recent) };
    }
    case 'ModeratorRequested':
      return state.status === 'open' ? { ...state, isModeratorRequested: true, moderation: { ...NO_MODERATION, status: 'open' } } : state;
    case 'ModeratorJoined': {
      if (state.status !== 'open') return state;
      // A moderator who joined an open request took it, as a claim does (streams recorded before
      // claims existed have only the join; newer ones record ModerationClaimed beside it).
      const moderation = state.moderation.status === 'open' ? { ...state.moderation, status: 'claimed' as const, claimedBy: event.data.moderatorId } : state.moderation;
      return { ...state, moderatorId: event.data.moderatorId, moderation };
    }
    case 'ChatClosed':
      return state.status === 'open' ? { ...state, isClosed: true } : state;
    case 'ModerationClaimed':
      return state.status === 'open' ? { ...state, moderation: { ...state.moderation, status: 'claimed', claimedBy: event.data.moderatorId } } : state;
    case 'ModerationEscalated':
      return state.status === 'open' ? { ...state, moderation: { ...state.moderation, status: 'escalated', escalatedBy: event.data.escalatedBy } } : state;
    case 'ModerationResolved':
      return state.status === 'open' ? { ...state, moderation: { ...state.moderation, status: 'resolved', resolvedBy: event.data.resolvedBy, note: event.data.note } } : state;
    case 'ChatPurged':
      return state.status === 'open' ? { ...state, isClosed: true, isPurged: true } : state;
    case 'EvidencePurged':
      return state.status === 'open' ? { ...state, purgedEvidence: new Set([...state.purgedEvidence, ...event.data.files.map((f) => f.sha256)]) } : state;
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}
