// Proves the moderation queue's read model against PostgreSQL: each event applied twice, a replayed older event never moves a request back, active requests oldest first and resolved ones latest first.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@wager/domain';
import { chatDecider, chatStreamId, type ChatCommand, type ChatEvent } from '@wager/domain/chat/index';
import { projectorSpec } from '../testing/projector-spec.js';
import type { Projector } from '../projector.js';
import { chatsProjector, moderationRequestsProjector } from './index.js';
import { findModerationRequest, listModerationQueue } from './queries.js';

const T0 = Date.parse('2026-11-26T12:00:00.000Z');
const projectors: Projector[] = [chatsProjector, moderationRequestsProjector];
const spec = projectorSpec('moderation_projections', projectors, { now: () => new Date(T0) });
const store = spec.store;
const applied: RecordedEvent[] = [];

/** Applies an event twice, as an at-least-once runner might. */
const applyTwice = (event: RecordedEvent): Promise<void> => spec.given([event]);

async function run(chatId: string, command: Omit<ChatCommand, 'metadata'>, minute: number): Promise<void> {
  const full = { ...command, metadata: { now: new Date(T0 + minute * 60_000) } } as ChatCommand;
  const recorded = await store.readStream(chatStreamId(chatId));
  const state = recorded.reduce((s, e) => chatDecider.evolve(s, e as unknown as ChatEvent), chatDecider.initialState());
  const events = chatDecider.decide(full, state);
  const before = (await store.readAll()).length;
  await store.append(chatStreamId(chatId), events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data })));
  for (const event of (await store.readAll()).slice(before)) {
    applied.push(event);
    await applyTwice(event);
  }
}

async function requested(minute: number) {
  const [chatId, betId, a, b] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  await run(chatId, { type: 'CreateChat', data: { chatId, betId, participant1Id: a, participant2Id: b } }, minute);
  await run(chatId, { type: 'RequestModerator', data: { chatId, requestedBy: a, messageId: randomUUID(), content: 'help' } }, minute);
  return { chatId, betId, a };
}

describe('moderation_requests', () => {
  it('follows a request from open to claimed, escalated and resolved, each event applied twice', async () => {
    const { chatId, betId, a } = await requested(0);
    const [mod, admin] = [randomUUID(), randomUUID()];
    expect(await findModerationRequest(spec.db, chatId)).toMatchObject({ betId, bet: null, request: { status: 'open', requested_by: a, requested_at: new Date(T0), claimed_by: null } });
    await run(chatId, { type: 'ClaimModeration', data: { chatId, moderatorId: mod, joinMessageId: randomUUID(), joinContent: 'joined' } }, 5);
    expect((await findModerationRequest(spec.db, chatId))?.request).toMatchObject({ status: 'claimed', claimed_by: mod, claimed_at: new Date(T0 + 5 * 60_000) });
    await run(chatId, { type: 'EscalateToAdmin', data: { chatId, actorId: mod, reason: 'needs an admin', messageId: randomUUID(), content: 'x' } }, 6);
    expect((await findModerationRequest(spec.db, chatId))?.request).toMatchObject({ status: 'escalated', escalated_by: mod, escalation_reason: 'needs an admin' });
    await run(chatId, { type: 'ResolveModeration', data: { chatId, actorId: admin, actorIsAdmin: true, note: 'voided the bet', messageId: randomUUID(), content: 'x' } }, 7);
    expect((await findModerationRequest(spec.db, chatId))?.request).toMatchObject({ status: 'resolved', resolved_by: admin, resolution_note: 'voided the bet', claimed_by: mod, escalated_by: mod });

    // A replay of the stream's older events leaves the resolved request as it is.
    for (const event of applied.filter((e) => e.streamId === chatStreamId(chatId))) await applyTwice(event);
    expect((await findModerationRequest(spec.db, chatId))?.request).toMatchObject({ status: 'resolved', resolved_by: admin });
  });

  it('reads a request followed by a bare join (recorded before claims existed) as claimed by who joined', async () => {
    const { chatId } = await requested(50);
    const mod = randomUUID();
    const joined = { id: randomUUID(), type: 'ModeratorJoined', data: { chatId, moderatorId: mod, joinedAt: new Date(T0 + 51 * 60_000).toISOString() } };
    const [recorded] = (await store.append(chatStreamId(chatId), [joined]), (await store.readStream(chatStreamId(chatId))).slice(-1));
    await applyTwice(recorded!);
    expect((await findModerationRequest(spec.db, chatId))?.request).toMatchObject({ status: 'claimed', claimed_by: mod, claimed_at: new Date(T0 + 51 * 60_000) });
  });

  it('lists active requests longest waiting first, and resolved ones latest first', async () => {
    const first = await requested(100);
    const second = await requested(90);
    const third = await requested(95);
    const mod = randomUUID();
    await run(third.chatId, { type: 'ClaimModeration', data: { chatId: third.chatId, moderatorId: mod, joinMessageId: randomUUID(), joinContent: 'joined' } }, 101);
    const mine: string[] = [first.chatId, second.chatId, third.chatId];
    const ours = (items: { request: { chat_id: string } }[]) => items.map((i) => i.request.chat_id).filter((id) => mine.includes(id));
    expect(ours(await listModerationQueue(spec.db, { scope: 'active', limit: 1000 }))).toEqual([second.chatId, third.chatId, first.chatId]);
    await run(first.chatId, { type: 'ClaimModeration', data: { chatId: first.chatId, moderatorId: mod, joinMessageId: randomUUID(), joinContent: 'joined' } }, 102);
    await run(first.chatId, { type: 'ResolveModeration', data: { chatId: first.chatId, actorId: mod, actorIsAdmin: false, note: 'ok', messageId: randomUUID(), content: 'x' } }, 103);
    await run(third.chatId, { type: 'ResolveModeration', data: { chatId: third.chatId, actorId: mod, actorIsAdmin: false, note: 'ok', messageId: randomUUID(), content: 'x' } }, 104);
    expect(ours(await listModerationQueue(spec.db, { scope: 'active', limit: 1000 }))).toEqual([second.chatId]);
    expect(ours(await listModerationQueue(spec.db, { scope: 'resolved', limit: 1000 }))).toEqual([third.chatId, first.chatId]);
  });
});
