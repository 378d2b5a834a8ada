// Proves the multi-stream deciders of settlement and refunds (fast-check over random command sequences by random players, on real wallet states): every move balances and conserves money, the escrow never goes below zero in the order of the append and is empty once the bet is over, each player ends with exactly what the outcome gives, a money event of the bet always comes with its wallet events and a refused or repeated command moves nothing anywhere; and the chat is the only follow-up left.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.js';
import { Balances, isBalanced, postingsOf } from '../ledger/postings.js';
import { betEscrow, platformFees, userAvailable } from '../ledger/accounts.js';
import { Money } from '../money/money.js';
import { deciderSpec } from '../testing/decider-spec.js';
import { walletDecider, type WalletEvent, type WalletState } from '../wallet/index.js';
import { betCommandOf, betStepArb } from './testing.js';
import {
  betCost,
  betDecider,
  createChallengeSchema,
  decideAcceptWithStake,
  decideBetWithMoney,
  decideCreateWithStake,
  followUpsOf,
  walletsOfBetCommand,
  type BetCommand,
  type BetEvent,
  type BetState,
} from './index.js';

const H = 3600_000;
const T0 = new Date('2026-11-21T12:00:00.000Z');
const TERMS = { timeZone: 'UTC', dailyLimit: '100000000.00' };
const START = '100000.00';
// The bet's multi-stream decisions, each stream's part folded by its own decider's spec.
const bets = deciderSpec(betDecider);
const walletSpec = deciderSpec(walletDecider);

/** One bet among four funded players, every command decided over the bet and the wallets and applied in its append's order. */
class Table {
  readonly betId = randomUUID();
  readonly users = Array.from({ length: 4 }, () => randomUUID());
  readonly ledger = new Balances();
  bet: BetState = bets.given().state;
  readonly wallets: Record<string, WalletState> = {};
  readonly events: BetEvent[] = [];

  constructor() {
    for (const userId of this.users) {
      const deposit = { type: 'CreditDeposit' as const, data: { userId, depositId: randomUUID(), provider: 'paystack' as const, reference: randomUUID(), amount: START, currency: 'NGN' }, metadata: { now: T0 } };
      this.applyWallet(userId, walletSpec.given().when(deposit).events());
    }
  }

  private applyPostings(data: unknown): void {
    const postings = postingsOf(data);
    if (!postings) return;
    expect(isBalanced(postings)).toBe(true);
    this.ledger.apply(postings);
    for (const [account, { balance }] of this.ledger.entries()) {
      if (account.includes(':available:') || account.includes(':escrow:')) expect(balance.isNegative(), `${account} went negative`).toBe(false);
    }
  }

  private applyWallet(userId: string, events: readonly WalletEvent[]): void {
    this.wallets[userId] = walletSpec.stateOf(events, this.wallets[userId]);
    for (const e of events) this.applyPostings(e.data);
  }

  private applyBet(events: readonly BetEvent[]): void {
    this.bet = bets.stateOf(events, this.bet);
    for (const e of events) {
      this.events.push(e);
      this.applyPostings(e.data);
    }
  }

  /** Runs one command as the API would; a refusal must leave every stream as it was. */
  run(command: BetCommand): 'refused' | BetEvent[] {
    const before = JSON.stringify([this.bet, this.ledger.entries()]);
    try {
      if (command.type === 'CreateBet' || command.type === 'AcceptBet') {
        const userId = command.type === 'CreateBet' ? command.data.challengerId : command.data.acceptorId;
        const states = { bet: this.bet, wallet: this.wallets[userId]! };
        const move = command.type === 'CreateBet' ? decideCreateWithStake(command, TERMS, states) : decideAcceptWithStake(command, TERMS, states);
        this.applyWallet(userId, move.wallet);
        this.applyBet(move.bet);
        return move.bet;
      }
      const order = walletsOfBetCommand(command, this.bet);
      const move = decideBetWithMoney(command, { bet: this.bet, wallets: this.wallets });
      // Only the wallets the API reads and appends are written; a bet that decides nothing moves nothing.
      for (const userId of Object.keys(move.wallets)) expect([...order.before, ...order.after]).toContain(userId);
      if (move.bet.length === 0) expect(Object.values(move.wallets).flat()).toEqual([]);
      // All or nothing: each money event of the bet comes with exactly its wallet events.
      const moneyEvents = move.bet.filter((e) => ['BetCancelled', 'BetExpired', 'BetVoided', 'BetSettled'].includes(e.type));
      const walletEvents = Object.values(move.wallets).flat();
      const expected = moneyEvents.flatMap((e) => (e.type === 'BetSettled' ? ['PayoutCredited'] : 'refunds' in e.data ? e.data.refunds.map(() => 'StakeReleased') : []));
      expect(walletEvents.map((e) => e.type).sort()).toEqual(expected.sort());
      for (const userId of order.before) this.applyWallet(userId, move.wallets[userId] ?? []);
      this.applyBet(move.bet);
      for (const userId of order.after) this.applyWallet(userId, move.wallets[userId] ?? []);
      return move.bet;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      expect(JSON.stringify([this.bet, this.ledger.entries()])).toBe(before);
      return 'refused';
    }
  }
}

