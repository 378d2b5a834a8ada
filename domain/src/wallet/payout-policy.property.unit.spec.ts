// Proves the payout tier and risk rules: a withdrawal pays out automatically exactly when every rule passes, each rule holds it alone and names itself, and through the wallet decider no sequence of requests (returns included) ever pays more automatically than the tier in any 24 hours or 30 days, or more than the allowed count a day.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Money, ZERO } from '../money/money.js';
import { deciderSpec } from '../testing/decider-spec.js';
import { walletDecider } from './decider.js';
import type { WalletState } from './state.js';
import type { WalletCommand } from './commands.js';
import { bankWithdrawalsOf, type PayoutAccount } from './bank-withdrawal.js';
import {
  DEFAULT_PAYOUT_POLICY,
  PAYOUT_DAY_MS,
  PAYOUT_MONTH_MS,
  PAYOUT_REVIEW_REASONS,
  payoutReviewReasons,
  payoutWindowTotals,
  type PastWithdrawal,
  type PayoutPolicy,
  type PayoutRiskFacts,
} from './payout-policy.js';

const spec = deciderSpec(walletDecider);

const now = new Date('2026-11-26T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const at = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString();
const clean: PayoutRiskFacts = { emailVerified: true, phoneVerified: true, credentialsChangedAt: null, deviceFirstSeenAt: at(90 * PAYOUT_DAY_MS), firstDeviceSeenAt: at(90 * PAYOUT_DAY_MS), linkedPlayerBetIds: [] };

const nairaArb = fc.integer({ min: 1000, max: 120_000 }).map((n) => new Money(n));
const pastArb: fc.Arbitrary<PastWithdrawal> = fc.record({
  amount: nairaArb,
  requestedAt: fc.integer({ min: 0, max: 40 * PAYOUT_DAY_MS }).map(at),
  returned: fc.boolean(),
});
const policyArb: fc.Arbitrary<PayoutPolicy> = fc.record({
  dailyMax: fc.integer({ min: 1000, max: 100_000 }).map((n) => `${n}.00`),
  monthlyMax: fc.integer({ min: 1000, max: 400_000 }).map((n) => `${n}.00`),
  withdrawalsPerDayMax: fc.integer({ min: 1, max: 6 }),
  newAccountWaitMs: fc.constant(0),
  credentialsChangeWindowMs: fc.constantFrom(PAYOUT_DAY_MS, 2 * HOUR),
  newDeviceWindowMs: fc.constantFrom(PAYOUT_DAY_MS, 2 * HOUR),
});
const recentOrNot = fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 3 * PAYOUT_DAY_MS }).map(at));
const factsArb: fc.Arbitrary<PayoutRiskFacts> = fc.record({
  emailVerified: fc.boolean(),
  phoneVerified: fc.boolean(),
  credentialsChangedAt: recentOrNot,
  deviceFirstSeenAt: recentOrNot,
  firstDeviceSeenAt: recentOrNot,
  linkedPlayerBetIds: fc.array(fc.uuid(), { maxLength: 2 }),
});

/** The rules restated independently, one by one, from the words. */
function expectedReasons(amount: Money, policy: PayoutPolicy, facts: PayoutRiskFacts, past: readonly PastWithdrawal[]): string[] {
  const age = (w: PastWithdrawal) => now.getTime() - Date.parse(w.requestedAt);
  const kept = past.filter((w) => !w.returned);
  const sum = (ws: PastWithdrawal[]) => ws.reduce((total, w) => total.plus(w.amount), ZERO);
  const day = sum(kept.filter((w) => age(w) < PAYOUT_DAY_MS));
  const month = sum(kept.filter((w) => age(w) < PAYOUT_MONTH_MS));
  const countToday = past.filter((w) => age(w) < PAYOUT_DAY_MS).length;
  const recent = (t: string | null) => t !== null && now.getTime() - Date.parse(t) < policy.credentialsChangeWindowMs;
  const reasons: string[] = [];
  if (!facts.emailVerified || !facts.phoneVerified) reasons.push('unverified');
  if (day.plus(amount).gt(new Money(policy.dailyMax))) reasons.push('over_daily_tier');
  if (month.plus(amount).gt(new Money(policy.monthlyMax))) reasons.push('over_monthly_tier');
  if (recent(facts.credentialsChangedAt)) reasons.push('credentials_changed_recently');
  const device = facts.deviceFirstSeenAt === null ? null : Date.parse(facts.deviceFirstSeenAt);
  const first = facts.firstDeviceSeenAt === null ? null : Date.parse(facts.firstDeviceSeenAt);
  const newDevice = first !== null && (device === null || (device > first && now.getTime() - device < policy.newDeviceWindowMs));
  if (newDevice) reasons.push('new_device');
  if (countToday >= policy.withdrawalsPerDayMax) reasons.push('too_many_withdrawals_today');
  if (facts.linkedPlayerBetIds.length > 0) reasons.push('winnings_from_linked_player');
  return reasons;
}

