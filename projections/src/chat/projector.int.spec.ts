// Proves the chat read models (chats, chat_messages) against PostgreSQL, each event applied twice, and the message pages.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { InMemoryEventStore, type RecordedEvent } from '@wager/domain';
import { chatDecider, chatStreamId, type ChatCommand, type ChatEvent } from '@wager/domain/chat/index';
import { projectorSpec } from '../testing/projector-spec.js';
import type { Projector } from '../projector.js';
import { chatMessagesProjector, chatsProjector } from './index.js';
import { findChat, findChatByBetId, listChatMessages, listChatsAwaitingModerator } from './queries.js';

const T0 = new Date('2026-11-21T12:00:00.000Z');
const projectors: Projector[] = [chatsProjector, chatMessagesProjector];
const spec = projectorSpec('chat_projections', projectors, { now: () => T0 });
const store = spec.store;

async function run(chatId: string, command: ChatCommand): Promise<void> {
  const recorded = await store.readStream(chatStreamId(chatId));
  const state = recorded.reduce((s, e) => chatDecider.evolve(s, e as unknown as ChatEvent), chatDecider.initialState());
  const events = chatDecider.decide(command, state);
  const before = (await store.readAll()).length;
  await store.append(chatStreamId(chatId), events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data })));
  const fresh: RecordedEvent[] = (await store.readAll()).slice(before);
  await spec.given(fresh);
}

describe('chats', () => {
  it('creates the bet chat once, then records the moderator request, the moderator and the closing', async () => {
    const [chatId, betId, a, b, moderator] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const now = T0;
    await run(chatId, { type: 'CreateChat', data: { chatId, betId, participant1Id: a, participant2Id: b }, metadata: { now } });
    expect(await findChatByBetId(spec.db, betId)).toMatchObject({ id: chatId, participant1_id: a, participant2_id: b, moderator_id: null, is_moderator_requested: false, is_closed: false });
    await run(chatId, { type: 'RequestModerator', data: { chatId, requestedBy: a, messageId: randomUUID(), content: 'help' }, metadata: { now } });
    expect((await listChatsAwaitingModerator(spec.db, 1000)).map((c) => c.id)).toContain(chatId);
    await run(chatId, { type: 'JoinAsModerator', data: { chatId, moderatorId: moderator, messageId: randomUUID(), content: 'mod joined as moderator' }, metadata: { now } });
    expect((await listChatsAwaitingModerator(spec.db, 1000)).map((c) => c.id)).not.toContain(chatId);
    await run(chatId, { type: 'CloseChat', data: { chatId, reason: 'cancelled' }, metadata: { now } });
    expect(await findChat(spec.db, chatId)).toMatchObject({ moderator_id: moderator, is_moderator_requested: true, is_closed: true });
  });
});

describe('chat messages', () => {
  it('lists pages oldest first, before a cursor, once each', async () => {
    const [chatId, betId, a, b] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await run(chatId, { type: 'CreateChat', data: { chatId, betId, participant1Id: a, participant2Id: b }, metadata: { now: T0 } });
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const messageId = randomUUID();
      ids.push(messageId);
      await run(chatId, { type: 'PostMessage', data: { chatId, messageId, senderId: i % 2 ? a : b, content: `m${i}` }, metadata: { now: new Date(T0.getTime() + i * 5000) } });
    }
    const newest = await listChatMessages(spec.db, chatId, { limit: 3 });
    expect(newest.map((m) => m.content)).toEqual(['m4', 'm5', 'm6']);
    const older = await listChatMessages(spec.db, chatId, { before: ids[4], limit: 3 });
    expect(older.map((m) => m.content)).toEqual(['m1', 'm2', 'm3']);
    expect((await listChatMessages(spec.db, chatId, { before: ids[1], limit: 3 })).map((m) => m.id)).toEqual([ids[0]]);
    expect(await listChatMessages(spec.db, chatId, { before: randomUUID(), limit: 3 })).toEqual([]);
  });
});
