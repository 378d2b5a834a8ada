/**
 * Test support: the chat, notification and live-match events a few bets and people may have (a
 * bet's follow-ups), for the projectors that read them, as generated steps. Written by hand, not
 * decided (`bet-lifecycles.ts` covers the deciders' sequences), but only in orders the deciders
 * allow: a chat's events follow its creation (forced), nothing is posted in a purged chat or by
 * or to an erased person; repeated starts, chats, messages and notifications (the same ids) are
 * kept, as an at-least-once producer may append them.
 */
import fc from 'fast-check';
import type { SimulatedEvent } from './bet-lifecycles.js';

export const FOLLOW_UP_KINDS = ['start', 'goal', 'ended', 'closed', 'chat', 'message', 'closeChat', 'purge', 'notify', 'read', 'erase'] as const;

/** One follow-up: what it does, to which of three bets and three people, and a number that varies it. */
export interface FollowUp {
  readonly kind: (typeof FOLLOW_UP_KINDS)[number];
  readonly bet: number;
  readonly user: number;
  readonly n: number;
}

export const followUp: fc.Arbitrary<FollowUp> = fc.record({
  kind: fc.constantFrom(...FOLLOW_UP_KINDS),
  bet: fc.integer({ min: 0, max: 2 }),
  user: fc.integer({ min: 0, max: 2 }),
  n: fc.integer({ min: 0, max: 12 }),
});

/**
 * Every kind but the deletions once, for bet 0 and person 0 (never purged or erased): put before
 * and after generated steps, every table gets inserts and later changes and keeps rows.
 */
export const EVERY_FOLLOW_UP: readonly FollowUp[] = FOLLOW_UP_KINDS.filter((k) => k !== 'erase' && k !== 'purge').map((kind) => ({ kind, bet: 0, user: 0, n: 1 }));

/** The appends `steps` make (one event each), in order; ids from `nextId`, times from `start` on. */
export function simulateFollowUps(steps: readonly FollowUp[], options: { readonly nextId: () => string; readonly start: Date }): SimulatedEvent[][] {
  const { nextId } = options;
  const bets = Array.from({ length: 3 }, () => nextId());
  const chats = bets.map(() => nextId());
  const users = Array.from({ length: 3 }, () => nextId());
  const messages: string[] = [];
  const notifications: string[] = [];
  const [created, purged, erased] = [new Set<number>(), new Set<number>(), new Set<number>()];
  const appends: SimulatedEvent[][] = [];
  /** Each person's notifications stream: how many events it holds (a read mark reads through one of them). */
  const notificationEvents = [0, 0, 0];
  let clock = options.start.getTime();
  for (const step of steps) {
    const { kind, n } = step;
    // Purges and erasures only of bets and people 1 and 2.
    const [bet, user] = kind === 'purge' || kind === 'erase' ? [1 + (step.bet % 2), 1 + (step.user % 2)] : [step.bet, step.user];
    const [betId, chatId, userId] = [bets[bet]!, chats[bet]!, users[user]!];
    if (erased.has(user) && (kind === 'message' || kind === 'notify' || kind === 'read')) continue;
    if (purged.has(bet) && (kind === 'message' || kind === 'closeChat')) continue;
    const at = new Date((clock += 1_000)).toISOString();
    const append = (streamId: string, type: string, data: unknown) => appends.push([{ streamId, type, data, metadata: {} }]);
    const observed = { betId, reporter: { kind: 'provider', provider: 'efootball' }, at, observationKey: `${kind}-${n}`, matchId: `match-${bet}` };
    const match = (type: string, data: unknown) => append(`match-${betId}`, type, data);
    const chat = (type: string, data: unknown) => {
      if (type !== 'ChatCreated' && !created.has(bet)) chat('ChatCreated', { chatId, betId, participant1Id: users[0], participant2Id: users[1], createdAt: at });
      created.add(bet);
      if (type === 'ChatPurged') purged.add(bet);
      append(`chat-${chatId}`, type, data);
    };
    const notification = (type: string, data: unknown) => {
      notificationEvents[user]!++;
      append(`notifications-${userId}`, type, data);
    };
    switch (kind) {
      case 'start':
        match('MatchTrackingStarted', {
          betId, reporter: { kind: 'system' }, at, gameType: 'efootball', challenger: { userId: users[0], handle: 'c' }, opponent: { userId: users[1], handle: null },
          rules: { handicap: 0, matchDuration: null, gameMode: null, roundLimit: null },
        });
        break;
      case 'goal':
        match('GoalScored', { ...observed, side: n % 2 ? 'challenger' : 'opponent', minute: n, player: 'p' });
        break;
      case 'ended':
        match('MatchEnded', { ...observed, minute: 90, challengerScore: n, opponentScore: 1, challengerKills: 0, opponentKills: 0 });
        break;
      case 'closed':
        match('TrackingClosed', { betId, reporter: { kind: 'system' }, at, reason: n % 2 ? 'disputed' : 'settled' });
        break;
      case 'chat':
        chat('ChatCreated', { chatId, betId, participant1Id: users[0], participant2Id: users[1], createdAt: at });
        break;
      case 'message': {
        // Now and then a message appended again (the same id): kept once.
        const messageId = n % 4 === 0 && messages.length > 0 ? messages[n % messages.length]! : nextId();
        messages.push(messageId);
        chat('MessagePosted', { messageId, chatId, senderId: userId, type: 'text', content: `m${n}`, postedAt: at });
        break;
      }
      case 'closeChat':
        chat('ChatClosed', { chatId, reason: 'cancelled', closedAt: at });
        break;
      case 'purge':
        chat('ChatPurged', { chatId, betId, reason: 'retention', retentionDays: 90, messageCount: 0, purgedAt: at });
        break;
      case 'notify': {
        const notificationId = n % 4 === 0 && notifications.length > 0 ? notifications[n % notifications.length]! : nextId();
        notifications.push(notificationId);
        notification('NotificationRaised', {
          notificationId, userId, type: 'challenge_accepted', params: { betId }, link: `/bets/${betId}`, sourceEventId: nextId(), occurredAt: at, showAt: at,
          // Now and then one not shown in the app: no row.
          channels: n % 3 === 0 ? ['email'] : ['in_app', 'email'], raisedAt: at,
        });
        break;
      }
      case 'read': {
        // Through a revision of the stream so far, or by ids of notifications raised so far.
        const through = notificationEvents[user]! > 0 && n % 2 === 0 ? n % notificationEvents[user]! : null;
        notification('NotificationsRead', { userId, ids: through === null ? notifications.slice(0, n) : [], throughRevision: through, readAt: at });
        break;
      }
      case 'erase':
        erased.add(user);
        append(`user-${userId}`, 'PersonErased', { userId, by: userId, erasedAt: at });
        break;
    }
  }
  return appends;
}