describe('payout review rules', () => {
  it('hold a withdrawal for exactly the rules that fire, and pay it automatically only when none does', () => {
    fc.assert(
      fc.property(nairaArb, policyArb, factsArb, fc.array(pastArb, { maxLength: 8 }), (amount, policy, facts, past) => {
        const reasons = payoutReviewReasons({ amount, now, policy, facts, past });
        expect(reasons).toEqual(expectedReasons(amount, policy, facts, past));
        expect([...reasons].sort((a, b) => PAYOUT_REVIEW_REASONS.indexOf(a) - PAYOUT_REVIEW_REASONS.indexOf(b))).toEqual(reasons);
      }),
      { numRuns: 300 },
    );
  });

  it('name each rule on its own: a clean request with one fact changed is held for that rule alone', () => {
    const policy = DEFAULT_PAYOUT_POLICY;
    const reasons = (facts: Partial<PayoutRiskFacts>, amount = '10000', past: PastWithdrawal[] = []) => payoutReviewReasons({ amount: new Money(amount), now, policy, facts: { ...clean, ...facts }, past });
    const w = (amount: string, hoursAgo: number, returned = false): PastWithdrawal => ({ amount: new Money(amount), requestedAt: at(hoursAgo * HOUR), returned });
    expect(reasons({})).toEqual([]);
    expect(reasons({ phoneVerified: false })).toEqual(['unverified']);
    expect(reasons({}, '50000.00')).toEqual([]);
    expect(reasons({}, '50000.01')).toEqual(['over_daily_tier']);
    expect(reasons({}, '40000', [w('10000', 23)])).toEqual([]);
    expect(reasons({}, '40000', [w('10000.01', 23)])).toEqual(['over_daily_tier']);
    expect(reasons({}, '40000', [w('10001', 24)])).toEqual([]);
    expect(reasons({}, '40000', [w('45000', 2, true)])).toEqual([]);
    expect(reasons({}, '10000', [w('50000', 48), w('50000', 96), w('50000', 24 * 10), w('50000', 24 * 29), w('40000', 24 * 31)])).toEqual(['over_monthly_tier']);
    expect(reasons({}, '10000', [w('50000', 48), w('50000', 96), w('50000', 24 * 10), w('50000', 24 * 30), w('40000', 24 * 31)])).toEqual([]);
    expect(reasons({ credentialsChangedAt: at(23 * HOUR) })).toEqual(['credentials_changed_recently']);
    expect(reasons({ credentialsChangedAt: at(25 * HOUR) })).toEqual([]);
    expect(reasons({ deviceFirstSeenAt: at(HOUR) })).toEqual(['new_device']);
    expect(reasons({ deviceFirstSeenAt: null })).toEqual(['new_device']);
    expect(reasons({ deviceFirstSeenAt: at(HOUR), firstDeviceSeenAt: at(HOUR) })).toEqual([]);
    expect(reasons({ deviceFirstSeenAt: null, firstDeviceSeenAt: null })).toEqual([]);
    expect(reasons({}, '1000', [w('1000', 1), w('1000', 2), w('1000', 3, true)])).toEqual(['too_many_withdrawals_today']);
    expect(reasons({}, '1000', [w('1000', 1), w('1000', 2)])).toEqual([]);
    expect(reasons({ linkedPlayerBetIds: ['bet-1'] })).toEqual(['winnings_from_linked_player']);
  });

  it('count returned withdrawals as attempts but not as money out', () => {
    fc.assert(
      fc.property(fc.array(pastArb, { maxLength: 10 }), (past) => {
        const totals = payoutWindowTotals(past, now);
        const withoutReturned = payoutWindowTotals(past.filter((w) => !w.returned), now);
        expect(totals.lastDay.eq(withoutReturned.lastDay)).toBe(true);
        expect(totals.lastMonth.eq(withoutReturned.lastMonth)).toBe(true);
        expect(totals.countLastDay).toBeGreaterThanOrEqual(withoutReturned.countLastDay);
        expect(totals.lastDay.lte(totals.lastMonth)).toBe(true);
      }),
    );
  });
});

