// Proves the bet decider: every transition of the lifecycle, every refusal with the spec's wording, and (fast-check) that no command sequence creates or loses money.
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import { ConflictError, type DomainError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.js';
import {
  betDecider,
  betFee,
  betMessages,
  createChallengeSchema,
  maskPsnName,
  type BetCommand,
  type BetEvent,
  type BetState,
  type CreateChallengeInput,
} from './index.js';
import { betCommandOf, betStepArb } from './testing.js';

const H = 3600_000;
const T0 = new Date('2026-11-21T12:00:00.000Z');
const at = (hours: number) => new Date(T0.getTime() + hours * H);

const spec = deciderSpec(betDecider);
const given = (events: BetEvent[]): BetState => spec.stateOf(events);
const when = (events: BetEvent[], command: BetCommand): BetEvent[] => spec.given(...events).when(command).events();

function ids() {
  return { betId: randomUUID(), challenger: randomUUID(), opponent: randomUUID(), other: randomUUID(), admin: randomUUID() };
}

function createCmd(betId: string, challengerId: string, challenge: CreateChallengeInput = { amount: '100' }): BetCommand {
  return {
    type: 'CreateBet',
    data: { betId, challengerId, inviteLinkId: randomUUID(), currency: 'NGN', challenge: createChallengeSchema.parse(challenge), pendingTtlMs: 48 * H }, metadata: { now: T0 },
  };
}

function created(i: ReturnType<typeof ids>, challenge: CreateChallengeInput = { amount: '100' }): BetEvent[] {
  return when([], createCmd(i.betId, i.challenger, challenge));
}
function accepted(i: ReturnType<typeof ids>): BetEvent[] {
  const history = created(i, { amount: '100', visibility: 'public' });
  return [...history, ...when(history, { type: 'AcceptBet', data: { betId: i.betId, acceptorId: i.opponent, via: 'marketplace', playDeadlineMs: 24 * H }, metadata: { now: at(1) } })];
}
function reportCmd(i: ReturnType<typeof ids>, userId: string, result: 'won' | 'lost', hours: number): BetCommand {
  return { type: 'ReportResult', data: { betId: i.betId, userId, result, evidence: [], contestWindowMs: 24 * H }, metadata: { now: at(hours) } };
}

/** Given `events`, `command` is refused with this error class and the spec's exact words. */
function refused(events: BetEvent[], command: BetCommand, type: abstract new (...args: never[]) => DomainError, message: string): void {
  spec.given(...events).when(command).thenRefused({ type, message });
}

describe('create', () => {
  it('records the bet with a 2 % fee and a 48 h expiry', () => {
    const i = ids();
    const [event] = created(i, { amount: '1000.5', visibility: 'public', gameType: 'fc25', goalHandicap: -2, bannedTeams: ['Arsenal'] });
    expect(event).toMatchObject({
      type: 'BetCreated',
      data: { betId: i.betId, challengerId: i.challenger, amount: '1000.50', feeAmount: '20.01', currency: 'NGN', visibility: 'public', expiresAt: at(48).toISOString(), gameType: 'fc25' },
    });
    expect((event!.data as { rules: unknown }).rules).toMatchObject({ goalHandicap: -2, matchDuration: 90, bannedTeams: ['Arsenal'], allowedGameModes: expect.arrayContaining(['FUT Champions']) });
  });
  it('rounds the fee half up', () => {
    expect(betFee('10.25')).toBe('0.21');
    expect(betFee('10.24')).toBe('0.20');
    expect(betFee('10000000')).toBe('200000.00');
  });
  it('records COD rules with their defaults', () => {
    const i = ids();
    const [event] = created(i, { amount: 50, gameType: 'cod', bannedWeapons: ['RPG-7'] });
    expect((event!.data as { rules: unknown }).rules).toEqual({
      killHandicap: 0, roundLimit: 1, timeLimit: 10, gameMode: 'team_deathmatch', bannedWeapons: ['RPG-7'], allowKillstreaks: true, additionalTerms: '', requiresVerification: false,
    });
  });
  it('refuses a second creation of the same bet', () => {
    const i = ids();
    refused(created(i), createCmd(i.betId, i.challenger), ConflictError, betMessages.betExists);
  });
  it('refuses to challenge oneself', () => {
    const i = ids();
    refused([], createCmd(i.betId, i.challenger, { amount: '100', opponentId: i.challenger }), ValidationError, betMessages.cannotChallengeSelf);
  });
});

describe('create challenge rules (spec section 5 messages)', () => {
  const message = (input: unknown) => {
    const r = createChallengeSchema.safeParse(input);
    return r.success ? 'ok' : r.error.issues[0]!.message;
  };
  it.each([
    [{}, 'Bet amount is required'],
    [{ amount: '' }, 'Bet amount is required'],
    [{ amount: '9.99' }, 'Minimum bet amount is 10'],
    [{ amount: '10000000.01' }, 'Maximum bet amount is 10,000,000'],
    [{ amount: '10.123' }, 'Amount can have maximum 2 decimal places'],
    [{ amount: 'ten' }, 'Bet amount must be a number'],
    [{ amount: '10' }, 'ok'],
    [{ amount: '10000000' }, 'ok'],
    [{ amount: '100', platformUsername: 'x'.repeat(51) }, 'Platform username too long'],
    [{ amount: '100', platformUsername: 'bad name!' }, 'Invalid characters in platform username'],
    [{ amount: '100', platformUsername: 'good_Name-1' }, 'ok'],
    [{ amount: '100', allowedGameModes: [] }, 'At least one game mode must be selected'],
    [{ amount: '100', allowedGameModes: ['Volta'] }, 'Unknown game mode'],
    [{ amount: '100', goalHandicap: 6 }, 'Goal handicap must be a whole number between -5 and 5'],
    [{ amount: '100', goalHandicap: 1.5 }, 'Goal handicap must be a whole number between -5 and 5'],
    [{ amount: '100', matchDuration: 60 }, 'Match duration must be 30, 45, 90 or 120 minutes'],
    [{ amount: '100', additionalTerms: 'x'.repeat(501) }, 'Additional terms can be at most 500 characters'],
    [{ amount: '100', bannedTeams: ['Nowhere United'] }, 'Banned teams must be chosen from the list'],
    [{ amount: '100', bannedTeams: ['Chelsea', 'Chelsea'] }, 'A team can be banned only once'],
    [{ amount: '100', gameType: 'cod', killHandicap: -21 }, 'Kill handicap must be a whole number between -20 and 20'],
    [{ amount: '100', gameType: 'cod', roundLimit: 12 }, 'Round limit must be a whole number between 1 and 11'],
    [{ amount: '100', gameType: 'cod', timeLimit: 4 }, 'Time limit must be between 5 and 30 minutes'],
    [{ amount: '100', gameType: 'cod', gameMode: 'battle_royale' }, betMessages.codGameModeUnknown],
    [{ amount: '100', gameType: 'cod', bannedWeapons: ['Knife', 'Knife'] }, 'A weapon can be banned only once'],
    [{ amount: '100', gameType: 'chess' }, 'Game type must be fc25 or cod'],
    [{ amount: '100', visibility: 'friends' }, 'Visibility must be private or public'],
  ])('%j → %s', (input, expected) => {
    expect(message(input)).toBe(expected);
  });
  it('masks PSN names as spec section 9 says', () => {
    expect(maskPsnName('abcd')).toBe('abcd');
    expect(maskPsnName('abcdef')).toBe('ab**ef');
    expect(maskPsnName(null)).toBeNull();
  });
});

describe('accept', () => {
  it('accepts a pending challenge and sets the play deadline', () => {
    const i = ids();
    expect(accepted(i).at(-1)).toEqual({
      type: 'BetAccepted',
      data: { betId: i.betId, opponentId: i.opponent, via: 'marketplace', acceptedAt: at(1).toISOString(), deadlineAt: at(25).toISOString() },
    });
  });
  const acceptCmd = (i: ReturnType<typeof ids>, acceptorId: string, hours = 1, via: 'invite' | 'marketplace' = 'invite'): BetCommand => ({
    type: 'AcceptBet',
    data: { betId: i.betId, acceptorId, via, playDeadlineMs: 24 * H }, metadata: { now: at(hours) },
  });
  it('is a no-op when the same acceptor repeats (saga retry)', () => {
    const i = ids();
    expect(when(accepted(i), acceptCmd(i, i.opponent))).toEqual([]);
  });
  it('refuses an unknown challenge', () => {
    const i = ids();
    refused([], acceptCmd(i, i.opponent), NotFoundError, betMessages.challengeNotFound);
  });
  it('refuses one’s own challenge', () => {
    const i = ids();
    refused(created(i), acceptCmd(i, i.challenger), ForbiddenError, 'You cannot accept your own challenge');
  });
  it('refuses a second acceptor', () => {
    const i = ids();
    refused(accepted(i), acceptCmd(i, i.other), ConflictError, 'This challenge has already been accepted');
  });
  it('refuses after 48 h even before the scheduler expired it', () => {
    const i = ids();
    refused(created(i), acceptCmd(i, i.opponent, 48), ConflictError, 'This challenge has expired');
  });
  it('refuses an expired or cancelled challenge', () => {
    const i = ids();
    const history = created(i);
    const expired = [...history, ...when(history, { type: 'ExpireBet', data: { betId: i.betId }, metadata: { now: at(49) } })];
    refused(expired, acceptCmd(i, i.opponent), ConflictError, 'This challenge has expired');
    const cancelled = [...history, ...when(history, { type: 'CancelBet', data: { betId: i.betId, userId: i.challenger }, metadata: { now: at(1) } })];
    refused(cancelled, acceptCmd(i, i.opponent), ConflictError, betMessages.challengeCancelled);
  });
  it('lets only the named opponent accept a direct challenge', () => {
    const i = ids();
    const history = created(i, { amount: '100', opponentId: i.opponent });
    refused(history, acceptCmd(i, i.other), ForbiddenError, betMessages.challengeForAnotherPlayer);
    expect(when(history, acceptCmd(i, i.opponent))[0]!.type).toBe('BetAccepted');
  });
  it('does not let a private challenge be joined from the marketplace', () => {
    const i = ids();
    refused(created(i), acceptCmd(i, i.opponent, 1, 'marketplace'), NotFoundError, betMessages.challengeNotFound);
  });
});

describe('cancel', () => {
  it('cancels a pending bet and refunds stake + fee to the challenger', () => {
    const i = ids();
    expect(when(created(i), { type: 'CancelBet', data: { betId: i.betId, userId: i.challenger }, metadata: { now: at(2) } })).toEqual([
      { type: 'BetCancelled', data: { betId: i.betId, cancelledBy: i.challenger, refunds: [{ userId: i.challenger, amount: '102.00' }], cancelledAt: at(2).toISOString() } },
    ]);
  });
  it('refuses anyone but the challenger, and non-pending bets', () => {
    const i = ids();
    refused(created(i), { type: 'CancelBet', data: { betId: i.betId, userId: i.other }, metadata: { now: at(2) } }, ForbiddenError, betMessages.onlyChallengerCancels);
    refused(accepted(i), { type: 'CancelBet', data: { betId: i.betId, userId: i.challenger }, metadata: { now: at(2) } }, ConflictError, betMessages.onlyPendingCancels);
    refused([], { type: 'CancelBet', data: { betId: i.betId, userId: i.challenger }, metadata: { now: at(2) } }, NotFoundError, betMessages.betNotFound);
  });
});

describe('decline', () => {
  it('lets the invited opponent of a direct challenge decline it, refunding the challenger', () => {
    const i = ids();
    const history = created(i, { amount: '100', opponentId: i.opponent });
    expect(when(history, { type: 'DeclineChallenge', data: { betId: i.betId, userId: i.opponent }, metadata: { now: at(3) } })).toEqual([
      { type: 'BetCancelled', data: { betId: i.betId, cancelledBy: i.opponent, refunds: [{ userId: i.challenger, amount: '102.00' }], cancelledAt: at(3).toISOString() } },
    ]);
  });
  it('refuses anyone but the invited opponent, open challenges, and bets no longer pending', () => {
    const i = ids();
    const direct = created(i, { amount: '100', opponentId: i.opponent });
    const decline = (userId: string) => ({ type: 'DeclineChallenge' as const, data: { betId: i.betId, userId }, metadata: { now: at(3) } });
    refused(direct, decline(i.other), ForbiddenError, betMessages.onlyInvitedDeclines);
    refused(direct, decline(i.challenger), ForbiddenError, betMessages.onlyInvitedDeclines);
    refused(created(i), decline(i.opponent), ForbiddenError, betMessages.onlyInvitedDeclines);
    const taken = [...direct, ...when(direct, { type: 'AcceptBet', data: { betId: i.betId, acceptorId: i.opponent, via: 'invite', playDeadlineMs: 24 * H }, metadata: { now: at(1) } } as BetCommand)];
    refused(taken, decline(i.opponent), ConflictError, betMessages.onlyPendingDeclines);
    const declined = [...direct, ...when(direct, decline(i.opponent))];
    expect(when(declined, decline(i.opponent))).toEqual([]);
  });
});

describe('expire (scheduler)', () => {
  it('expires a pending bet at 48 h with a full refund', () => {
    const i = ids();
    expect(when(created(i), { type: 'ExpireBet', data: { betId: i.betId }, metadata: { now: at(48) } })).toEqual([
      { type: 'BetExpired', data: { betId: i.betId, refunds: [{ userId: i.challenger, amount: '102.00' }], expiredAt: at(48).toISOString() } },
    ]);
  });
  it('does nothing before 48 h, or to a bet that is no longer pending', () => {
    const i = ids();
    expect(when(created(i), { type: 'ExpireBet', data: { betId: i.betId }, metadata: { now: at(47.9) } })).toEqual([]);
    expect(when(accepted(i), { type: 'ExpireBet', data: { betId: i.betId }, metadata: { now: at(49) } })).toEqual([]);
  });
});

describe('results', () => {
  it('settles when both reports agree: winner gets 2 × stake, platform 2 × fee from escrow', () => {
    const i = ids();
    const history = [...accepted(i), ...when(accepted(i), reportCmd(i, i.challenger, 'won', 2))];
    const events = when(history, reportCmd(i, i.opponent, 'lost', 3));
    expect(events.map((e) => e.type)).toEqual(['BetResultReported', 'BetSettled']);
    expect(events[1]!.data).toEqual({
      betId: i.betId,
      winnerId: i.challenger,
      loserId: i.opponent,
      currency: 'NGN',
      payoutAmount: '200.00',
      feeIncome: '4.00',
      settledBy: 'agreement',
      postings: [
        { account: `bet:${i.betId}:escrow:NGN`, currency: 'NGN', amount: '-4.00' },
        { account: 'platform:fees:NGN', currency: 'NGN', amount: '4.00' },
      ],
      settledAt: at(3).toISOString(),
    });
  });
  it('disputes when both claim the win, with the reason', () => {
    const i = ids();
    const history = [...accepted(i), ...when(accepted(i), reportCmd(i, i.challenger, 'won', 2))];
    expect(when(history, reportCmd(i, i.opponent, 'won', 3))[1]).toEqual({ type: 'BetDisputed', data: { betId: i.betId, reason: 'Both players reported a win', disputedAt: at(3).toISOString() } });
  });
  it('disputes when both report a loss', () => {
    const i = ids();
    const history = [...accepted(i), ...when(accepted(i), reportCmd(i, i.challenger, 'lost', 2))];
    expect(when(history, reportCmd(i, i.opponent, 'lost', 3))[1]!.data).toMatchObject({ reason: 'Both players reported a loss' });
  });
  it('records the evidence hashes and the contest deadline on the first report', () => {
    const i = ids();
    const evidence = [{ sha256: 'a'.repeat(64), contentType: 'image/png', sizeBytes: 10, filename: 'score.png' }];
    const [event] = when(accepted(i), { type: 'ReportResult', data: { betId: i.betId, userId: i.opponent, result: 'won', evidence, contestWindowMs: 24 * H }, metadata: { now: at(2) } });
    expect(event!.data).toMatchObject({ evidence, contestDeadlineAt: at(26).toISOString() });
  });
  it('refuses outsiders, pending bets, repeats and reports past the deadlines', () => {
    const i = ids();
    refused(accepted(i), reportCmd(i, i.other, 'won', 2), ForbiddenError, betMessages.notParticipant);
    refused(created(i), reportCmd(i, i.challenger, 'won', 2), ConflictError, betMessages.resultNotAccepted);
    const once = [...accepted(i), ...when(accepted(i), reportCmd(i, i.challenger, 'won', 2))];
    refused(once, reportCmd(i, i.challenger, 'lost', 3), ConflictError, betMessages.resultAlreadyReported);
    refused(accepted(i), reportCmd(i, i.challenger, 'won', 25), ConflictError, betMessages.resultDeadlinePassed);
    refused(once, reportCmd(i, i.opponent, 'won', 26), ConflictError, betMessages.resultDeadlinePassed);
  });
  it('settles a lone report after the 24 h contest window, not before', () => {
    const i = ids();
    const once = [...accepted(i), ...when(accepted(i), reportCmd(i, i.opponent, 'lost', 2))];
    expect(when(once, { type: 'SettleUncontested', data: { betId: i.betId }, metadata: { now: at(25.9) } })).toEqual([]);
    const [event] = when(once, { type: 'SettleUncontested', data: { betId: i.betId }, metadata: { now: at(26) } });
    expect(event).toMatchObject({ type: 'BetSettled', data: { winnerId: i.challenger, loserId: i.opponent, settledBy: 'uncontested' } });
  });
});

describe('void overdue (scheduler)', () => {
  it('voids an accepted bet with no result by its deadline, refunding both', () => {
    const i = ids();
    expect(when(accepted(i), { type: 'VoidOverdueBet', data: { betId: i.betId }, metadata: { now: at(25) } })).toEqual([
      {
        type: 'BetVoided',
        data: { betId: i.betId, reason: 'no_result_by_deadline', refunds: [{ userId: i.challenger, amount: '102.00' }, { userId: i.opponent, amount: '102.00' }], voidedAt: at(25).toISOString() },
      },
    ]);
  });
  it('does nothing before the deadline or once a result is in', () => {
    const i = ids();
    expect(when(accepted(i), { type: 'VoidOverdueBet', data: { betId: i.betId }, metadata: { now: at(24.9) } })).toEqual([]);
    const once = [...accepted(i), ...when(accepted(i), reportCmd(i, i.opponent, 'lost', 2))];
    expect(when(once, { type: 'VoidOverdueBet', data: { betId: i.betId }, metadata: { now: at(30) } })).toEqual([]);
  });
});

describe('disputes', () => {
  function disputed(i: ReturnType<typeof ids>) {
    const once = [...accepted(i), ...when(accepted(i), reportCmd(i, i.challenger, 'won', 2))];
    return [...once, ...when(once, reportCmd(i, i.opponent, 'won', 3))];
  }
  it('an admin awards the win: resolved then settled', () => {
    const i = ids();
    const events = when(disputed(i), { type: 'ResolveDispute', data: { betId: i.betId, adminId: i.admin, winnerId: i.opponent, adminNotes: 'video shows 3-1' }, metadata: { now: at(4) } });
    expect(events.map((e) => e.type)).toEqual(['DisputeResolved', 'BetSettled']);
    expect(events[1]!.data).toMatchObject({ winnerId: i.opponent, settledBy: 'admin' });
  });
  it('an admin voids with no winner: both refunded', () => {
    const i = ids();
    const events = when(disputed(i), { type: 'ResolveDispute', data: { betId: i.betId, adminId: i.admin, winnerId: null, adminNotes: 'no evidence' }, metadata: { now: at(4) } });
    expect(events[1]).toMatchObject({ type: 'BetVoided', data: { reason: 'admin', refunds: [{ userId: i.challenger }, { userId: i.opponent }] } });
  });
  it('refuses a winner who did not play, and bets that are not disputed', () => {
    const i = ids();
    refused(disputed(i), { type: 'ResolveDispute', data: { betId: i.betId, adminId: i.admin, winnerId: i.other, adminNotes: '' }, metadata: { now: at(4) } }, ValidationError, betMessages.winnerNotPlayer);
    refused(accepted(i), { type: 'ResolveDispute', data: { betId: i.betId, adminId: i.admin, winnerId: i.opponent, adminNotes: '' }, metadata: { now: at(4) } }, ConflictError, betMessages.onlyDisputedResolve);
  });
});

describe('an abandoned creation in an old log (the saga era tombstone)', () => {
  it('still folds, so a late creation fails', () => {
    const i = ids();
    const tomb: BetEvent[] = [{ type: 'BetCreationAbandoned', data: { betId: i.betId, abandonedAt: at(1).toISOString() } }];
    refused(tomb, createCmd(i.betId, i.challenger), ConflictError, betMessages.betExists);
  });
});

describe('money is conserved by any command sequence (fast-check)', () => {
  it('paid in = refunded + paid out + fee income, and a terminal bet owes nothing', () => {
    const users = ['u1', 'u2', 'u3'].map(() => randomUUID());
    fc.assert(
      fc.property(fc.constantFrom('10', '10.25', '333.33', '10000000'), fc.array(betStepArb, { maxLength: 12 }), (amount, steps) => {
        const betId = randomUUID();
        let events = when([], { type: 'CreateBet', data: { betId, challengerId: users[0]!, inviteLinkId: randomUUID(), currency: 'USD', challenge: createChallengeSchema.parse({ amount, visibility: 'public' }), pendingTtlMs: 48 * H }, metadata: { now: T0 } });
        let clock = 0;
        for (const step of steps) {
          clock += step.hours;
          const now = at(clock);
          const command = betCommandOf(step, { betId, users, now, via: 'marketplace' });
          const decided = spec.given(...events).when(command);
          const refusal = decided.refusal();
          if (refusal) expect(refusal.status).toBeGreaterThanOrEqual(400);
          else events = [...events, ...decided.events()];
        }
        const cost = new Decimal(amount).plus(betFee(amount));
        let paidIn = new Decimal(0);
        let paidOut = new Decimal(0);
        for (const e of events) {
          if (e.type === 'BetCreated' || e.type === 'BetAccepted') paidIn = paidIn.plus(cost);
          if (e.type === 'BetCancelled' || e.type === 'BetExpired' || e.type === 'BetVoided') for (const r of e.data.refunds) paidOut = paidOut.plus(r.amount);
          if (e.type === 'BetSettled') paidOut = paidOut.plus(e.data.payoutAmount).plus(e.data.feeIncome);
        }
        const state = given(events);
        const terminal = ['completed', 'cancelled', 'expired', 'voided'].includes(state.status);
        if (terminal) expect(paidOut.toFixed(2)).toBe(paidIn.toFixed(2));
        else expect(paidOut.toFixed(2)).toBe('0.00');
        expect(events.filter((e) => ['BetSettled', 'BetCancelled', 'BetExpired', 'BetVoided'].includes(e.type)).length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 500 },
    );
  });
});
