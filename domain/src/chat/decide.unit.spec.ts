// Proves a bet's chat is created once with its two participants, and that creating it again stores nothing.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../shared/errors.js';
import { chatDecider } from './index.js';

describe('chat decider', () => {
  const now = new Date('2026-11-21T12:00:00.000Z');
  it('creates the chat, then treats a repeat as a no-op', () => {
    const [chatId, betId, a, b] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const command = { type: 'CreateChat' as const, data: { chatId, betId, participant1Id: a, participant2Id: b }, metadata: { now } };
    const events = chatDecider.decide(command, chatDecider.initialState());
    expect(events).toEqual([{ type: 'ChatCreated', data: { chatId, betId, participant1Id: a, participant2Id: b, createdAt: now.toISOString() } }]);
    expect(chatDecider.decide(command, events.reduce(chatDecider.evolve, chatDecider.initialState()))).toEqual([]);
  });
  it('refuses a chat with oneself', () => {
    const a = randomUUID();
    expect(() => chatDecider.decide({ type: 'CreateChat', data: { chatId: randomUUID(), betId: randomUUID(), participant1Id: a, participant2Id: a }, metadata: { now } }, chatDecider.initialState())).toThrow(ValidationError);
  });
});
