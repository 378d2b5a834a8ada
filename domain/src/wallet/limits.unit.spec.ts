// Proves safer play in the wallet decider: deposit and stake limits (lower at once, raise after 24 h to the exact second), windows in the player's own day/week/month, cool-off and self-exclusion refusing deposits and stake locks while payouts and withdrawals still work.
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import { walletDecider } from './decider.js';
import { initialState, type WalletState } from './state.js';
import type { WalletCommand } from './commands.js';
import type { LimitKind, ExclusionPeriod } from './limits-events.js';
import { saferPlayView, exclusionEnd } from './limits.js';
import { windowKeys } from './limits-windows.js';
import { DepositLimitExceededError, ExclusionActiveError, SelfExcludedError } from './limits-errors.js';
import { DailyLimitExceededError } from './errors.js';
import { ZERO } from '../money/money.js';
import { reviewInputs } from './testing/payout-review.js';

const userId = 'u-1';
const T0 = new Date('2026-11-24T10:00:00.000Z'); // a Tuesday
const at = (iso: string) => new Date(iso);
const plus = (d: Date, ms: number) => new Date(d.getTime() + ms);
const H = 60 * 60 * 1000;

const spec = deciderSpec(walletDecider);
const when = (state: WalletState, command: WalletCommand) => spec.givenState(state).when(command);
function run(state: WalletState, ...commands: WalletCommand[]): WalletState {
  return commands.reduce((s, c) => when(s, c).after(), state);
}
const setLimits = (limits: Partial<Record<LimitKind, string | null>>, now = T0): WalletCommand => ({ type: 'SetSpendingLimits', data: { userId, limits, currency: 'NGN', stakeDailyDefault: '50000' }, metadata: { now } });
const authorize = (depositId: string, amount: string, now = T0, timeZone = 'UTC'): WalletCommand => ({ type: 'AuthorizeDeposit', data: { userId, depositId, provider: 'paystack', amount, currency: 'NGN', timeZone }, metadata: { now } });
const credit = (depositId: string, amount: string, now = T0): WalletCommand => ({ type: 'CreditDeposit', data: { userId, depositId, provider: 'paystack', reference: depositId, amount, currency: 'NGN' }, metadata: { now } });
const lock = (holdId: string, stake: string, now = T0, fee = '0.00'): WalletCommand => ({ type: 'LockStake', data: { userId, holdId, holdKind: 'bet', stake, fee, currency: 'NGN', timeZone: 'UTC', dailyLimit: '50000' }, metadata: { now } });
const exclude = (period: ExclusionPeriod, now = T0): WalletCommand => ({ type: 'StartSelfExclusion', data: { userId, period }, metadata: { now } });
const view = (s: WalletState, now = T0, timeZone = 'UTC') => saferPlayView(s.safer, { now, timeZone, currency: 'NGN', stakeDailyDefault: '50000', stakedToday: s.spent?.day === windowKeys(now, timeZone).day ? s.spent.amount : ZERO });

