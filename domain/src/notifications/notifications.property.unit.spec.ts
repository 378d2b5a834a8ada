// Proves the notifications reactor's rule: over random bet lifecycles (appeals included), deposits, moderator requests and security facts (password changed, new device) delivered with random repeats, each event notifies exactly the right people (checked against an independent list), each exactly once, with ids that do not depend on the delivery; and the stream's decider keeps locked channels on and marks read idempotently.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.js';
import { CATEGORY_OF, DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_CATEGORIES, NOTIFICATION_CHANNELS, channelsFor, isLocked, type NotificationPreferences, type NotificationType } from './categories.js';
import { renderNotification } from './render.js';
import type { NotificationCommand } from './commands.js';
import type { NotificationEvent } from './events.js';
import { deciderSpec } from '../testing/decider-spec.js';
import { notificationsDecider } from './index.js';
import { needsOf, planNotifications, type NotificationContext, type SourceEvent } from './plan.js';
import type { NotificationsState } from './state.js';

const USERS = ['a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000004'];
const T = '2026-11-26T10:00:00.000Z';
const spec = deciderSpec(notificationsDecider);

interface Expected {
  readonly event: SourceEvent;
  /** Who must hear of it, and as what (the test's own list, not the rule's). */
  readonly recipients: readonly (readonly [string, NotificationType])[];
}

