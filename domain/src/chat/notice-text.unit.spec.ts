// Proves that a platform message's stored text names nobody (rendered from its notice), that a reader with names gets them back, and that an older event naming a person in its text is read name-free.
import { describe, expect, it } from 'vitest';
import { CHAT_NOTICE_KINDS, SYSTEM_SENDER, chatDecider, chatNoticeText, noticeUserIds, upcastChatMessage, type ChatCommand, type ChatEvent, type ChatNotice } from './index.js';

const alice = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';
const now = new Date('2026-11-27T10:00:00.000Z');

/** A notice of each kind naming alice wherever the kind names someone. */
const NOTICES: Record<(typeof CHAT_NOTICE_KINDS)[number], ChatNotice['params']> = {
  challenge_accepted: {},
  result_reported: { reporterId: alice, result: 'lost' },
  dispute_opened: { reason: 'lag' },
  dispute_resolved: { winnerId: alice, notes: 'replay seen' },
  bet_settled: { winnerId: alice, amount: '196.00', currency: 'NGN' },
  bet_voided: { reason: 'no match' },
  bet_cancelled: {},
  bet_expired: {},
  appeal_filed: { appellantId: alice, reason: 'look again' },
  appeal_decided: { outcome: 'upheld', winnerId: alice, notes: '' },
  tracker_suggestion: { winnerId: alice, basis: 'goals', challengerRaw: 3, opponentRaw: 1, handicap: 0, challengerTotal: 3, opponentTotal: 1 },
  moderator_requested: { requesterId: alice },
  moderator_joined: { moderatorId: alice },
  moderation_resolved: { moderatorId: alice, note: 'agreed' },
  moderation_escalated: { moderatorId: alice, reason: 'needs an admin' },
};

describe('chatNoticeText', () => {
  it('names nobody without names, and each named user by their name with them', () => {
    const names = new Map([[alice, 'alice_9']]);
    for (const kind of CHAT_NOTICE_KINDS) {
      const notice: ChatNotice = { kind, params: NOTICES[kind] };
      const neutral = chatNoticeText(notice);
      expect(neutral, kind).not.toContain('alice_9');
      expect(neutral, kind).not.toContain(alice);
      if (noticeUserIds(notice).length > 0) expect(chatNoticeText(notice, names), kind).toContain('alice_9');
    }
    expect(chatNoticeText({ kind: 'result_reported', params: NOTICES.result_reported })).toBe('A player reported: lost');
    expect(chatNoticeText({ kind: 'result_reported', params: NOTICES.result_reported }, names)).toBe('alice_9 reported: lost');
    expect(chatNoticeText({ kind: 'dispute_resolved', params: { winnerId: null, notes: '' } }, names)).toBe('An admin resolved the dispute: no winner');
    // An appeal's notice no longer quotes the reason (sealed on the bet); an older one does.
    expect(chatNoticeText({ kind: 'appeal_filed', params: { appellantId: alice } })).toBe('A player appealed the resolution');
    expect(chatNoticeText({ kind: 'appeal_filed', params: NOTICES.appeal_filed }, names)).toBe('alice_9 appealed the resolution: look again');
  });

  it('is what the decider stores for a platform message with a notice, whatever text the command brought', () => {
    const chatId = '33333333-3333-4333-8333-333333333333';
    const created = chatDecider.decide({ type: 'CreateChat', data: { chatId, betId: chatId, participant1Id: alice, participant2Id: bob }, metadata: { now } }, chatDecider.initialState());
    const state = created.reduce(chatDecider.evolve, chatDecider.initialState());
    const notice: ChatNotice = { kind: 'result_reported', params: NOTICES.result_reported };
    const command: ChatCommand = { type: 'PostSystemMessage', data: { chatId, messageId: bob, type: 'system', content: 'alice_9 reported: lost', notice }, metadata: { now } };
    expect(chatDecider.decide(command, state)).toEqual([
      { type: 'MessagePosted', data: { messageId: bob, chatId, senderId: SYSTEM_SENDER, type: 'system', content: 'A player reported: lost', notice, postedAt: now.toISOString() } },
    ]);
  });
});

describe('upcastChatMessage', () => {
  const posted = (data: Partial<Extract<ChatEvent, { type: 'MessagePosted' }>['data']>) => ({ type: 'MessagePosted', data: { messageId: bob, chatId: bob, senderId: SYSTEM_SENDER, type: 'system', content: 'alice_9 reported: lost', postedAt: now.toISOString(), ...data } });

  it("reads an older platform message's text from its notice, naming nobody", () => {
    const older = posted({ notice: { kind: 'result_reported', params: NOTICES.result_reported } });
    expect(upcastChatMessage(older).data).toMatchObject({ content: 'A player reported: lost', notice: older.data.notice });
  });

  it("leaves people's messages, messages without a notice and name-free ones as they are (the same object)", () => {
    const person = posted({ senderId: alice, type: 'message', content: 'gg alice_9' });
    const bare = posted({});
    const current = posted({ content: 'A player reported: lost', notice: { kind: 'result_reported', params: NOTICES.result_reported } });
    for (const event of [person, bare, current, { type: 'ChatClosed', data: { chatId: bob } }]) expect(upcastChatMessage(event)).toBe(event);
  });
});
