// Proves the bet sagas' pure decisions (fast-check over random command sequences): follow-ups never pay out more than was paid in, a failed acceptance releases exactly when the bet can never be that player's, and the reconciler pays only the winner and never finishes an acceptance the decider would refuse.
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBalanced, postingsOf } from '../ledger/postings.js';
import { betCommandOf, betStepArb, type BetStep } from './testing.js';
import { betCost, betDecider, createChallengeSchema, followUpsOf, reconcileHold, type BetEvent, type BetState } from './index.js';

const H = 3600_000;
const T0 = new Date('2026-11-21T12:00:00.000Z');
const at = (hours: number) => new Date(T0.getTime() + hours * H);
const fold = (events: BetEvent[]): BetState => events.reduce(betDecider.evolve, betDecider.initialState());


/** A bet driven through random commands by the decider itself; refused commands leave no trace. */
function lifecycle(amount: string, invite: boolean, steps: BetStep[], users: string[]): { events: BetEvent[]; clock: number } {
  const betId = randomUUID();
  const challenge = createChallengeSchema.parse({ amount, visibility: invite ? 'private' : 'public', ...(invite ? { opponentId: users[1] } : {}) });
  let events = betDecider.decide({ type: 'CreateBet', data: { betId, challengerId: users[0]!, inviteLinkId: randomUUID(), currency: 'NGN', challenge, pendingTtlMs: 48 * H }, metadata: { now: T0 } }, fold([]));
  let clock = 0;
  for (const step of steps) {
    clock += step.hours;
    const now = at(clock);
    const command = betCommandOf(step, { betId, users, now, via: 'invite' });
    try {
      events = [...events, ...betDecider.decide(command, fold(events))];
    } catch {
      // A refusal: nothing recorded.
    }
  }
  return { events, clock };
}

const scenarioArb = fc.tuple(fc.constantFrom('10', '10.25', '333.33', '5000'), fc.boolean(), fc.array(betStepArb, { maxLength: 12 }));

describe('follow-ups of recorded bet events', () => {
  it('pay back or out at most what was paid in, exactly that (less fees) once terminal, and every posting set balances', () => {
    const users = Array.from({ length: 4 }, () => randomUUID());
    fc.assert(
      fc.property(scenarioArb, ([amount, invite, steps]) => {
        const { events } = lifecycle(amount, invite, steps, users);
        const paidIn = events.filter((e) => e.type === 'BetCreated' || e.type === 'BetAccepted').length;
        let out = new Decimal(0);
        let fees = new Decimal(0);
        for (const event of events) {
          const postings = postingsOf(event.data);
          if (postings) expect(isBalanced(postings)).toBe(true);
          if (event.type === 'BetSettled') fees = fees.plus(event.data.feeIncome);
          for (const step of followUpsOf(event)) {
            if (step.kind === 'refund') out = out.plus(betCost(amount));
            if (step.kind === 'payout') out = out.plus(step.amount);
          }
        }
        const inTotal = new Decimal(betCost(amount)).mul(paidIn);
        expect(out.plus(fees).lte(inTotal)).toBe(true);
        const state = fold(events);
        if (['completed', 'cancelled', 'expired', 'voided'].includes(state.status)) expect(out.plus(fees).toFixed(2)).toBe(inTotal.toFixed(2));
        else expect(out.toFixed(2)).toBe('0.00');
        // A chat opens once, for the acceptance.
        expect(events.flatMap(followUpsOf).filter((f) => f.kind === 'open-chat').length).toBe(events.some((e) => e.type === 'BetAccepted') ? 1 : 0);
      }),
      { numRuns: 400 },
    );
  });
});

describe('the reconciler', () => {
  it('pays only the winner of a completed bet, releases non-players and locks with no bet', () => {
    const users = Array.from({ length: 4 }, () => randomUUID());
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 0, max: 3 }), ([amount, invite, steps], who) => {
        const { events, clock } = lifecycle(amount, invite, steps, users);
        const state = fold(events);
        const userId = users[who]!;
        const step = reconcileHold(state, userId);
        if (step.kind === 'payout') {
          expect(state.status).toBe('completed');
          expect('bet' in state && state.winnerId).toBe(userId);
          const settled = events.find((e) => e.type === 'BetSettled');
          expect(settled?.type === 'BetSettled' && settled.data.payoutAmount).toBe(step.followUp.amount);
        }
        if ('bet' in state) {
          const isPlayer = userId === state.bet.challengerId || userId === state.opponentId;
          if (!isPlayer) expect(step).toEqual({ kind: 'release', reason: 'challenge_taken' });
          if (['cancelled', 'expired', 'voided'].includes(state.status) && isPlayer) expect(step.kind).toBe('release');
        } else {
          expect(step).toEqual({ kind: 'release', reason: 'bet_not_found' });
        }
      }),
      { numRuns: 400 },
    );
  });
});
