// Proves the moderation queue's rules on a chat: one claimant whoever asks, claiming joins the chat, only the claimant (or an admin) resolves, only the claimant escalates, only an admin resolves what was escalated, and the request only moves forward.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import { handleCommand } from '../event-store/command-handler.js';
import { InMemoryEventStore } from '../event-store/in-memory.js';
import { ConflictError, ForbiddenError, ValidationError } from '../shared/errors.js';
import { MODERATION_NOTE_LENGTH_MAX, chatDecider, chatStepId, chatStreamId, type ChatCommand, type ChatEvent, type ChatState, type ModerationStatus } from './index.js';

const now = new Date('2026-11-26T12:00:00.000Z');
const spec = deciderSpec(chatDecider);
const fold = (events: ChatEvent[], from?: ChatState): ChatState => spec.stateOf(events, from);

function requestedChat() {
  const [chatId, betId, a, b] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const events: ChatEvent[] = [
    { type: 'ChatCreated', data: { chatId, betId, participant1Id: a, participant2Id: b, createdAt: now.toISOString() } },
    { type: 'ModeratorRequested', data: { chatId, requestedBy: a, requestedAt: now.toISOString() } },
  ];
  return { chatId, a, b, events, state: fold(events) };
}

const claim = (chatId: string, moderatorId: string): ChatCommand => ({ type: 'ClaimModeration', data: { chatId, moderatorId, joinMessageId: chatStepId(chatId, moderatorId, 'join'), joinContent: 'm joined as moderator' }, metadata: { now } });
const resolve = (chatId: string, actorId: string, actorIsAdmin: boolean, note = 'Scores checked, both agree now'): ChatCommand => ({
  type: 'ResolveModeration',
  data: { chatId, actorId, actorIsAdmin, note, messageId: randomUUID(), content: `resolved: ${note}` },
  metadata: { now },
});
const escalate = (chatId: string, actorId: string, reason = 'Evidence is contradictory'): ChatCommand => ({
  type: 'EscalateToAdmin',
  data: { chatId, actorId, reason, messageId: randomUUID(), content: `escalated: ${reason}` },
  metadata: { now },
});