describe('the tier through the wallet decider', () => {
  const userId = 'u-tier';
  const account: PayoutAccount = { bankAccountId: 'ba-1', bankName: 'Access Bank', accountName: 'ADA OBI', accountNumberMasked: '******7890', recipientCode: 'RCP_1', addedAt: '2026-01-01T00:00:00.000Z' };
  type Step = { kind: 'request'; amount: number; hours: number } | { kind: 'return'; index: number; hours: number };
  const stepArb: fc.Arbitrary<Step> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('request' as const), amount: fc.integer({ min: 1000, max: 60_000 }), hours: fc.integer({ min: 0, max: 30 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('return' as const), index: fc.nat(20), hours: fc.integer({ min: 0, max: 5 }) }) },
  );

  it('never lets automatic payouts exceed the tier in any 24 hours or 30 days, nor the count in any 24 hours', () => {
    fc.assert(
      fc.property(policyArb, fc.array(stepArb, { minLength: 1, maxLength: 25 }), (policy, steps) => {
        let clock = new Date('2026-11-01T00:00:00.000Z');
        let state: WalletState = spec.given().state;
        const apply = (command: WalletCommand) => {
          state = spec.givenState(state).when(command).after();
        };
        apply({ type: 'CreditDeposit', data: { userId, depositId: 'd-1', provider: 'paystack', reference: 'd-1', amount: '100000000.00', currency: 'NGN' }, metadata: { now: clock } });
        const requested: { id: string; at: Date }[] = [];
        for (const step of steps) {
          clock = new Date(clock.getTime() + step.hours * HOUR);
          if (step.kind === 'request') {
            const id = `w-${requested.length}`;
            requested.push({ id, at: clock });
            apply({ type: 'RequestBankWithdrawal', data: { userId, withdrawalId: id, account, amount: `${step.amount}.00`, currency: 'NGN', policy, facts: clean }, metadata: { now: clock } });
          } else if (requested.length > 0) {
            const target = requested[step.index % requested.length]!;
            apply({ type: 'RecordBankTransferOutcome', data: { userId, withdrawalId: target.id, providerStatus: 'failed', reason: 'failed', via: 'webhook' }, metadata: { now: clock } });
          }
        }
        // Every automatic (not held) withdrawal, with the others of its window that were not returned before it was decided.
        const all = bankWithdrawalsOf(state);
        const automatic = requested.map((r, index) => ({ ...r, index })).filter((r) => !all[r.id]!.kycPending);
        for (const r of automatic) {
          const before = (o: { at: Date; index: number }, ms: number) => o.index <= r.index && r.at.getTime() - o.at.getTime() < ms;
          const windowOf = (ms: number) => automatic.filter((o) => before(o, ms) && (o.id === r.id || all[o.id]!.status !== 'returned'));
          const sum = (ws: typeof automatic) => ws.reduce((total, o) => total.plus(all[o.id]!.amount), ZERO);
          expect(sum(windowOf(PAYOUT_DAY_MS)).lte(new Money(policy.dailyMax))).toBe(true);
          expect(sum(windowOf(PAYOUT_MONTH_MS)).lte(new Money(policy.monthlyMax))).toBe(true);
          const countWindow = requested.map((o, index) => ({ ...o, index })).filter((o) => before(o, PAYOUT_DAY_MS));
          expect(countWindow.length).toBeLessThanOrEqual(policy.withdrawalsPerDayMax);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('the tier for crypto withdrawals (USD)', () => {
  it('holds a crypto withdrawal past the USD tier or from an unverified player, and lets one within it go', () => {
    const userId = 'u-crypto';
    const policy: PayoutPolicy = { ...DEFAULT_PAYOUT_POLICY, dailyMax: '30.00', monthlyMax: '120.00', newAccountWaitMs: 0 };
    let state: WalletState = spec.given().state;
    const apply = (command: WalletCommand) => {
      const decided = spec.givenState(state).when(command);
      state = decided.after();
      return decided.events();
    };
    apply({ type: 'CreditCryptoDeposit', data: { userId, depositId: 'c-1', cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: '100', rate: '1', usdAmount: '100.00' }, metadata: { now } });
    const request = (id: string, usd: string, facts: PayoutRiskFacts = clean) =>
      apply({ type: 'RequestWithdrawal', data: { userId, withdrawalId: id, cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: usd, withdrawalAddress: 'T', rate: '1', usdAmount: usd, policy, facts }, metadata: { now } })[0]!.data as unknown as { kycStatus: string; reviewReasons: string[]; requiresKyc: boolean };
    expect(request('w-1', '20.00')).toMatchObject({ kycStatus: 'not_required', reviewReasons: [], requiresKyc: false });
    expect(request('w-2', '10.01')).toMatchObject({ kycStatus: 'pending', reviewReasons: ['over_daily_tier'] });
    // The held one still counts towards the tier until it is cancelled.
    expect(request('w-3', '1.00', { ...clean, phoneVerified: false })).toMatchObject({ kycStatus: 'pending', reviewReasons: ['unverified', 'over_daily_tier'], requiresKyc: true });
  });
});