describe('deposit limits', () => {
  it('applies a lowering at once and refuses a deposit past it, naming the limit and what is left', () => {
    const s = run(initialState(), setLimits({ depositDaily: '1000' }), authorize('d1', '600'), credit('d1', '600'));
    const refused = when(s, authorize('d2', '500')).thenRefused();
    expect(refused).toBeInstanceOf(DepositLimitExceededError);
    expect(refused).toMatchObject({ status: 400, code: 'deposit_limit_exceeded', params: { limit: 'depositDaily', limitAmount: '1000.00', used: '600.00', remaining: '400.00', requested: '500.00', currency: 'NGN' } });
    expect((refused as Error).message).toBe('Deposit limit reached: your daily deposit limit is ₦1,000.00 and ₦400.00 is left today');
    expect(when(s, authorize('d2', '400')).events()).toHaveLength(1);
  });

  it('makes a raise or a removal wait 24 h, to the exact millisecond, shown as pending', () => {
    const s = run(initialState(), setLimits({ depositDaily: '1000' }), setLimits({ depositDaily: '5000' }, plus(T0, H)));
    const effective = plus(T0, 25 * H);
    expect(view(s, plus(T0, H)).limits.depositDaily).toMatchObject({ inForce: '1000.00', pending: { value: '5000.00', effectiveAt: effective.toISOString() } });
    when(s, authorize('d1', '2000', plus(effective, -1))).thenRefused({ type: DepositLimitExceededError });
    expect(when(s, authorize('d1', '2000', effective)).events()).toHaveLength(1);
    expect(view(s, effective).limits.depositDaily).toMatchObject({ inForce: '5000.00', pending: null });
    const removed = run(s, setLimits({ depositDaily: null }, plus(T0, 30 * H)));
    expect(view(removed, plus(T0, 30 * H)).limits.depositDaily.pending).toEqual({ value: null, effectiveAt: plus(T0, 54 * H).toISOString() });
    expect(when(removed, authorize('d2', '99999', plus(T0, 54 * H))).events()).toHaveLength(1);
  });

  it('does not restart the clock when the same raise is asked again, and a lowering drops a pending raise', () => {
    const s = run(initialState(), setLimits({ depositWeekly: '1000' }), setLimits({ depositWeekly: '5000' }));
    when(s, setLimits({ depositWeekly: '5000' }, plus(T0, H))).thenNothing();
    const lowered = run(s, setLimits({ depositWeekly: '800' }, plus(T0, H)));
    expect(view(lowered, plus(T0, 48 * H)).limits.depositWeekly).toMatchObject({ inForce: '800.00', pending: null });
    const kept = run(s, setLimits({ depositWeekly: '1000' }, plus(T0, H)));
    expect(view(kept, plus(T0, 48 * H)).limits.depositWeekly).toMatchObject({ inForce: '1000.00', pending: null });
  });

  it('counts the player\'s own day: a deposit at 23:30 in Lagos (22:30 UTC) and one at 00:30 there are on different days', () => {
    const s = run(initialState(), setLimits({ depositDaily: '1000' }), authorize('d1', '1000', at('2026-11-24T22:30:00Z'), 'Africa/Lagos'));
    when(s, authorize('d2', '1', at('2026-11-24T22:59:59.999Z'), 'Africa/Lagos')).thenRefused({ type: DepositLimitExceededError });
    expect(when(s, authorize('d2', '1000', at('2026-11-24T23:00:00Z'), 'Africa/Lagos')).events()).toHaveLength(1);
    // In UTC both are still the 24th.
    when(s, authorize('d2', '1', at('2026-11-24T23:30:00Z'), 'UTC')).thenRefused({ type: DepositLimitExceededError });
  });

  it('counts weeks Monday to Sunday and calendar months in the player\'s zone', () => {
    // Sunday 29 Nov 2026 23:00 in New York is Monday 30 Nov 04:00 UTC: a new week in UTC, not in New York.
    const sunday = at('2026-11-30T04:00:00Z');
    expect(windowKeys(sunday, 'America/New_York')).toEqual({ day: '2026-11-29', week: '2026-11-23', month: '2026-11' });
    expect(windowKeys(sunday, 'UTC')).toEqual({ day: '2026-11-30', week: '2026-11-30', month: '2026-11' });
    const s = run(initialState(), setLimits({ depositWeekly: '1000', depositMonthly: '1500' }), authorize('d1', '1000', T0, 'America/New_York'));
    expect(when(s, authorize('d2', '1', sunday, 'America/New_York')).thenRefused()).toMatchObject({ params: { limit: 'depositWeekly', remaining: '0.00' } });
    expect(when(s, authorize('d2', '1', sunday, 'UTC')).events()).toHaveLength(1);
    // Monday 05:00 UTC is Monday 00:00 in New York: a new week, the same month (500 left of it).
    const monday = at('2026-11-30T05:00:00Z');
    expect(when(s, authorize('d2', '501', monday, 'America/New_York')).thenRefused()).toMatchObject({ params: { limit: 'depositMonthly', remaining: '500.00' } });
    const month = run(s, authorize('d2', '500', monday, 'America/New_York'));
    // 1 Dec 04:59 UTC is still 30 Nov in New York; 05:00 UTC is 1 Dec there: a new month.
    when(month, authorize('d3', '1', at('2026-12-01T04:59:59.999Z'), 'America/New_York')).thenRefused({ type: DepositLimitExceededError });
    expect(when(month, authorize('d3', '500', at('2026-12-01T05:00:00Z'), 'America/New_York')).events()).toHaveLength(1);
    expect(view(month, monday, 'America/New_York').limits.depositMonthly).toMatchObject({ used: '1500.00', remaining: '0.00' });
  });

  it('gives back a released deposit (failed, abandoned) but never one credited', () => {
    const s = run(initialState(), setLimits({ depositDaily: '1000' }), authorize('d1', '1000'));
    const released = run(s, { type: 'ReleaseDepositAuthorization', data: { userId, depositId: 'd1', reason: 'failed' }, metadata: { now: T0 } });
    expect(when(released, authorize('d2', '1000')).events()).toHaveLength(1);
    const credited = run(s, credit('d1', '1000'));
    when(credited, { type: 'ReleaseDepositAuthorization', data: { userId, depositId: 'd1', reason: 'late' }, metadata: { now: T0 } }).thenNothing();
    // A released deposit that is paid after all counts again.
    const late = run(released, credit('d1', '1000'));
    expect(view(late).limits.depositDaily.used).toBe('1000.00');
  });
});

