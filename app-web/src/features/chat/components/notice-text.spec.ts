// Proves the chat's platform messages are written from their kind and data in the reader's language (issue 29): names not ids, money in the app's format, a dispute's reason by its code, every kind in en/es/fr, and the English content only for a message without a notice or of an unknown kind.
import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { CHAT_NOTICE_KINDS } from '@wager/domain/chat/index';
import { enNotice, esNotice, frNotice } from '../../../locales/chat-notices';
import type { ChatMessage, ChatNotice } from '../api/chat-queries';
import { noticeText } from './notice-text';

const alice = '7b1f3c1e-1111-4c4c-9999-000000000001';
const message = (notice: ChatNotice | null, content = 'English text from the server'): ChatMessage => ({
  id: 'm1', chatId: 'c1', senderId: 'system', sender: { username: 'System' }, content, type: 'system', notice, createdAt: '2026-11-27T01:00:00Z',
});
const t = (language: string) => i18n.getFixedT(language);

afterAll(() => i18n.changeLanguage('en'));

describe('chat notices in the reader’s language', () => {
  it('writes a reported result with the reporter’s name, never the id or the server’s English', () => {
    const reported = message({ kind: 'result_reported', params: { reporterId: alice, reporter: 'bayo_ibadan', result: 'won' } }, 'bayo_ibadan reported: won');
    expect(noticeText(reported, t('en'))).toBe('bayo_ibadan reported a win.');
    expect(noticeText(reported, t('es'))).toBe('bayo_ibadan informó una victoria.');
    expect(noticeText(reported, t('fr'))).toBe('bayo_ibadan a déclaré une victoire.');
    for (const language of ['en', 'es', 'fr']) expect(noticeText(reported, t(language))).not.toContain(alice);
  });

  it('writes a resolution with its winner or none, and its notes', () => {
    const resolved = message({ kind: 'dispute_resolved', params: { winnerId: alice, winner: 'ada', notes: 'clear screenshot' } });
    expect(noticeText(resolved, t('es'))).toBe('Un administrador resolvió la disputa: gana ada. Notas: clear screenshot');
    const none = message({ kind: 'dispute_resolved', params: { winnerId: null, winner: null, notes: '' } });
    expect(noticeText(none, t('fr'))).toBe('Un administrateur a tranché le litige sans gagnant.');
  });

  it('says a dispute’s reason by its code in each language, and a reason without a code as it came', () => {
    const opened = message({ kind: 'dispute_opened', params: { reason: 'Both players reported a win', reasonCode: 'both_reported_win' } });
    expect(noticeText(opened, t('en'))).toBe('The result is disputed: both players reported a win');
    expect(noticeText(opened, t('es'))).toBe('El resultado está en disputa: los dos jugadores declararon una victoria');
    expect(noticeText(message({ kind: 'dispute_opened', params: { reason: 'Both players reported a loss', reasonCode: 'both_reported_loss' } }), t('fr'))).toBe('Le résultat est contesté : les deux joueurs ont déclaré une défaite');
    expect(noticeText(message({ kind: 'dispute_opened', params: { reason: 'Flagged by support', reasonCode: null } }), t('fr'))).toBe('Le résultat est contesté : Flagged by support');
  });

  it('shows a settlement’s amount with the app’s money formatter', () => {
    const settled = message({ kind: 'bet_settled', params: { winnerId: alice, winner: 'ada', amount: '2000.00', currency: 'NGN' } });
    expect(noticeText(settled, t('en'))).toBe('The bet is settled: ada won ₦2,000.00.');
  });

  it('writes the tracker’s view with the handicap and a draw', () => {
    const seen = message({ kind: 'tracker_suggestion', params: { winnerId: alice, winner: 'ada', basis: 'goals', challengerRaw: 3, opponentRaw: 1, handicap: -1, challengerTotal: 2, opponentTotal: 1 } });
    expect(noticeText(seen, t('en'))).toBe('The tracker saw ada win 3–1 (with the handicap -1: 2–1). Players still report the result; the tracker’s view is evidence.');
    const draw = message({ kind: 'tracker_suggestion', params: { winnerId: null, winner: null, basis: 'kills', challengerRaw: 5, opponentRaw: 5, handicap: 0, challengerTotal: 5, opponentTotal: 5 } });
    expect(noticeText(draw, t('es'))).toMatch(/^El seguimiento vio un empate 5–5 en bajas\./);
  });

  it('writes an appeal with its reason when the notice has one (recorded before), without it otherwise (the reason is the appellant’s)', () => {
    const before = message({ kind: 'appeal_filed', params: { appellantId: alice, appellant: 'ada', reason: 'my goal counted' } });
    expect(noticeText(before, t('en'))).toBe('ada appealed the resolution: my goal counted');
    const now = message({ kind: 'appeal_filed', params: { appellantId: alice, appellant: 'ada' } });
    expect(noticeText(now, t('en'))).toBe('ada appealed the resolution.');
    expect(noticeText(now, t('es'))).toBe('ada apeló la resolución.');
    expect(noticeText(now, t('fr'))).toBe('ada a fait appel de la décision.');
  });

  it('names someone who has no username any more as “a player”', () => {
    expect(noticeText(message({ kind: 'moderator_joined', params: { moderatorId: alice, moderator: '' } }), t('fr'))).toBe('un joueur a rejoint le chat comme modérateur.');
  });

  it('falls back to the English content without a notice or for a kind this build does not know', () => {
    expect(noticeText(message(null, 'Chat room created.'), t('es'))).toBe('Chat room created.');
    expect(noticeText(message({ kind: 'something_new' as never, params: {} }, 'Something new'), t('fr'))).toBe('Something new');
  });

  it('has a text in en, es and fr for every kind the server sends, none left in English', () => {
    for (const kind of CHAT_NOTICE_KINDS) {
      const params = { reporterId: alice, reporter: 'ada', result: 'draw', winnerId: alice, winner: 'ada', outcome: 'upheld', amount: '1.00', currency: 'NGN', basis: 'goals', challengerRaw: 1, opponentRaw: 0, handicap: 0, challengerTotal: 1, opponentTotal: 0, requesterId: alice, requester: 'ada', moderatorId: alice, moderator: 'ada', appellantId: alice, appellant: 'ada', reason: 'r', note: 'n', notes: '' };
      const texts = ['en', 'es', 'fr'].map((language) => noticeText(message({ kind, params }, 'FALLBACK'), t(language)));
      expect(texts.every((text) => text !== 'FALLBACK' && !text.includes('{{')), kind).toBe(true);
      expect(new Set(texts).size, kind).toBe(3);
    }
    expect(Object.keys(esNotice)).toEqual(Object.keys(enNotice));
    expect(Object.keys(frNotice)).toEqual(Object.keys(enNotice));
  });
});