describe('moderation requests', () => {
  it('claiming an open request joins the chat as moderator; the claimant again is a no-op; another is refused', () => {
    const { chatId, state } = requestedChat();
    const [m1, m2] = [randomUUID(), randomUUID()];
    const events = spec.givenState(state).when(claim(chatId, m1)).events();
    expect(events.map((e) => e.type)).toEqual(['ModeratorJoined', 'MessagePosted', 'ModerationClaimed']);
    const claimed = fold(events, state);
    expect(claimed).toMatchObject({ moderatorId: m1, moderation: { status: 'claimed', claimedBy: m1 } });
    spec.givenState(claimed).when(claim(chatId, m1)).thenNothing();
    const other = spec.givenState(claimed).when(claim(chatId, m2)).thenRefused();
    expect(other).toBeInstanceOf(ConflictError);
    expect(other).toMatchObject({ message: 'Another moderator has already claimed this request', code: 'moderation_claimed' });
  });

  it('refuses a claim where nothing was requested, and by a player of the chat', () => {
    const { chatId, a, events } = requestedChat();
    const notRequested = fold(events.slice(0, 1));
    expect(spec.givenState(notRequested).when(claim(chatId, randomUUID())).thenRefused()).toMatchObject({ code: 'moderation_not_requested', status: 409 });
    expect(spec.givenState(fold(events)).when(claim(chatId, a)).thenRefused()).toBeInstanceOf(ForbiddenError);
  });

  it('a moderator who joined before the request claims it without joining again; another moderator may not', () => {
    const { chatId, events } = requestedChat();
    const m1 = randomUUID();
    const joined = fold([events[0]!, { type: 'ModeratorJoined', data: { chatId, moderatorId: m1, joinedAt: now.toISOString() } }, events[1]!]);
    expect(joined).toMatchObject({ moderatorId: m1, moderation: { status: 'open' } });
    expect(spec.givenState(joined).when(claim(chatId, m1)).events().map((e) => e.type)).toEqual(['ModerationClaimed']);
    expect(spec.givenState(joined).when(claim(chatId, randomUUID())).thenRefused()).toMatchObject({ code: 'moderator_already_joined' });
  });

  it('a stream recorded before claims existed (a request, then a join) reads as claimed by the moderator who joined', () => {
    const { chatId, events } = requestedChat();
    const m1 = randomUUID();
    const joined = fold([...events, { type: 'ModeratorJoined', data: { chatId, moderatorId: m1, joinedAt: now.toISOString() } }]);
    expect(joined).toMatchObject({ moderation: { status: 'claimed', claimedBy: m1 } });
    spec.givenState(joined).when(claim(chatId, m1)).thenNothing();
    expect(spec.givenState(joined).when(resolve(chatId, m1, false)).events()[0]).toMatchObject({ type: 'ModerationResolved' });
  });

  it('joining a chat whose request is open claims it', () => {
    const { chatId, state } = requestedChat();
    const m1 = randomUUID();
    const events = spec.givenState(state).when({ type: 'JoinAsModerator', data: { chatId, moderatorId: m1, messageId: randomUUID(), content: 'm joined' }, metadata: { now } }).events();
    expect(fold(events, state)).toMatchObject({ moderatorId: m1, moderation: { status: 'claimed', claimedBy: m1 } });
  });

  it('only the claimant or an admin resolves, with a note of 1–1000 characters; the same resolution again is a no-op', () => {
    const { chatId, state } = requestedChat();
    const [m1, m2, admin] = [randomUUID(), randomUUID(), randomUUID()];
    const claimed = spec.givenState(state).when(claim(chatId, m1)).after();
    expect(spec.givenState(claimed).when(resolve(chatId, m2, false)).thenRefused()).toMatchObject({
      status: 403,
      code: 'not_claimant',
      message: 'Only the moderator who claimed this request can resolve or escalate it',
    });
    expect(spec.givenState(claimed).when(resolve(chatId, m1, false, '   ')).thenRefused()).toMatchObject({ code: 'note_required', message: 'A note is required' });
    expect(spec.givenState(claimed).when(resolve(chatId, m1, false, 'x'.repeat(MODERATION_NOTE_LENGTH_MAX + 1))).thenRefused()).toBeInstanceOf(ValidationError);
    const events = spec.givenState(claimed).when(resolve(chatId, m1, false, '  all good  ')).events();
    expect(events[0]).toEqual({ type: 'ModerationResolved', data: { chatId, resolvedBy: m1, note: 'all good', resolvedAt: now.toISOString() } });
    const resolved = fold(events, claimed);
    spec.givenState(resolved).when(resolve(chatId, m1, false, 'all good')).thenNothing();
    expect(spec.givenState(resolved).when(resolve(chatId, m1, false, 'another note')).thenRefused()).toMatchObject({ code: 'moderation_resolved' });
    expect(spec.givenState(claimed).when(resolve(chatId, admin, true)).events()[0]).toMatchObject({ type: 'ModerationResolved', data: { resolvedBy: admin } });
  });

  it('only the claimant escalates; then only an admin resolves', () => {
    const { chatId, state } = requestedChat();
    const [m1, m2, admin] = [randomUUID(), randomUUID(), randomUUID()];
    const claimed = spec.givenState(state).when(claim(chatId, m1)).after();
    expect(spec.givenState(claimed).when(escalate(chatId, m2)).thenRefused()).toMatchObject({ code: 'not_claimant' });
    expect(spec.givenState(claimed).when(escalate(chatId, m1, '')).thenRefused()).toMatchObject({ code: 'reason_required' });
    const escalated = spec.givenState(claimed).when(escalate(chatId, m1)).after();
    expect(escalated).toMatchObject({ moderation: { status: 'escalated', escalatedBy: m1 } });
    spec.givenState(escalated).when(escalate(chatId, m1)).thenNothing();
    expect(spec.givenState(escalated).when(resolve(chatId, m1, false)).thenRefused()).toMatchObject({ status: 403, code: 'admin_required' });
    expect(spec.givenState(escalated).when(claim(chatId, m2)).thenRefused()).toMatchObject({ code: 'moderation_escalated' });
    expect(spec.givenState(escalated).when(resolve(chatId, admin, true)).after()).toMatchObject({ moderation: { status: 'resolved', resolvedBy: admin } });
  });

  it('a request cannot be resolved or escalated before it is claimed', () => {
    const { chatId, state } = requestedChat();
    expect(spec.givenState(state).when(resolve(chatId, randomUUID(), true)).thenRefused()).toMatchObject({ code: 'moderation_not_claimed' });
    expect(spec.givenState(state).when(escalate(chatId, randomUUID())).thenRefused()).toMatchObject({ code: 'moderation_not_claimed' });
  });
});

