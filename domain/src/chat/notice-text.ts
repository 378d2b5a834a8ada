/**
 * The English text of a platform message, rendered from its notice (docs/architecture.md,
 * "Personal data and erasure"). A system message names people by user id only, in its notice; the
 * text stored with the event is this rendering without names ("A player reported: lost"), so the
 * log and the read tables never hold a username in clear, and a server answer renders it again
 * with the names as they are now (an erased person then reads as their pseudonym). The web app
 * renders the notice itself, in the reader's language.
 */
import { SYSTEM_SENDER, type ChatNotice } from './events.js';

/** Usernames by user id, as the reader is to see them (absent: the neutral word). */
export type NoticeNames = ReadonlyMap<string, string>;

const NO_NAMES: NoticeNames = new Map();

type Params = ChatNotice['params'];

const text = (value: string | number | null | undefined): string => (value === null || value === undefined ? '' : String(value));

/** The named user's current name, or the neutral words when the notice or the reader has none. */
function nameOf(params: Params, key: string, names: NoticeNames, neutral: string): string {
  const id = params[key];
  return (typeof id === 'string' ? names.get(id) : undefined) || neutral;
}

function trackerText(p: Params, names: NoticeNames): string {
  const score = `${text(p.challengerRaw)}–${text(p.opponentRaw)}`;
  const handicap = Number(p.handicap ?? 0);
  const withHandicap = handicap !== 0 ? ` (with the handicap ${handicap > 0 ? '+' : ''}${handicap}: ${text(p.challengerTotal)}–${text(p.opponentTotal)})` : '';
  const unit = p.basis === 'kills' ? ' on kills' : '';
  const verdict = typeof p.winnerId === 'string' ? `${nameOf(p, 'winnerId', names, 'a player')} win` : 'a draw';
  return `The tracker saw ${verdict} ${score}${unit}${withHandicap}. Players still report the result; the tracker's view is evidence.`;
}

/**
 * The notice's English text. Without `names` (what the log and the read tables keep) it names
 * nobody; with them, each user id the notice holds reads as that user's name.
 */
export function chatNoticeText(notice: ChatNotice, names: NoticeNames = NO_NAMES): string {
  const p = notice.params;
  const winner = () => (typeof p.winnerId === 'string' ? `winner ${nameOf(p, 'winnerId', names, 'a player')}` : 'no winner');
  switch (notice.kind) {
    case 'challenge_accepted':
      return 'The challenge was accepted. Agree on a match time here.';
    case 'result_reported':
      return `${nameOf(p, 'reporterId', names, 'A player')} reported: ${text(p.result)}`;
    case 'dispute_opened':
      return `The result is disputed: ${text(p.reason)}`;
    case 'dispute_resolved': {
      const notes = text(p.notes).trim();
      return `An admin resolved the dispute: ${winner()}${notes ? ` (${notes})` : ''}`;
    }
    case 'bet_settled':
      return `The bet is settled: ${nameOf(p, 'winnerId', names, 'a player')} won ${text(p.amount)} ${text(p.currency)}`;
    case 'bet_voided':
      return 'The bet was voided and the stakes refunded';
    case 'bet_cancelled':
      return 'The bet was cancelled and the stakes refunded; this chat is closed';
    case 'bet_expired':
      return 'The bet expired and the stakes refunded; this chat is closed';
    case 'appeal_filed':
      // Notices since appeal reasons are sealed carry none (the reason is shown with the appeal); older ones quote it.
      return `${nameOf(p, 'appellantId', names, 'A player')} appealed the resolution${p.reason ? `: ${text(p.reason)}` : ''}`;
    case 'appeal_decided':
      return `An admin decided the appeal: ${p.outcome === 'upheld' ? 'the resolution stands' : 'the resolution is overturned'} (${winner()})`;
    case 'tracker_suggestion':
      return trackerText(p, names);
    case 'moderator_requested':
      return `${nameOf(p, 'requesterId', names, 'A player')} requested a moderator`;
    case 'moderator_joined':
      return `${nameOf(p, 'moderatorId', names, 'A moderator')} joined as moderator`;
    case 'moderation_resolved':
      return `${nameOf(p, 'moderatorId', names, 'A moderator')} resolved the moderation request: ${text(p.note).trim()}`;
    case 'moderation_escalated':
      return `${nameOf(p, 'moderatorId', names, 'A moderator')} handed this chat to an admin: ${text(p.reason).trim()}`;
    default: {
      const never: never = notice.kind;
      return never;
    }
  }
}

/** The user ids a notice names (its parameters ending in `Id`). */
export function noticeUserIds(notice: ChatNotice | null | undefined): string[] {
  if (!notice) return [];
  return Object.entries(notice.params).flatMap(([key, value]) => (key.endsWith('Id') && typeof value === 'string' ? [value] : []));
}

/**
 * An event of a chat stream as it is read today: a platform message with a notice reads the text
 * of its notice, names left out, whatever English its event stored (events recorded before this
 * rule carry "<name> reported: …"). The stored bytes are not changed (the hash chain covers
 * them); every reader (projectors, the chat's fold, the export) sees the name-free text.
 */
export function upcastChatMessage<E extends { type: string; data: unknown }>(event: E): E {
  if (event.type !== 'MessagePosted') return event;
  const d = event.data as { senderId?: unknown; notice?: ChatNotice; content?: unknown };
  if (d.senderId !== SYSTEM_SENDER || !d.notice || typeof d.notice !== 'object') return event;
  const content = chatNoticeText(d.notice);
  return d.content === content ? event : { ...event, data: { ...(event.data as object), content } };
}