describe('daily stake limit', () => {
  it('defaults to the platform limit, lowers at once and raises after 24 h', () => {
    const rich = run(initialState(), credit('d0', '200000'));
    expect(view(rich).limits.stakeDaily).toMatchObject({ inForce: '50000.00', remaining: '50000.00' });
    const s = run(rich, setLimits({ stakeDaily: '100' }));
    expect(when(s, lock('b1', '101')).thenRefused()).toBeInstanceOf(DailyLimitExceededError);
    expect(when(s, lock('b1', '101')).thenRefused()).toMatchObject({ params: { dailyLimit: '100.00' } });
    const raised = run(s, setLimits({ stakeDaily: '60000' }, plus(T0, H)));
    when(raised, lock('b1', '101', plus(T0, 25 * H - 1))).thenRefused({ type: DailyLimitExceededError });
    expect(when(raised, lock('b1', '55000', plus(T0, 25 * H))).events()).toHaveLength(1);
    const none = run(raised, setLimits({ stakeDaily: null }, plus(T0, 25 * H)));
    expect(when(none, lock('b2', '150000', plus(T0, 49 * H))).events()).toHaveLength(1);
  });
});

describe('cool-off and self-exclusion', () => {
  const funded = () => run(initialState(), credit('d0', '1000'), lock('b1', '100'), { type: 'CreditCryptoDeposit', data: { userId, depositId: 'c1', cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: '50', rate: '1', usdAmount: '50.00' }, metadata: { now: T0 } });

  it('refuses deposits and new stake locks until the exact end, with the kind and the end', () => {
    const s = run(funded(), exclude('24h'));
    const end = plus(T0, 24 * H);
    expect(when(s, authorize('d1', '10', plus(end, -1))).thenRefused()).toMatchObject({ status: 403, code: 'cool_off_active', params: { kind: 'cool_off', until: end.toISOString(), action: 'deposit' } });
    const stake = when(s, lock('b2', '10', plus(end, -1))).thenRefused();
    expect(stake).toBeInstanceOf(SelfExcludedError);
    expect(stake).toMatchObject({ code: 'cool_off_active', params: { action: 'stake' } });
    expect(when(s, authorize('d1', '10', end)).events()).toHaveLength(1);
    expect(when(s, lock('b2', '10', end)).events()).toHaveLength(1);
  });

  it('lets open bets play out: payouts, refunds, deposits already paid and withdrawals still work', () => {
    const s = run(funded(), exclude('6m'));
    when(s, lock('b1', '100')).thenNothing(); // the same hold again: already locked, nothing new
    expect(when(s, { type: 'CreditPayout', data: { userId, holdId: 'b1', holdKind: 'bet', amount: '200.00', currency: 'NGN' }, metadata: { now: T0 } }).events()).toHaveLength(1);
    expect(when(s, { type: 'ReleaseStake', data: { userId, holdId: 'b1', reason: 'cancelled' }, metadata: { now: T0 } }).events()).toHaveLength(1);
    expect(when(s, credit('d9', '50')).events()).toHaveLength(1);
    expect(when(s, { type: 'RequestWithdrawal', data: { userId, withdrawalId: 'w1', cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: '10', withdrawalAddress: 'T', rate: '1', usdAmount: '10.00', ...reviewInputs(true) }, metadata: { now: T0 } }).events()).toHaveLength(1);
  });

  it('cannot be shortened or undone, only lengthened; self-exclusion periods are calendar months', () => {
    const s = run(initialState(), exclude('6m'));
    expect(view(s).selfExcludedUntil).toBe('2027-05-24T10:00:00.000Z');
    expect(view(s).coolOffUntil).toBeNull();
    const shorter = when(s, exclude('30d', plus(T0, H))).thenRefused();
    expect(shorter).toBeInstanceOf(ExclusionActiveError);
    expect(shorter).toMatchObject({ status: 409, code: 'exclusion_active', params: { kind: 'self_exclusion', until: '2027-05-24T10:00:00.000Z' } });
    when(s, exclude('6m')).thenRefused({ type: ExclusionActiveError });
    const longer = run(s, exclude('1y', plus(T0, H)));
    expect(view(longer).selfExcludedUntil).toBe('2027-11-24T11:00:00.000Z');
    expect(exclusionEnd(at('2026-08-31T12:00:00Z'), '6m').toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(exclusionEnd(T0, '5y').toISOString()).toBe('2031-11-24T10:00:00.000Z');
    expect(view(run(initialState(), exclude('7d'))).coolOffUntil).toBe('2026-12-01T10:00:00.000Z');
  });

  it('records the reality check interval once per change', () => {
    const set = (m: number | null): WalletCommand => ({ type: 'SetRealityCheck', data: { userId, intervalMinutes: m }, metadata: { now: T0 } });
    const s = run(initialState(), set(30));
    expect(s.safer.realityCheckMinutes).toBe(30);
    when(s, set(30)).thenNothing();
    expect(run(s, set(null)).safer.realityCheckMinutes).toBeNull();
  });
});
