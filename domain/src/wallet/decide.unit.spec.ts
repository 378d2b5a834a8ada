// Proves the wallet decider: deposits credit once, debits never go below zero, stakes respect the daily limit in the user's own day, holds release and pay out once.
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import { walletDecider } from './decider.js';
import { availableBalance, type WalletState } from './state.js';
import type { WalletCommand } from './commands.js';
import type { WalletEvent } from './events.js';
import { fee } from '../money/money.js';
import { DailyLimitExceededError, InsufficientBalanceError } from './errors.js';
import { reviewInputs } from './testing/payout-review.js';

const spec = deciderSpec(walletDecider);
/** The refusal `command` meets on `state`. */
const refused = (state: WalletState, command: WalletCommand): unknown => spec.givenState(state).when(command).thenRefused();

const userId = 'u-1';
const now = new Date('2026-11-21T22:30:00.000Z');

const given = (...commands: WalletCommand[]): WalletState => spec.stateAfter(commands);
const deposit = (amount: string, depositId = `d-${amount}`): WalletCommand => ({ type: 'CreditDeposit', data: { userId, depositId, provider: 'paystack', reference: depositId, amount, currency: 'NGN' }, metadata: { now } });
const lock = (holdId: string, stake: string, extra: Partial<Extract<WalletCommand, { type: 'LockStake' }>['data']> & { now?: Date } = {}): WalletCommand => {
  const { now: at = now, ...data } = extra;
  return { type: 'LockStake', data: { userId, holdId, holdKind: 'bet', stake, fee: fee(stake).toFixed(2), currency: 'NGN', timeZone: 'UTC', dailyLimit: '50000', ...data }, metadata: { now: at } };
};