let counter = 0;
const eventId = () => `e0000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;
const ev = (streamId: string, type: string, data: Record<string, unknown>): SourceEvent => ({ id: eventId(), streamId, type, data });

const lifecycleArb = fc.record({
  challenger: fc.constantFrom(...USERS),
  opponentOffset: fc.integer({ min: 1, max: USERS.length - 1 }),
  direct: fc.boolean(),
  path: fc.constantFrom('expire', 'agree', 'uncontested', 'dispute-win', 'dispute-void'),
  firstReporterIsChallenger: fc.boolean(),
  moderators: fc.subarray(USERS),
  resolver: fc.constantFrom(...USERS),
  appeal: fc.constantFrom('none', 'upheld', 'overturned'),
});

/** One bet's events, with whom each must notify. */
type Lifecycle = typeof lifecycleArb extends fc.Arbitrary<infer L> ? L : never;
function lifecycle(l: Lifecycle): Expected[] {
  const betId = `b${++counter}`;
  const s = `bet-${betId}`;
  const c = l.challenger;
  const o = USERS[(USERS.indexOf(c) + l.opponentOffset) % USERS.length]!;
  const out: Expected[] = [];
  const push = (event: SourceEvent, recipients: [string, NotificationType][]) => out.push({ event, recipients });
  push(ev(s, 'BetCreated', { betId, challengerId: c, invitedOpponentId: l.direct ? o : null, amount: '100.00', currency: 'NGN', gameType: 'fc25', inviteLinkId: 'link', createdAt: T, expiresAt: T }), l.direct ? [[o, 'challenge_received']] : []);
  if (l.path === 'expire') {
    push(ev(s, 'BetExpired', { betId, refunds: [{ userId: c, amount: '102.00' }], expiredAt: T }), [[c, 'bet_expired']]);
    return out;
  }
  push(ev(s, 'BetAccepted', { betId, opponentId: o, via: 'invite', acceptedAt: T, deadlineAt: T }), [[c, 'challenge_accepted']]);
  const [first, second] = l.firstReporterIsChallenger ? [c, o] : [o, c];
  push(ev(s, 'BetResultReported', { betId, reporterId: first, result: 'won', evidence: [], reportedAt: T, contestDeadlineAt: T }), [[second, 'result_reported']]);
  const chatId = `chat-of-${betId}`;
  push(ev(`chat-${chatId}`, 'ModeratorRequested', { chatId, requestedBy: second, requestedAt: T }), l.moderators.filter((m: string) => m !== c && m !== o).map((m: string): [string, NotificationType] => [m, 'moderator_requested']));
  const settle = (winner: string, loser: string) =>
    push(ev(s, 'BetSettled', { betId, winnerId: winner, loserId: loser, currency: 'NGN', payoutAmount: '200.00', settledBy: 'agreement', settledAt: T }), [
      [winner, 'bet_won'],
      [loser, 'bet_lost'],
    ]);
  if (l.path === 'uncontested') return settle(first, second), out;
  if (l.path === 'agree') {
    push(ev(s, 'BetResultReported', { betId, reporterId: second, result: 'lost', evidence: [], reportedAt: T, contestDeadlineAt: T }), [[first, 'result_reported']]);
    return settle(first, second), out;
  }
  push(ev(s, 'BetResultReported', { betId, reporterId: second, result: 'won', evidence: [], reportedAt: T, contestDeadlineAt: T }), [[first, 'result_reported']]);
  push(ev(s, 'BetDisputed', { betId, reason: 'conflict', disputedAt: T }), [
    [c, 'dispute_opened'],
    [o, 'dispute_opened'],
  ]);
  const winner = l.path === 'dispute-win' ? second : null;
  push(ev(s, 'DisputeResolved', { betId, adminId: l.resolver, winnerId: winner, adminNotes: 'video', resolvedAt: T }), [
    [c, 'dispute_resolved'],
    [o, 'dispute_resolved'],
  ]);
  if (winner) settle(second, first);
  else
    push(ev(s, 'BetVoided', { betId, reason: 'admin', refunds: [{ userId: c, amount: '102.00' }, { userId: o, amount: '102.00' }], voidedAt: T }), [
      [c, 'bet_voided'],
      [o, 'bet_voided'],
    ]);
  if (l.appeal === 'none') return out;
  // The appeal: the other player hears of it, every admin (here: the moderators list) but the resolver and the players is asked to review it.
  push(ev(s, 'AppealFiled', { betId, appellantId: first, reason: 'look again', resolutionEventId: 'r', resolvedBy: l.resolver, originalWinnerId: winner, filedAt: T }), [
    [second, 'appeal_filed'],
    ...l.moderators.filter((m: string) => m !== l.resolver && m !== c && m !== o).map((m: string): [string, NotificationType] => [m, 'appeal_to_review']),
  ]);
  push(ev(s, 'AppealDecided', { betId, adminId: 'reviewer', outcome: l.appeal, winnerId: l.appeal === 'upheld' ? winner : winner ? null : first, notes: 'n', decidedAt: T }), [
    [c, 'appeal_decided'],
    [o, 'appeal_decided'],
  ]);
  return out;
}

/** What the reactor would look up, from the events delivered before (the streams as recorded). */
function contextFor(event: SourceEvent, history: readonly SourceEvent[], moderators: readonly string[]): NotificationContext {
  const needs = needsOf(event);
  const context: { -readonly [K in keyof NotificationContext]: NotificationContext[K] } = { usernames: Object.fromEntries(USERS.map((u, i) => [u, `player${i}`])) };
  if (needs.betId) {
    const stream = history.filter((e) => e.streamId === `bet-${needs.betId}`);
    const created = stream.find((e) => e.type === 'BetCreated')?.data as { challengerId: string; currency: string } | undefined;
    const accepted = stream.find((e) => e.type === 'BetAccepted')?.data as { opponentId: string } | undefined;
    context.bet = created ? { challengerId: created.challengerId, opponentId: accepted?.opponentId ?? null, currency: created.currency } : null;
  }
  if (needs.chatId) {
    const betId = needs.chatId.replace('chat-of-', '');
    const bet = contextFor({ ...event, type: 'BetDisputed', data: { betId } }, history, moderators).bet;
    context.chat = bet ? { betId, participantIds: [bet.challengerId, bet.opponentId!] } : null;
    context.moderators = moderators;
  }
  if (needs.admins) context.admins = moderators;
  return context;
}

function run(state: NotificationsState, command: NotificationCommand): { state: NotificationsState; events: NotificationEvent[] } {
  const decided = spec.givenState(state).when(command);
  return { state: decided.after(), events: decided.events() };
}

describe('who is notified of what', () => {
  it('each event notifies exactly the right people, once, whatever the redelivery', () => {
    fc.assert(
      fc.property(
        fc.array(lifecycleArb, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        fc.subarray(USERS),
        fc.constantFrom(...USERS),
        (lifecycles, repeats, moderators, owner) => {
          const expected = lifecycles.flatMap((l) => lifecycle({ ...l, moderators }));
          const deposit = ev(`wallet-${USERS[0]}`, 'DepositCredited', { userId: USERS[0], depositId: 'd', amount: '500.00', currency: 'NGN', creditedAt: T });
          expected.push({ event: deposit, recipients: [[USERS[0]!, 'deposit_credited']] });
          // Security facts tell the account's owner and nobody else, moderators and admins included.
          expected.push({ event: ev(`user-${owner}`, 'PasswordChanged', { userId: owner, via: 'reset', changedAt: T }), recipients: [[owner, 'password_changed']] });
          expected.push({ event: ev(`user-${owner}`, 'NewDeviceSignedIn', { userId: owner, sessionId: 's', device: 'Chrome · Windows', signedInAt: T }), recipients: [[owner, 'new_device']] });
          // At-least-once delivery: some events again, right after or after a crash replay.
          const delivered: SourceEvent[] = [];
          expected.forEach((x, i) => {
            delivered.push(x.event);
            for (const r of repeats) if (r % (expected.length + 3) === i) delivered.push(expected[r % (i + 1)]!.event);
          });
          const states = new Map<string, NotificationsState>();
          const raised: { id: string; userId: string; type: string; source: string }[] = [];
          const seen: SourceEvent[] = [];
          for (const event of delivered) {
            const history = seen.includes(event) ? seen.slice(0, seen.indexOf(event)) : [...seen];
            if (!seen.includes(event)) seen.push(event);
            for (const n of planNotifications(event, contextFor(event, history, moderators))) {
              const result = run(states.get(n.userId) ?? spec.given().state, { type: 'RaiseNotification', data: { notification: n }, metadata: { now: new Date(T) } });
              states.set(n.userId, result.state);
              for (const e of result.events) if (e.type === 'NotificationRaised') raised.push({ id: e.data.notificationId, userId: e.data.userId, type: e.data.type, source: e.data.sourceEventId });
            }
          }
          const want = expected.flatMap((x) => x.recipients.map(([userId, type]) => `${x.event.id}|${userId}|${type}`)).sort();
          expect(raised.map((r) => `${r.source}|${r.userId}|${r.type}`).sort()).toEqual(want);
          expect(new Set(raised.map((r) => r.id)).size).toBe(raised.length);
          // The same event planned again (another process) gives the same ids.
          for (const x of expected) {
            const again = planNotifications(x.event, contextFor(x.event, seen.slice(0, seen.indexOf(x.event)), moderators)).map((n) => n.id);
            expect(again.every((id) => raised.some((r) => r.id === id))).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the result-reported notification carries the contest deadline and who reported what', () => {
    const reported = ev('bet-b', 'BetResultReported', { betId: 'b', reporterId: USERS[0], result: 'won', evidence: [], reportedAt: T, contestDeadlineAt: '2026-11-27T10:00:00.000Z' });
    const [n] = planNotifications(reported, { bet: { challengerId: USERS[0]!, opponentId: USERS[1]!, currency: 'NGN' }, usernames: { [USERS[0]!]: 'bayo' } });
    expect(n).toMatchObject({ userId: USERS[1], type: 'result_reported', params: { reporter: 'bayo', result: 'won', deadlineAt: '2026-11-27T10:00:00.000Z' }, link: '/matches/b' });
  });

  it('a pending limit raise and an exclusion are shown when they take effect, not before', () => {
    const limit = ev(`wallet-${USERS[0]}`, 'SpendingLimitChanged', { userId: USERS[0], limit: 'depositDaily', value: '900.00', previous: '100.00', status: 'pending', effectiveAt: '2026-11-27T10:00:00.000Z', currency: 'NGN', changedAt: T });
    expect(planNotifications(limit, {})[0]).toMatchObject({ type: 'limit_effective', occurredAt: T, showAt: '2026-11-27T10:00:00.000Z' });
    expect(planNotifications({ ...limit, id: eventId(), data: { ...(limit.data as object), status: 'applied' } }, {})).toEqual([]);
  });
});

describe('security notices', () => {
  it('go to the owner on the locked account category, linking to the Security tab, and reach them by email whatever the preferences', () => {
    const userId = USERS[2]!;
    const [changed] = planNotifications(ev(`user-${userId}`, 'PasswordChanged', { userId, via: 'reset', changedAt: T }), {});
    const [device] = planNotifications(ev(`user-${userId}`, 'NewDeviceSignedIn', { userId, sessionId: 's', device: 'Firefox · Linux', signedInAt: T }), {});
    expect(changed).toMatchObject({ userId, type: 'password_changed', params: { via: 'reset', changedAt: T }, link: '/profile?tab=security', occurredAt: T });
    expect(device).toMatchObject({ userId, type: 'new_device', params: { device: 'Firefox · Linux', signedInAt: T }, link: '/profile?tab=security' });
    for (const type of ['password_changed', 'new_device'] as const) {
      expect(CATEGORY_OF[type]).toBe('account');
      const allOff = Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, { in_app: false, email: false, push: false }])) as unknown as NotificationPreferences;
      expect(channelsFor(type, allOff)).toEqual(['in_app', 'email']);
      expect(channelsFor(type, DEFAULT_NOTIFICATION_PREFERENCES)).toEqual(['in_app', 'email']);
    }
  });
  it('say what happened in en, es and fr, an unrecognised device in the reader\'s words', () => {
    const options = (locale: string) => ({ locale, timeZone: 'Africa/Lagos', now: new Date(T) });
    expect(renderNotification('password_changed', { via: 'reset', changedAt: T }, options('en'))).toEqual({
      title: 'Your password was changed',
      body: 'The password of your Wager account was reset with an emailed link at 11:00 today; your other sessions were signed out. If it was not you, reset your password now and contact support.',
    });
    expect(renderNotification('new_device', { device: 'Chrome · Windows', signedInAt: T }, options('es')).body).toContain('(Chrome · Windows) hoy a las 11:00');
    expect(renderNotification('new_device', { device: 'unknown', signedInAt: T }, options('fr')).body).toContain('(un appareil non reconnu)');
    expect(renderNotification('password_changed', { via: 'change', changedAt: T }, options('fr')).title).toBe('Votre mot de passe a été modifié');
  });
});

describe('the notifications stream', () => {
  const now = { now: new Date(T) };
  const userId = USERS[0]!;

  it('never lets a locked channel (money, security) be switched off, and records only real changes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ category: fc.constantFrom(...NOTIFICATION_CATEGORIES), channel: fc.constantFrom(...NOTIFICATION_CHANNELS), value: fc.boolean() }), { minLength: 1, maxLength: 20 }),
        (changes) => {
          let state = spec.given().state;
          for (const { category, channel, value } of changes) {
            const command: NotificationCommand = { type: 'SetNotificationPreferences', data: { userId, change: { [category]: { [channel]: value } }, source: 'profile' }, metadata: now };
            if (!value && isLocked(category, channel)) {
              spec.givenState(state).when(command).thenRefused({ type: DomainError });
              continue;
            }
            const before = state.preferences[category][channel];
            const result = run(state, command);
            expect(result.events.length).toBe(before === value ? 0 : 1);
            state = result.state;
            expect(state.preferences[category][channel]).toBe(value);
          }
          for (const category of NOTIFICATION_CATEGORIES) for (const channel of NOTIFICATION_CHANNELS) if (isLocked(category, channel)) expect(state.preferences[category][channel]).toBe(true);
        },
      ),
    );
  });

  it('takes the channels from the preferences in force when raised, and marks read once', () => {
    let state = run(spec.given().state, { type: 'SetNotificationPreferences', data: { userId, change: { results: { email: false } }, source: 'unsubscribe' }, metadata: now }).state;
    const [n] = planNotifications(ev('bet-b', 'BetDisputed', { betId: 'b', reason: 'x', disputedAt: T }), { bet: { challengerId: userId, opponentId: USERS[1]!, currency: 'NGN' } });
    const raised = run(state, { type: 'RaiseNotification', data: { notification: n! }, metadata: now });
    expect(raised.events[0]).toMatchObject({ type: 'NotificationRaised', data: { channels: ['in_app', 'push'] } });
    state = raised.state;
    expect(DEFAULT_NOTIFICATION_PREFERENCES.results.email).toBe(true);
    const read = run(state, { type: 'MarkNotificationsRead', data: { userId, ids: [n!.id] }, metadata: now });
    expect(read.events).toHaveLength(1);
    spec.givenState(read.state).when({ type: 'MarkNotificationsRead', data: { userId, ids: [n!.id] }, metadata: now }).thenNothing();
    expect(run(read.state, { type: 'MarkAllNotificationsRead', data: { userId }, metadata: now }).events).toHaveLength(1);
    spec.givenState(state).when({ type: 'MarkNotificationsRead', data: { userId, ids: [USERS[3]!] }, metadata: now }).thenRefused({ message: /Notification not found/ });
  });
});
