// Proves the chat's rules: creation once, who may post, content limits, the per-sender rate limit, idempotent resends, moderators, closing, purging (retention, erasure).
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from '../shared/errors.js';
import { MESSAGES_PER_WINDOW_MAX, MESSAGE_LENGTH_MAX, MESSAGE_WINDOW_MS, chatDecider, type ChatCommand, type ChatEvent, type ChatState } from './index.js';

const now = new Date('2026-11-21T12:00:00.000Z');
const spec = deciderSpec(chatDecider);
const fold = (events: ChatEvent[], from?: ChatState): ChatState => spec.stateOf(events, from);

function openChat() {
  const [chatId, betId, a, b] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const created: ChatEvent[] = [{ type: 'ChatCreated', data: { chatId, betId, participant1Id: a, participant2Id: b, createdAt: now.toISOString() } }];
  return { chatId, a, b, state: fold(created) };
}
const post = (chatId: string, senderId: string, content: string, at = now, messageId = randomUUID()): ChatCommand => ({ type: 'PostMessage', data: { chatId, messageId, senderId, content }, metadata: { now: at } });

describe('chat decider', () => {
  it('creates the chat, then treats a repeat as a no-op', () => {
    const [chatId, betId, a, b] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const command = { type: 'CreateChat' as const, data: { chatId, betId, participant1Id: a, participant2Id: b }, metadata: { now } };
    const events = spec.given().when(command).events();
    expect(events).toEqual([{ type: 'ChatCreated', data: { chatId, betId, participant1Id: a, participant2Id: b, createdAt: now.toISOString() } }]);
    spec.givenState(fold(events)).when(command).thenNothing();
  });
  it('refuses a chat with oneself', () => {
    const a = randomUUID();
    spec.given().when({ type: 'CreateChat', data: { chatId: randomUUID(), betId: randomUUID(), participant1Id: a, participant2Id: a }, metadata: { now } }).thenRefused({ type: ValidationError });
  });

  it('posts a participant message, trimmed', () => {
    const { chatId, a, state } = openChat();
    const messageId = randomUUID();
    expect(spec.givenState(state).when(post(chatId, a, '  gg at 8?\n ', now, messageId)).events()).toEqual([
      { type: 'MessagePosted', data: { messageId, chatId, senderId: a, type: 'message', content: 'gg at 8?', postedAt: now.toISOString() } },
    ]);
  });

  it('refuses posts in a chat that does not exist, from outsiders, and in a closed chat', () => {
    const { chatId, a, state } = openChat();
    expect(spec.given().when(post(chatId, a, 'hi')).thenRefused()).toBeInstanceOf(NotFoundError);
    expect(spec.givenState(state).when(post(chatId, randomUUID(), 'hi')).thenRefused()).toBeInstanceOf(ForbiddenError);
    const closed = spec.givenState(state).when({ type: 'CloseChat', data: { chatId, reason: 'cancelled' }, metadata: { now } }).after();
    const error = spec.givenState(closed).when(post(chatId, a, 'hi')).thenRefused();
    expect(error).toMatchObject({ status: 409, code: 'chat_closed', message: 'This chat is closed' });
    spec.givenState(closed).when({ type: 'CloseChat', data: { chatId, reason: 'cancelled' }, metadata: { now } }).thenNothing();
    spec.given().when({ type: 'CloseChat', data: { chatId, reason: 'expired' }, metadata: { now } }).thenNothing();
  });

  it('accepts any content of 1–500 characters after trimming, without control characters', () => {
    const { chatId, a, state } = openChat();
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 700 }), (text) => {
        const trimmed = text.trim();
        // eslint-disable-next-line no-control-regex
        const valid = trimmed.length >= 1 && trimmed.length <= MESSAGE_LENGTH_MAX && !/[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F]/.test(trimmed);
        if (valid) expect(spec.givenState(state).when(post(chatId, a, text)).events()[0]).toMatchObject({ data: { content: trimmed } });
        else expect(spec.givenState(state).when(post(chatId, a, text)).thenRefused()).toBeInstanceOf(ValidationError);
      }),
    );
  });
  it('names the refusals of content in the spec words', () => {
    const { chatId, a, state } = openChat();
    expect(spec.givenState(state).when(post(chatId, a, '   ')).thenRefused()).toMatchObject({ code: 'message_empty' });
    expect(spec.givenState(state).when(post(chatId, a, 'x'.repeat(501))).thenRefused()).toMatchObject({ code: 'message_too_long', params: { max: 500 } });
    expect(spec.givenState(state).when(post(chatId, a, 'x'.repeat(500))).events()).toHaveLength(1);
    expect(spec.givenState(state).when(post(chatId, a, 'a\u0000b')).thenRefused()).toMatchObject({ message: 'Message contains invalid characters', code: 'message_invalid_characters' });
    expect(spec.givenState(state).when(post(chatId, a, 'line one\nline two')).events()).toHaveLength(1);
  });

  it('lets a sender post at most 10 messages in any 10 seconds, per sender', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 1, maxLength: 40 }), (gaps) => {
        const { chatId, a, b, state: start } = openChat();
        let state = start;
        let at = now.getTime();
        const accepted: number[] = [];
        for (const gap of gaps) {
          at += gap;
          const inWindow = accepted.filter((t) => t > at - MESSAGE_WINDOW_MS).length;
          if (inWindow >= MESSAGES_PER_WINDOW_MAX) {
            const error = spec.givenState(state).when(post(chatId, a, 'hi', new Date(at))).thenRefused();
            expect(error).toBeInstanceOf(TooManyRequestsError);
            expect(error).toMatchObject({ status: 429, message: 'You are sending messages too fast' });
            // The other participant is not held back by a's pace.
            expect(spec.givenState(state).when(post(chatId, b, 'hi', new Date(at))).events()).toHaveLength(1);
          } else {
            state = spec.givenState(state).when(post(chatId, a, 'hi', new Date(at))).after();
            accepted.push(at);
          }
        }
      }),
    );
  });

  it('stores a resend under one id once, and refuses another text under that id', () => {
    const { chatId, a, state } = openChat();
    const messageId = randomUUID();
    const posted = spec.givenState(state).when(post(chatId, a, 'ready?', now, messageId)).after();
    spec.givenState(posted).when(post(chatId, a, 'ready?', now, messageId)).thenNothing();
    expect(spec.givenState(posted).when(post(chatId, a, 'not ready', now, messageId)).thenRefused()).toMatchObject({ status: 409, code: 'idempotency_conflict' });
  });

  it('lets a participant request a moderator once, with an invitation message', () => {
    const { chatId, a, b, state } = openChat();
    const messageId = randomUUID();
    const request = (by: string): ChatCommand => ({ type: 'RequestModerator', data: { chatId, requestedBy: by, messageId, content: 'A moderator has been requested' }, metadata: { now } });
    expect(spec.givenState(state).when(request(randomUUID())).thenRefused()).toBeInstanceOf(ForbiddenError);
    const events = spec.givenState(state).when(request(a)).events();
    expect(events.map((e) => e.type)).toEqual(['ModeratorRequested', 'MessagePosted']);
    expect(events[1]).toMatchObject({ data: { type: 'moderator_invite', senderId: 'system' } });
    const error = spec.givenState(fold(events, state)).when(request(b)).thenRefused();
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toBe('A moderator has already been requested for this chat');
  });

  it('lets one moderator join (again is a no-op), who may then post; a participant cannot moderate', () => {
    const { chatId, a, state } = openChat();
    const moderator = randomUUID();
    const join = (id: string): ChatCommand => ({ type: 'JoinAsModerator', data: { chatId, moderatorId: id, messageId: randomUUID(), content: 'mod joined as moderator' }, metadata: { now } });
    expect(spec.givenState(state).when(join(a)).thenRefused()).toBeInstanceOf(ForbiddenError);
    const joined = spec.givenState(state).when(join(moderator)).after();
    expect(joined).toMatchObject({ moderatorId: moderator });
    spec.givenState(joined).when(join(moderator)).thenNothing();
    expect(spec.givenState(joined).when(join(randomUUID())).thenRefused()).toBeInstanceOf(ConflictError);
    expect(spec.givenState(joined).when(post(chatId, moderator, 'I am here')).events()).toHaveLength(1);
  });

  it('writes a system message once per id, even in a closed chat', () => {
    const { chatId, state } = openChat();
    const closed = fold([{ type: 'ChatClosed', data: { chatId, reason: 'expired', closedAt: now.toISOString() } }], state);
    const command: ChatCommand = { type: 'PostSystemMessage', data: { chatId, messageId: randomUUID(), type: 'system', content: 'The bet expired' }, metadata: { now } };
    const events = spec.givenState(closed).when(command).events();
    expect(events).toHaveLength(1);
    spec.givenState(fold(events, closed)).when(command).thenNothing();
  });

  it('purges once: the texts on record as gone, the chat closed for good, each evidence file recorded once whatever the order of the purges', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('PurgeChat', 'PurgeEvidence'), fc.subarray(['a', 'b', 'c'])), { minLength: 1, maxLength: 6 }), (steps) => {
        const { chatId, a, state: opened } = openChat();
        let state = spec.givenState(opened).when(post(chatId, a, 'hello')).after();
        const recorded: ChatEvent[] = [];
        for (const [type, files] of steps) {
          const evidence = files.map((f) => ({ sha256: f.repeat(64).slice(0, 64), reporterId: a }));
          const command: ChatCommand = type === 'PurgeChat' ? { type, data: { chatId, retentionDays: 180, evidence }, metadata: { now } } : { type, data: { chatId, reason: 'erasure', evidence }, metadata: { now } };
          const events = spec.givenState(state).when(command).events();
          recorded.push(...events);
          state = fold(events, state);
        }
        const purgedChats = recorded.filter((e) => e.type === 'ChatPurged');
        expect(purgedChats.length).toBe(steps.some(([t]) => t === 'PurgeChat') ? 1 : 0);
        if (purgedChats[0]) expect(purgedChats[0].data).toMatchObject({ messageCount: 1, reason: 'retention', retentionDays: 180 });
        const files = recorded.flatMap((e) => (e.type === 'EvidencePurged' ? e.data.files.map((f) => f.sha256) : []));
        expect(new Set(files).size).toBe(files.length);
        expect(new Set(files)).toEqual(new Set(steps.flatMap(([, f]) => f).map((f) => f.repeat(64).slice(0, 64))));
        if (purgedChats.length > 0) spec.givenState(state).when(post(chatId, a, 'again')).thenRefused({ code: 'chat_closed' });
      }),
    );
  });
});