/** The edges the request may take; anything else is a broken state machine. */
const ALLOWED: Record<ModerationStatus, readonly ModerationStatus[]> = { none: ['open'], open: ['claimed'], claimed: ['escalated', 'resolved'], escalated: ['resolved'], resolved: [] };

describe('moderation, over any sequence of commands by anyone', () => {
  it('has one claimant, who is the chat moderator; resolutions and escalations come only from whom they may; the request only moves forward', () => {
    const { chatId, a, b, events: start } = requestedChat();
    const moderators = [randomUUID(), randomUUID(), randomUUID()];
    const admins = [randomUUID()];
    const actors = [a, b, ...moderators, ...admins];
    const step = fc.record({
      kind: fc.constantFrom('claim', 'resolve', 'escalate', 'join'),
      actor: fc.constantFrom(...actors),
      text: fc.constantFrom('ok', 'checked', '  ', 'x'.repeat(MODERATION_NOTE_LENGTH_MAX + 1)),
    });
    fc.assert(
      fc.property(fc.boolean(), fc.array(step, { maxLength: 25 }), (requested, steps) => {
        let state = fold(requested ? start : start.slice(0, 1));
        const recorded: ChatEvent[] = [];
        const statuses: ModerationStatus[] = [state.status === 'open' ? state.moderation.status : 'none'];
        for (const s of steps) {
          const isAdmin = admins.includes(s.actor);
          const command: ChatCommand =
            s.kind === 'claim'
              ? claim(chatId, s.actor)
              : s.kind === 'resolve'
                ? resolve(chatId, s.actor, isAdmin, s.text)
                : s.kind === 'escalate'
                  ? escalate(chatId, s.actor, s.text)
                  : { type: 'JoinAsModerator', data: { chatId, moderatorId: s.actor, messageId: randomUUID(), content: 'joined' }, metadata: { now } };
          const decided = spec.givenState(state).when(command);
          // A refusal is a DomainError (anything else fails the spec) and changes nothing.
          if (decided.refusal()) continue;
          const events = decided.events();
          const before = state;
          state = decided.after();
          recorded.push(...events);
          if (before.status !== 'open' || state.status !== 'open') throw new Error('the chat exists');
          const from = before.moderation.status;
          const to = state.moderation.status;
          if (from !== to) {
            expect(ALLOWED[from]).toContain(to);
            statuses.push(to);
          }
          for (const e of events) {
            if (e.type === 'ModerationResolved') {
              if (from === 'escalated') expect(admins).toContain(e.data.resolvedBy);
              else expect([before.moderation.claimedBy, ...admins]).toContain(e.data.resolvedBy);
            }
            if (e.type === 'ModerationEscalated') expect(e.data.escalatedBy).toBe(before.moderation.claimedBy);
          }
        }
        const claims = recorded.filter((e) => e.type === 'ModerationClaimed');
        expect(claims.length).toBeLessThanOrEqual(1);
        expect(recorded.filter((e) => e.type === 'ModerationResolved').length).toBeLessThanOrEqual(1);
        expect(recorded.filter((e) => e.type === 'ModerationEscalated').length).toBeLessThanOrEqual(1);
        if (state.status === 'open' && claims[0]?.type === 'ModerationClaimed') {
          expect(state.moderatorId).toBe(claims[0].data.moderatorId);
          expect([a, b]).not.toContain(claims[0].data.moderatorId);
        }
        if (!requested) expect(claims).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('claims racing on the event store', () => {
  it('however many moderators claim at once, exactly one wins and the others are told it is taken', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 8 }), async (count) => {
        const store = new InMemoryEventStore({ now: () => now });
        const { chatId, events } = requestedChat();
        await store.append(chatStreamId(chatId), events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data })));
        const moderators = Array.from({ length: count }, () => randomUUID());
        const outcomes = await Promise.allSettled(
          moderators.map((m) =>
            handleCommand(store, chatStreamId(chatId), chatDecider, claim(chatId, m), {
              eventIds: (decided) => decided.map((e) => chatStepId(chatId, e.type, m)),
            }),
          ),
        );
        const won = outcomes.filter((o) => o.status === 'fulfilled');
        expect(won).toHaveLength(1);
        for (const lost of outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')) {
          expect(lost.reason).toMatchObject({ code: 'moderation_claimed' });
        }
        const stream = await store.readStream(chatStreamId(chatId));
        expect(stream.filter((e) => e.type === 'ModerationClaimed')).toHaveLength(1);
        expect(stream.filter((e) => e.type === 'ModeratorJoined')).toHaveLength(1);
      }),
      { numRuns: 30 },
    );
  });
});
