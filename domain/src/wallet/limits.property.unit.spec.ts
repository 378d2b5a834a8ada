// Proves, over random sequences of limit changes, deposits (paid, failed), stakes, refunds, exclusions and clock moves, that no deposit and no stake is ever accepted past a limit in force (an independent model of the rules: lowering at once, raising 24 h later) or during a cool-off or self-exclusion, in the player's own day, week and month.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deciderSpec } from '../testing/decider-spec.js';
import { walletDecider } from './decider.js';
import type { WalletState } from './state.js';
import type { WalletCommand } from './commands.js';
import type { LimitKind } from './limits-events.js';

const spec = deciderSpec(walletDecider);
const userId = 'p';
const START = Date.parse('2026-11-23T00:00:00Z'); // a Monday
const OFFSET_MS = 60 * 60 * 1000; // Africa/Lagos: UTC+1 all year, so the model computes windows without Intl
const ZONE = 'Africa/Lagos';
const DAY = 24 * 60 * 60 * 1000;
const KINDS: LimitKind[] = ['depositDaily', 'depositWeekly', 'depositMonthly', 'stakeDaily'];

type Op =
  | { kind: 'limit'; limit: LimitKind; value: number | null }
  | { kind: 'deposit'; amount: number; pays: boolean }
  | { kind: 'stake'; amount: number }
  | { kind: 'refund' }
  | { kind: 'exclude'; period: '24h' | '7d' }
  | { kind: 'wait'; ms: number };

const amount = fc.integer({ min: 1, max: 1500 });
const HOUR = 60 * 60 * 1000;
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('limit' as const), limit: fc.constantFrom(...KINDS), value: fc.option(fc.integer({ min: 1, max: 4000 }), { nil: null, freq: 6 }) }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('deposit' as const), amount, pays: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('stake' as const), amount }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'refund' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('exclude' as const), period: fc.constantFrom('24h' as const, '7d' as const) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.oneof(fc.integer({ min: 1, max: 3 * HOUR }), fc.integer({ min: DAY - 2 * HOUR, max: DAY + 1000 }), fc.integer({ min: 1, max: 9 * DAY })) }) },
);

/** The rules written again, plainly: what the decider must agree with. */
class Model {
  limits: Partial<Record<LimitKind, { inForce: number | null; pending: { value: number | null; at: number } | null }>> = {};
  excludedUntil = 0;
  deposits: { at: number; amount: number }[] = [];
  stakes: { at: number; amount: number; id: string; refunded: boolean }[] = [];
  inForce(kind: LimitKind, now: number): number | null {
    const s = this.limits[kind];
    const fallback = kind === 'stakeDaily' ? 50 * 1000 : null;
    if (!s) return fallback;
    return s.pending && now >= s.pending.at ? s.pending.value : s.inForce;
  }
  set(kind: LimitKind, value: number | null, now: number): void {
    const current = this.inForce(kind, now);
    const s = this.limits[kind];
    const pending = s?.pending && now < s.pending.at ? s.pending : null;
    if (value === current) this.limits[kind] = { inForce: current, pending: null };
    else if (value !== null && (current === null || value < current)) this.limits[kind] = { inForce: value, pending: null };
    else if (!(pending && pending.value === value)) this.limits[kind] = { inForce: current, pending: { value, at: now + DAY } };
  }
}
const local = (t: number) => new Date(t + OFFSET_MS);
const dayKey = (t: number) => local(t).toISOString().slice(0, 10);
const monthKey = (t: number) => local(t).toISOString().slice(0, 7);
const weekKey = (t: number) => {
  const d = local(t);
  const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7)));
  return monday.toISOString().slice(0, 10);
};
const KEY: Record<Exclude<LimitKind, 'stakeDaily'>, (t: number) => string> = { depositDaily: dayKey, depositWeekly: weekKey, depositMonthly: monthKey };

