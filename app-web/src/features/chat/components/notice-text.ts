import type { TFunction } from 'i18next';
import { formatMoney } from '../../../lib/money';
import type { ChatMessage } from '../api/chat-queries';

type Params = Record<string, string | number | null>;

const text = (params: Params, key: string): string => {
  const value = params[key];
  return value === null || value === undefined ? '' : String(value);
};

/**
 * A platform message in the reader's language, from its kind and data (issue 29; docs/api/chat.md,
 * "Notices"). Names are the usernames the API put beside each id; amounts go through the app's
 * money formatter. A message without a notice (a person's, or one recorded before notices) or of
 * a kind this build does not know reads as its English `content`.
 */
export function noticeText(message: ChatMessage, t: TFunction): string {
  const notice = message.notice;
  if (!notice) return message.content;
  const p = notice.params;
  const name = (key: string): string => text(p, key) || t('someone', { ns: 'notice' });
  const withNotes = (sentence: string, key: string): string => (text(p, key) ? `${sentence} ${t('notes', { ns: 'notice', notes: text(p, key) })}` : sentence);
  const o = { ns: 'notice' } as const;
  switch (notice.kind) {
    case 'challenge_accepted':
    case 'bet_voided':
    case 'bet_cancelled':
    case 'bet_expired':
      return t(notice.kind, o);
    case 'result_reported': {
      const result = text(p, 'result');
      if (result !== 'won' && result !== 'lost' && result !== 'draw') return message.content;
      return t(`result_reported_${result}`, { ...o, reporter: name('reporter') });
    }
    case 'dispute_opened':
      return t('dispute_opened', { ...o, reason: text(p, 'reasonCode') ? t(`reason_${text(p, 'reasonCode')}`, { ...o, defaultValue: text(p, 'reason') }) : text(p, 'reason') });
    case 'dispute_resolved':
      return withNotes(p.winnerId ? t('dispute_resolved', { ...o, winner: name('winner') }) : t('dispute_resolved_none', o), 'notes');
    case 'bet_settled':
      return t('bet_settled', { ...o, winner: name('winner'), amount: formatMoney(text(p, 'amount'), text(p, 'currency') || undefined) });
    case 'appeal_filed':
      // The reason is the appellant's own words: notices since erasure covered it carry none (it is on the bet's appeal).
      return text(p, 'reason') ? t('appeal_filed', { ...o, appellant: name('appellant'), reason: text(p, 'reason') }) : t('appeal_filed_plain', { ...o, appellant: name('appellant') });
    case 'appeal_decided':
      return withNotes(t(text(p, 'outcome') === 'overturned' ? 'appeal_decided_overturned' : 'appeal_decided_upheld', o), 'notes');
    case 'tracker_suggestion': {
      const raw = `${text(p, 'challengerRaw')}–${text(p, 'opponentRaw')}`;
      const handicap = Number(p.handicap ?? 0);
      let score = text(p, 'basis') === 'kills' ? t('trackerKills', { ...o, score: raw }) : raw;
      if (handicap !== 0) score = t('trackerHandicap', { ...o, score, handicap: `${handicap > 0 ? '+' : ''}${handicap}`, total: `${text(p, 'challengerTotal')}–${text(p, 'opponentTotal')}` });
      return p.winnerId ? t('tracker_suggestion', { ...o, winner: name('winner'), score }) : t('tracker_suggestion_draw', { ...o, score });
    }
    case 'moderator_requested':
      return t('moderator_requested', { ...o, requester: name('requester') });
    case 'moderator_joined':
      return t('moderator_joined', { ...o, moderator: name('moderator') });
    case 'moderation_resolved':
      return t('moderation_resolved', { ...o, moderator: name('moderator'), note: text(p, 'note') });
    case 'moderation_escalated':
      return t('moderation_escalated', { ...o, moderator: name('moderator'), reason: text(p, 'reason') });
    default:
      return message.content;
  }
}
