// Proves the joint decisions of create and accept move money exactly with the bet: both streams get their events or neither does, the lock is stake + fee of that bet, a refusal decides nothing anywhere, and a released hold never pays for a bet.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.js';
import { deciderSpec } from '../testing/decider-spec.js';
import { walletDecider, type WalletEvent, type WalletState } from '../wallet/index.js';
import { betCost, betDecider, createChallengeSchema, decideAcceptWithStake, decideCreateWithStake, type BetCommand, type BetState } from './index.js';

const T0 = new Date('2026-11-26T10:00:00.000Z');
const TERMS = { timeZone: 'UTC', dailyLimit: '50000.00' };
const H = 3600_000;
// The joint create and accept decisions, each stream's part folded by its own decider's spec.
const bets = deciderSpec(betDecider);
const wallets = deciderSpec(walletDecider);

function funded(userId: string, cents: number): WalletState {
  const command = { type: 'CreditDeposit' as const, data: { userId, depositId: `d-${userId}`, provider: 'paystack' as const, reference: `r-${userId}`, amount: (cents / 100).toFixed(2), currency: 'NGN' }, metadata: { now: T0 } };
  return cents === 0 ? wallets.given().state : wallets.stateAfter([command]);
}


function attempt(decide: () => { bet: unknown[]; wallet: WalletEvent[] }): { bet: unknown[]; wallet: WalletEvent[] } | 'refused' {
  try {
    return decide();
  } catch (error) {
    if (error instanceof DomainError) return 'refused';
    throw error;
  }
}

describe('create and accept decided over the bet and the wallet', () => {
  it('lock exactly stake + fee together with the bet event, or decide nothing anywhere (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.constantFrom('10', '99.99', '150', '333.33', '2000'),
        fc.integer({ min: 0, max: 60 }),
        fc.boolean(),
        (challengerCents, acceptorCents, amount, laterHours, acceptorIsChallenger) => {
          const challenger = 'alice';
          const acceptor = acceptorIsChallenger ? challenger : 'bob';
          const create = { type: 'CreateBet' as const, data: { betId: 'b1', challengerId: challenger, inviteLinkId: 'i1', currency: 'NGN' as const, challenge: createChallengeSchema.parse({ amount, visibility: 'public' }), pendingTtlMs: 48 * H }, metadata: { now: T0 } };
          let wallet = funded(challenger, challengerCents);
          const created = attempt(() => decideCreateWithStake(create, TERMS, { bet: bets.given().state, wallet }));
          if (created === 'refused') {
            expect(challengerCents / 100).toBeLessThan(Number(betCost(amount)));
            return;
          }
          expect(created.bet.map((e) => (e as { type: string }).type)).toEqual(['BetCreated']);
          expect(created.wallet).toHaveLength(1);
          const locked = created.wallet[0]!;
          expect(locked.type === 'StakeLocked' && [locked.data.holdId, locked.data.total]).toEqual(['b1', betCost(amount)]);
          const bet: BetState = bets.stateOf(created.bet as never[]);
          wallet = wallets.stateOf(created.wallet, wallet);

          const now = new Date(T0.getTime() + laterHours * H);
          const accept: Extract<BetCommand, { type: 'AcceptBet' }> = { type: 'AcceptBet', data: { betId: 'b1', acceptorId: acceptor, via: 'marketplace', playDeadlineMs: 24 * H }, metadata: { now } };
          const acceptorWallet = acceptorIsChallenger ? wallet : funded(acceptor, acceptorCents);
          const accepted = attempt(() => decideAcceptWithStake(accept, TERMS, { bet, wallet: acceptorWallet }));
          if (accepted === 'refused') return;
          // Accepted: one acceptance and one lock of the same cost, by a player who could pay, in time.
          expect(acceptorIsChallenger).toBe(false);
          expect(laterHours).toBeLessThan(48);
          expect(acceptorCents / 100).toBeGreaterThanOrEqual(Number(betCost(amount)));
          expect(accepted.bet.map((e) => (e as { type: string }).type)).toEqual(['BetAccepted']);
          expect(accepted.wallet.map((e) => e.type === 'StakeLocked' && e.data.total)).toEqual([betCost(amount)]);
          // A repeat by the player who holds the bet decides nothing on either stream.
          const after = bets.stateOf(accepted.bet as never[], bet);
          expect(decideAcceptWithStake(accept, TERMS, { bet: after, wallet: wallets.stateOf(accepted.wallet, acceptorWallet) })).toEqual({ bet: [], wallet: [] });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never lets a released hold pay for a bet', () => {
    const create = { type: 'CreateBet' as const, data: { betId: 'b2', challengerId: 'carol', inviteLinkId: 'i2', currency: 'NGN' as const, challenge: createChallengeSchema.parse({ amount: '100' }), pendingTtlMs: 48 * H }, metadata: { now: T0 } };
    let wallet = funded('carol', 100_000);
    const first = decideCreateWithStake(create, TERMS, { bet: bets.given().state, wallet });
    wallet = wallets.stateOf(first.wallet, wallet);
    wallet = wallets.givenState(wallet).when({ type: 'ReleaseStake', data: { userId: 'carol', holdId: 'b2', reason: 'test' }, metadata: { now: T0 } }).after();
    // The same bet id decided again on a fresh bet stream: the hold exists but is released.
    expect(() => decideCreateWithStake(create, TERMS, { bet: bets.given().state, wallet })).toThrow('Stake already locked for this hold');
  });
});