function run(ops: Op[]): void {
  let state: WalletState = spec.given().state;
  const model = new Model();
  let now = START;
  let n = 0;
  /** Whether the command was accepted (a refusal changes nothing; anything but a DomainError fails the spec). */
  const apply = (command: WalletCommand): boolean => {
    const decided = spec.givenState(state).when(command);
    if (decided.refusal()) return false;
    state = decided.after();
    return true;
  };
  const meta = () => ({ now: new Date(now) });
  // Enough money for any stake: the limits, not the balance, are under test.
  apply({ type: 'CreditDeposit', data: { userId, depositId: 'seed', provider: 'paystack', reference: 'seed', amount: '100000000', currency: 'NGN' }, metadata: { now: new Date(START - 60 * DAY) } });
  for (const op of ops) {
    n += 1;
    if (op.kind === 'wait') now += op.ms;
    else if (op.kind === 'limit') {
      expect(apply({ type: 'SetSpendingLimits', data: { userId, limits: { [op.limit]: op.value === null ? null : String(op.value) }, currency: 'NGN', stakeDailyDefault: '50000' }, metadata: meta() })).toBe(true);
      model.set(op.limit, op.value, now);
    } else if (op.kind === 'exclude') {
      const until = now + (op.period === '24h' ? DAY : 7 * DAY);
      const accepted = apply({ type: 'StartSelfExclusion', data: { userId, period: op.period }, metadata: meta() });
      expect(accepted).toBe(until > model.excludedUntil);
      if (accepted) model.excludedUntil = until;
    } else if (op.kind === 'deposit') {
      const id = `d${n}`;
      const accepted = apply({ type: 'AuthorizeDeposit', data: { userId, depositId: id, provider: 'paystack', amount: String(op.amount), currency: 'NGN', timeZone: ZONE }, metadata: meta() });
      const fits = (['depositDaily', 'depositWeekly', 'depositMonthly'] as const).every((k) => {
        const limit = model.inForce(k, now);
        const used = model.deposits.filter((d) => KEY[k](d.at) === KEY[k](now)).reduce((s, d) => s + d.amount, 0);
        return limit === null || used + op.amount <= limit;
      });
      expect(accepted).toBe(now >= model.excludedUntil && fits);
      if (accepted && op.pays) {
        model.deposits.push({ at: now, amount: op.amount });
        expect(apply({ type: 'CreditDeposit', data: { userId, depositId: id, provider: 'paystack', reference: id, amount: String(op.amount), currency: 'NGN' }, metadata: meta() })).toBe(true);
      } else if (accepted) {
        expect(apply({ type: 'ReleaseDepositAuthorization', data: { userId, depositId: id, reason: 'failed' }, metadata: meta() })).toBe(true);
      }
    } else if (op.kind === 'stake') {
      const id = `b${n}`;
      const accepted = apply({ type: 'LockStake', data: { userId, holdId: id, holdKind: 'bet', stake: String(op.amount), fee: '0', currency: 'NGN', timeZone: ZONE, dailyLimit: '50000' }, metadata: meta() });
      const limit = model.inForce('stakeDaily', now);
      // The stake day is the day of the latest staking day (StakeReleased gives back on the day it counted).
      const used = model.stakes.filter((s) => !s.refunded && dayKey(s.at) === dayKey(now)).reduce((s, d) => s + d.amount, 0);
      expect(accepted).toBe(now >= model.excludedUntil && (limit === null || used + op.amount <= limit));
      if (accepted) model.stakes.push({ at: now, amount: op.amount, id, refunded: false });
    } else {
      const open = model.stakes.find((s) => !s.refunded);
      if (!open) continue;
      expect(apply({ type: 'ReleaseStake', data: { userId, holdId: open.id, reason: 'cancelled' }, metadata: meta() })).toBe(true);
      open.refunded = true;
    }
  }
}

describe('safer play, property', () => {
  it('never accepts a deposit or a stake past a limit in force, nor during an exclusion', () => {
    fc.assert(fc.property(fc.array(opArb, { minLength: 20, maxLength: 80, size: 'max' }), (ops) => run(ops)), { numRuns: 200 });
  }, 60_000);
});