describe('settlement and refunds decided over the bet and the wallets (fast-check)', () => {
  it('conserve money, keep every escrow non-negative on the way and empty at the end, and give each player exactly the outcome', () => {
    fc.assert(
      fc.property(fc.constantFrom('10', '10.25', '333.33', '5000'), fc.boolean(), fc.array(betStepArb, { maxLength: 14 }), (amount, invite, steps) => {
        const t = new Table();
        const [challenger, invited] = t.users;
        const challenge = createChallengeSchema.parse({ amount, visibility: invite ? 'private' : 'public', ...(invite ? { opponentId: invited } : {}) });
        expect(t.run({ type: 'CreateBet', data: { betId: t.betId, challengerId: challenger!, inviteLinkId: randomUUID(), currency: 'NGN', challenge, pendingTtlMs: 48 * H }, metadata: { now: T0 } })).not.toBe('refused');
        let clock = 0;
        for (const step of steps) {
          clock += step.hours;
          const command = betCommandOf(step, { betId: t.betId, users: t.users, now: new Date(T0.getTime() + clock * H), via: invite ? 'invite' : 'marketplace' });
          const decided = t.run(command);
          // Repeating what was just done moves no money a second time.
          if (decided !== 'refused' && decided.length > 0) {
            const books = JSON.stringify(t.ledger.entries());
            t.run(command);
            expect(JSON.stringify(t.ledger.entries())).toBe(books);
          }
        }
        for (const sum of t.ledger.trialBalance().values()) expect(sum.isZero()).toBe(true);
        const state = t.bet;
        if (!('bet' in state)) throw new Error('the bet was created');
        const escrow = t.ledger.get(betEscrow(t.betId, 'NGN'));
        const players = state.opponentId ? [state.bet.challengerId, state.opponentId] : [state.bet.challengerId];
        const stake = new Money(state.bet.amount);
        const fee = new Money(state.bet.feeAmount);
        if (['cancelled', 'expired', 'voided', 'completed'].includes(state.status)) expect(escrow.isZero()).toBe(true);
        else expect(escrow.toFixed(2)).toBe(new Money(betCost(amount)).mul(players.length).toFixed(2));
        for (const userId of t.users) {
          const net = t.ledger.get(userAvailable(userId, 'NGN')).minus(START);
          let expected = new Money(0);
          if (players.includes(userId)) {
            if (state.status === 'completed') expected = state.winnerId === userId ? stake.minus(fee) : stake.plus(fee).neg();
            else if (!['cancelled', 'expired', 'voided'].includes(state.status)) expected = stake.plus(fee).neg();
          }
          expect(net.toFixed(2), `${userId} in a ${state.status} bet`).toBe(expected.toFixed(2));
        }
        expect(t.ledger.get(platformFees('NGN')).toFixed(2)).toBe(state.status === 'completed' ? fee.mul(2).toFixed(2) : '0.00');
      }),
      { numRuns: 400 },
    );
  });

  it('a wallet the command did not read refuses it rather than leaving the bet without its money', () => {
    const t = new Table();
    const [a, b] = t.users;
    t.run({ type: 'CreateBet', data: { betId: t.betId, challengerId: a!, inviteLinkId: randomUUID(), currency: 'NGN', challenge: createChallengeSchema.parse({ amount: '100', visibility: 'public' }), pendingTtlMs: 48 * H }, metadata: { now: T0 } });
    t.run({ type: 'AcceptBet', data: { betId: t.betId, acceptorId: b!, via: 'marketplace', playDeadlineMs: 24 * H }, metadata: { now: T0 } });
    expect(t.bet.status).toBe('accepted');
    const cancel: BetCommand = { type: 'VoidOverdueBet', data: { betId: t.betId }, metadata: { now: new Date(T0.getTime() + 25 * H) } };
    expect(() => decideBetWithMoney(cancel, { bet: t.bet, wallets: { [a!]: t.wallets[a!]! } })).toThrow(DomainError);
  });
});

describe('the follow-ups left', () => {
  it('are only the chat opened on acceptance (no money)', () => {
    const accepted: BetEvent = { type: 'BetAccepted', data: { betId: 'b', opponentId: 'o', via: 'invite', acceptedAt: T0.toISOString(), deadlineAt: T0.toISOString() } };
    expect(followUpsOf(accepted)).toEqual([{ kind: 'open-chat', betId: 'b', opponentId: 'o' }]);
    expect(followUpsOf({ type: 'BetCancelled', data: { betId: 'b', cancelledBy: 'u', refunds: [{ userId: 'u', amount: '102.00' }], cancelledAt: T0.toISOString() } })).toEqual([]);
  });
});