describe('wallet decider', () => {
  it('credits a deposit once, whatever the number of attempts', () => {
    const state = given(deposit('500.00', 'ref-1'));
    spec.givenState(state).when(deposit('500.00', 'ref-1')).thenNothing();
    expect(availableBalance(state, 'NGN').toFixed(2)).toBe('500.00');
  });

  it('locks stake + fee into the bet escrow with balanced postings', () => {
    const [event] = spec.givenState(given(deposit('500.00'))).when(lock('bet-1', '100.00')).events() as [WalletEvent];
    expect(event.type).toBe('StakeLocked');
    expect(event.data).toMatchObject({ stake: '100.00', fee: '2.00', total: '102.00', spentDay: '2026-11-21' });
    expect((event.data as { postings: unknown }).postings).toEqual([
      { account: 'user:u-1:available:NGN', currency: 'NGN', amount: '-102.00' },
      { account: 'bet:bet-1:escrow:NGN', currency: 'NGN', amount: '102.00' },
    ]);
  });

  it('refuses a stake the balance cannot cover (stake + fee) with "Insufficient balance"', () => {
    const state = given(deposit('101.99'));
    expect(spec.givenState(state).when(lock('bet-1', '100.00')).thenRefused().message).toContain('Insufficient balance');
    expect(spec.givenState(given(deposit('102.00'))).when(lock('bet-1', '100.00')).events()).toHaveLength(1);
  });

  it('refuses with typed errors that carry a stable code and the amounts as params', () => {
    const poor = refused(given(deposit('500.00')), lock('bet-1', '1000.00'));
    expect(poor).toBeInstanceOf(InsufficientBalanceError);
    expect(poor).toMatchObject({ status: 400, code: 'insufficient_balance', message: 'Insufficient balance' });
    expect((poor as InsufficientBalanceError).params).toEqual({ needed: '1020.00', fee: '20.00', balance: '500.00', currency: 'NGN' });
    const limited = refused(given(deposit('100000.00'), lock('bet-1', '40000.00')), lock('bet-2', '9500.00'));
    expect(limited).toBeInstanceOf(DailyLimitExceededError);
    expect(limited).toMatchObject({ status: 400, code: 'daily_limit_exceeded', message: 'Daily limit exceeded' });
    expect((limited as DailyLimitExceededError).params).toEqual({ dailyLimit: '50000.00', dailySpent: '40800.00', currency: 'NGN' });
    expect((limited as DailyLimitExceededError).extra).toEqual({ dailyLimit: '50000.00', dailySpent: '40800.00' });
  });

  it('refuses a stake past the daily limit, counting the user\'s own calendar day', () => {
    const state = given(deposit('100000.00'), lock('bet-1', '40000.00'));
    expect(spec.givenState(state).when(lock('bet-2', '9500.00')).thenRefused().message).toContain('Daily limit exceeded'); // 40800 + 9690 > 50000
    expect(spec.givenState(state).when(lock('bet-2', '9000.00')).events()).toHaveLength(1); // 40800 + 9180 <= 50000
    // Lagos is UTC+1: 22:30 UTC is 23:30 on the 21st there, 23:30 UTC is already the 22nd.
    const lagos = given(deposit('100000.00'), lock('bet-1', '40000.00', { timeZone: 'Africa/Lagos', now: new Date('2026-11-21T22:30:00Z') }));
    expect(spec.givenState(lagos).when(lock('bet-2', '9500.00', { timeZone: 'Africa/Lagos', now: new Date('2026-11-21T23:30:00Z') })).events()).toHaveLength(1);
    expect(spec.givenState(lagos).when(lock('bet-2', '9500.00', { timeZone: 'Africa/Lagos', now: new Date('2026-11-21T22:45:00Z') })).thenRefused().message).toContain('Daily limit exceeded');
  });

  it('counts an unknown time zone in UTC rather than refusing', () => {
    const [event] = spec.givenState(given(deposit('500.00'))).when(lock('bet-1', '10.00', { timeZone: 'Mars/Olympus' })).events() as [WalletEvent];
    expect(event.data).toMatchObject({ spentDay: '2026-11-21' });
  });

  it('releases a hold once, returning stake + fee and the day\'s spending', () => {
    const state = given(deposit('500.00'), lock('bet-1', '100.00'));
    const released = given(deposit('500.00'), lock('bet-1', '100.00'), { type: 'ReleaseStake', data: { userId, holdId: 'bet-1', reason: 'cancelled' }, metadata: { now } });
    expect(availableBalance(released, 'NGN').toFixed(2)).toBe('500.00');
    expect(released.spent?.amount.toFixed(2)).toBe('0.00');
    spec.givenState(released).when({ type: 'ReleaseStake', data: { userId, holdId: 'bet-1', reason: 'again' }, metadata: { now } }).thenNothing();
    expect(availableBalance(state, 'NGN').toFixed(2)).toBe('398.00');
  });

  it('pays out once per hold and refuses to release a paid hold', () => {
    const paid = given(deposit('500.00'), lock('bet-1', '100.00'), { type: 'CreditPayout', data: { userId, holdId: 'bet-1', holdKind: 'bet', amount: '200.00', currency: 'NGN' }, metadata: { now } });
    expect(availableBalance(paid, 'NGN').toFixed(2)).toBe('598.00');
    spec.givenState(paid).when({ type: 'CreditPayout', data: { userId, holdId: 'bet-1', holdKind: 'bet', amount: '200.00', currency: 'NGN' }, metadata: { now } }).thenNothing();
    expect(spec.givenState(paid).when({ type: 'ReleaseStake', data: { userId, holdId: 'bet-1', reason: 'x' }, metadata: { now } }).thenRefused().message).toContain('Stake already paid out');
  });

  it('holds a withdrawal from the crypto balance at once and returns it on cancellation', () => {
    const credited = given({ type: 'CreditCryptoDeposit', data: { userId, depositId: 'c1', cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: '50', rate: '1', usdAmount: '50.00' }, metadata: { now } });
    const request: WalletCommand = { type: 'RequestWithdrawal', data: { userId, withdrawalId: 'w1', cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: '60', withdrawalAddress: 'T', rate: '1', usdAmount: '60.00', ...reviewInputs(true) }, metadata: { now } };
    expect(spec.givenState(credited).when(request).thenRefused().message).toContain('Insufficient balance');
    expect(refused(credited, request)).toMatchObject({ code: 'insufficient_crypto_balance', params: { needed: '60.00', balance: '50.00', currency: 'USD' } });
    const held = given(
      { type: 'CreditCryptoDeposit', data: { userId, depositId: 'c1', cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: '50', rate: '1', usdAmount: '50.00' }, metadata: { now } },
      { ...request, data: { ...request.data, cryptoAmount: '40', usdAmount: '40.00' } } as WalletCommand,
    );
    expect(held.crypto.toFixed(2)).toBe('10.00');
    const cancelled = spec.givenState(held).when({ type: 'CancelWithdrawal', data: { userId, withdrawalId: 'w1', reason: 'provider' }, metadata: { now } }).after();
    expect(cancelled.crypto.toFixed(2)).toBe('50.00');
    expect(spec.givenState(cancelled).when({ type: 'CompleteWithdrawal', data: { userId, withdrawalId: 'w1', txHash: 'h' }, metadata: { now } }).thenRefused().message).toContain('Withdrawal was cancelled');
  });

  it('keeps a KYC-pending withdrawal from being submitted until cleared', () => {
    const held = given(
      { type: 'CreditCryptoDeposit', data: { userId, depositId: 'c1', cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: '50', rate: '1', usdAmount: '50.00' }, metadata: { now } },
      { type: 'RequestWithdrawal', data: { userId, withdrawalId: 'w1', cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: '10', withdrawalAddress: 'T', rate: '1', usdAmount: '10.00', ...reviewInputs(false) }, metadata: { now } },
    );
    expect(spec.givenState(held).when({ type: 'MarkWithdrawalSubmitted', data: { userId, withdrawalId: 'w1', providerReference: 'p' }, metadata: { now } }).thenRefused().message).toContain('Withdrawal is waiting for KYC');
    const cleared = spec.givenState(held).when({ type: 'ClearWithdrawalKyc', data: { userId, withdrawalId: 'w1', clearedBy: 'admin' }, metadata: { now } }).after();
    expect(spec.givenState(cleared).when({ type: 'MarkWithdrawalSubmitted', data: { userId, withdrawalId: 'w1', providerReference: 'p' }, metadata: { now } }).events()).toHaveLength(1);
  });
});
