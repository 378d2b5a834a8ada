// Proves the bank withdrawal rules of the wallet decider: the hold at request, the ₦1,000 minimum and the balance check, the 24 h wait on a new account, KYC and admin holds, completion once, the hold returned once on failure or reversal, and bank accounts masked.
import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import { walletDecider } from './decider.js';
import { availableBalance, type WalletState } from './state.js';
import type { WalletCommand } from './commands.js';
import type { WalletEvent } from './events.js';
import { bankWithdrawalEventId, bankWithdrawalsOf, bankTransferReference, isSendable, parseBankWithdrawal, transferAwaitingOtp, type BankWithdrawalEvent, type PayoutAccount } from './bank-withdrawal.js';
import { bankAccountsDecider, parseBankAccountInput } from './bank-accounts.js';
import { InsufficientBalanceError } from './errors.js';
import { DEFAULT_PAYOUT_POLICY, type PayoutRiskFacts } from './payout-policy.js';

const userId = 'u-1';
const now = new Date('2026-11-24T10:00:00.000Z');
const account: PayoutAccount = { bankAccountId: 'ba-1', bankName: 'Access Bank', accountName: 'ADA OBI', accountNumberMasked: '******7890', recipientCode: 'RCP_1', addedAt: '2026-11-20T10:00:00.000Z' };

const spec = deciderSpec(walletDecider);
const accounts = deciderSpec(bankAccountsDecider);
const apply = (state: WalletState, command: WalletCommand): WalletState => spec.givenState(state).when(command).after();
const given = (...commands: WalletCommand[]): WalletState => spec.stateAfter(commands);
const deposit = (amount: string): WalletCommand => ({ type: 'CreditDeposit', data: { userId, depositId: `d-${amount}`, provider: 'paystack', reference: `d-${amount}`, amount, currency: 'NGN' }, metadata: { now } });
const facts = (verified: boolean): PayoutRiskFacts => ({ emailVerified: verified, phoneVerified: verified, credentialsChangedAt: null, deviceFirstSeenAt: null, firstDeviceSeenAt: null, linkedPlayerBetIds: [] });
const request = (amount: string, extra: { id?: string; account?: PayoutAccount; requiresKyc?: boolean; at?: Date } = {}): WalletCommand => ({
  type: 'RequestBankWithdrawal',
  data: { userId, withdrawalId: extra.id ?? 'w-1', account: extra.account ?? account, amount, currency: 'NGN', policy: DEFAULT_PAYOUT_POLICY, facts: facts(!(extra.requiresKyc ?? false)) },
  metadata: { now: extra.at ?? now },
});
const outcome = (providerStatus: string, id = 'w-1'): WalletCommand => ({ type: 'RecordBankTransferOutcome', data: { userId, withdrawalId: id, providerStatus, reason: providerStatus, via: 'webhook' }, metadata: { now } });
const sent = (id = 'w-1', providerStatus = 'pending'): WalletCommand => ({ type: 'MarkBankWithdrawalSent', data: { userId, withdrawalId: id, transferCode: 'TRF_1', providerStatus }, metadata: { now } });

describe('bank withdrawals', () => {
  it('holds the amount at once: available → external:withdrawals:NGN, with a derived reference', () => {
    const [event] = spec.givenState(given(deposit('2000.00'))).when(request('1500.00')).events() as [WalletEvent];
    expect(event.type).toBe('BankWithdrawalRequested');
    expect(event.data).toMatchObject({ amount: '1500.00', reference: bankTransferReference('w-1'), notBefore: now.toISOString(), requiresKyc: false, reviewReasons: [], accountNumberMasked: '******7890' });
    expect((event.data as { postings: unknown }).postings).toEqual([
      { account: 'user:u-1:available:NGN', currency: 'NGN', amount: '-1500.00' },
      { account: 'external:withdrawals:NGN', currency: 'NGN', amount: '1500.00' },
    ]);
    expect(availableBalance(apply(given(deposit('2000.00')), request('1500.00')), 'NGN').toFixed(2)).toBe('500.00');
  });

  it('refuses less than ₦1,000 and more than the available balance', () => {
    expect(() => parseBankWithdrawal({ amount: '999.99', bankAccountId: 'ba-1' })).toThrow('Minimum withdrawal amount is ₦1,000');
    expect(spec.givenState(given(deposit('2000.00'))).when(request('999.99')).thenRefused().message).toContain('Minimum withdrawal amount is ₦1,000');
    expect(() => parseBankWithdrawal({ amount: '1000', bankAccountId: '' })).toThrow('Bank account is required');
    const poor = spec.givenState(given(deposit('2000.00'))).when(request('2000.01')).thenRefused({ type: InsufficientBalanceError });
    expect(poor).toMatchObject({ code: 'insufficient_balance', params: { needed: '2000.01', balance: '2000.00' } });
  });

  it('a repeated request decides nothing; a differing one with the same id is a conflict', () => {
    const state = given(deposit('5000.00'), request('1500.00'));
    spec.givenState(state).when(request('1500.00')).thenNothing();
    expect(spec.givenState(state).when(request('1600.00')).thenRefused().message).toContain('Withdrawal already requested');
  });

  it('makes the first payout to an account added less than 24 h ago wait until the day is up; later ones go at once', () => {
    const fresh = { ...account, addedAt: '2026-11-24T09:00:00.000Z' };
    const state = given(deposit('5000.00'), request('1000.00', { account: fresh }));
    const w = bankWithdrawalsOf(state)['w-1']!;
    expect(w.notBefore).toBe('2026-11-25T09:00:00.000Z');
    expect(isSendable(w, now)).toBe(false);
    expect(isSendable(w, new Date('2026-11-25T09:00:00.000Z'))).toBe(true);
    const afterPaid = [sent(), outcome('success')].reduce(apply, state);
    const second = apply(afterPaid, request('1000.00', { id: 'w-2', account: fresh }));
    expect(bankWithdrawalsOf(second)['w-2']!.notBefore).toBe(now.toISOString());
  });

  it('counts payouts paid to an account under the id it had before ids were random as payouts to it', () => {
    const fresh = { ...account, addedAt: '2026-11-24T09:00:00.000Z' };
    const paidUnderOldId = [sent(), outcome('success')].reduce(apply, given(deposit('5000.00'), request('1000.00', { account: fresh })));
    const moved = { ...fresh, bankAccountId: 'ba-random', formerBankAccountIds: ['ba-1'] };
    expect(bankWithdrawalsOf(apply(paidUnderOldId, request('1000.00', { id: 'w-2', account: moved })))['w-2']!.notBefore).toBe(now.toISOString());
    const withoutHistory = { ...fresh, bankAccountId: 'ba-random' };
    expect(bankWithdrawalsOf(apply(paidUnderOldId, request('1000.00', { id: 'w-2', account: withoutHistory })))['w-2']!.notBefore).toBe('2026-11-25T09:00:00.000Z');
  });

  it('lets an admin release end the new-account wait after a review', () => {
    const fresh = { ...account, addedAt: '2026-11-24T09:00:00.000Z' };
    const state = given(deposit('5000.00'), request('1000.00', { account: fresh }));
    const release: WalletCommand = { type: 'ReleaseBankWithdrawal', data: { userId, withdrawalId: 'w-1', by: 'admin-1', reason: 'Called the player' }, metadata: { now } };
    const released = apply(state, release);
    expect(isSendable(bankWithdrawalsOf(released)['w-1']!, now)).toBe(true);
    spec.givenState(released).when(release).thenNothing();
  });

  it('keeps a withdrawal without verified email and phone for review until an admin releases it', () => {
    const state = given(deposit('5000.00'), request('1000.00', { requiresKyc: true }));
    expect(isSendable(bankWithdrawalsOf(state)['w-1']!, now)).toBe(false);
    const released = apply(state, { type: 'ReleaseBankWithdrawal', data: { userId, withdrawalId: 'w-1', by: 'admin-1', reason: 'ID checked' }, metadata: { now } });
    expect(isSendable(bankWithdrawalsOf(released)['w-1']!, now)).toBe(true);
  });

  it('lets an admin hold and release a withdrawal not yet sent, with a reason, and refuses once it is sent', () => {
    const hold: WalletCommand = { type: 'HoldBankWithdrawal', data: { userId, withdrawalId: 'w-1', by: 'admin-1', reason: 'Unusual pattern' }, metadata: { now } };
    const release: WalletCommand = { type: 'ReleaseBankWithdrawal', data: { userId, withdrawalId: 'w-1', by: 'admin-1', reason: 'Player confirmed' }, metadata: { now } };
    const held = given(deposit('5000.00'), request('1000.00'), hold);
    expect(isSendable(bankWithdrawalsOf(held)['w-1']!, now)).toBe(false);
    spec.givenState(held).when(hold).thenNothing();
    const [released] = spec.givenState(held).when(release).events() as [WalletEvent];
    expect(released).toMatchObject({ type: 'BankWithdrawalReleased', data: { reason: 'Player confirmed', releasedBy: 'admin-1', sequence: 2 } });
    expect(spec.givenState(given(deposit('5000.00'), request('1000.00'), sent())).when(hold).thenRefused().message).toContain('Withdrawal is sent');
  });

  it('completes on success once, moving no money', () => {
    const state = given(deposit('5000.00'), request('1000.00'), sent());
    const [paid] = spec.givenState(state).when(outcome('success')).events() as [WalletEvent];
    expect(paid.type).toBe('BankWithdrawalPaid');
    expect('postings' in paid.data).toBe(false);
    const after = apply(state, outcome('success'));
    spec.givenState(after).when(outcome('success')).thenNothing();
    spec.givenState(after).when(outcome('failed')).thenNothing(); // a late contradictory failure changes nothing
    expect(availableBalance(after, 'NGN').toFixed(2)).toBe('4000.00');
  });

  it('returns the hold on failure, once, and ignores a success that arrives after', () => {
    const state = given(deposit('5000.00'), request('1000.00'), sent(), outcome('failed'));
    expect(availableBalance(state, 'NGN').toFixed(2)).toBe('5000.00');
    spec.givenState(state).when(outcome('failed')).thenNothing();
    spec.givenState(state).when(outcome('success')).thenNothing();
    spec.givenState(state).when(outcome('reversed')).thenNothing();
  });

  it('returns the hold when a paid transfer is reversed; out of order (reversed before success) too', () => {
    const paidThenReversed = given(deposit('5000.00'), request('1000.00'), sent(), outcome('success'), outcome('reversed'));
    expect(availableBalance(paidThenReversed, 'NGN').toFixed(2)).toBe('5000.00');
    const reversedFirst = given(deposit('5000.00'), request('1000.00'), outcome('reversed'), outcome('success'), sent());
    expect(availableBalance(reversedFirst, 'NGN').toFixed(2)).toBe('5000.00');
    expect(bankWithdrawalsOf(reversedFirst)['w-1']!.status).toBe('returned');
  });

  it('ignores in-between statuses (pending, otp) and records a send only while requested', () => {
    const state = given(deposit('5000.00'), request('1000.00'));
    spec.givenState(state).when(outcome('pending')).thenNothing();
    spec.givenState(state).when(outcome('otp')).thenNothing();
    const paid = apply(state, outcome('success'));
    spec.givenState(paid).when(sent()).thenNothing();
  });
});

describe('Paystack status of a sent transfer', () => {
  const sentForOtp = () => given(deposit('5000.00'), request('1000.00'), sent('w-1', 'otp'));

  it('records a later in-between status (otp → pending once the OTP is entered), numbered, once', () => {
    const state = sentForOtp();
    expect(transferAwaitingOtp(bankWithdrawalsOf(state)['w-1']!)).toBe('TRF_1');
    const [changed] = spec.givenState(state).when(sent('w-1', 'pending')).events() as [BankWithdrawalEvent];
    expect(changed).toEqual({
      type: 'BankWithdrawalProviderStatusChanged',
      data: { userId, withdrawalId: 'w-1', reference: bankTransferReference('w-1'), providerStatus: 'pending', previousProviderStatus: 'otp', sequence: 1, changedAt: now.toISOString() },
    });
    const after = spec.stateOf([changed], state);
    expect(bankWithdrawalsOf(after)['w-1']).toMatchObject({ status: 'sent', providerStatus: 'pending', otpRequested: true });
    spec.givenState(after).when(sent('w-1', 'pending')).thenNothing();
    const [next] = spec.givenState(after).when(sent('w-1', 'processing')).events() as [BankWithdrawalEvent];
    expect(next.data).toMatchObject({ sequence: 2, previousProviderStatus: 'pending' });
    expect(bankWithdrawalEventId(next)).not.toBe(bankWithdrawalEventId(changed));
  });

  it('leaves final statuses to the outcome: a send record with success or failed decides nothing more', () => {
    const state = sentForOtp();
    spec.givenState(state).when(sent('w-1', 'success')).thenNothing();
    spec.givenState(state).when(sent('w-1', 'failed')).thenNothing();
    expect(bankWithdrawalsOf(apply(state, outcome('success')))['w-1']).toMatchObject({ status: 'paid', providerStatus: 'success' });
  });

  it('refuses an OTP truthfully: no longer needed once entered or ended, never asked for otherwise', () => {
    const entered = apply(sentForOtp(), sent('w-1', 'pending'));
    expect(() => transferAwaitingOtp(bankWithdrawalsOf(entered)['w-1']!)).toThrow(expect.objectContaining({ status: 409, code: 'otp_no_longer_needed', message: 'This transfer no longer needs an OTP' }));
    const paid = apply(entered, outcome('success'));
    expect(() => transferAwaitingOtp(bankWithdrawalsOf(paid)['w-1']!)).toThrow(expect.objectContaining({ code: 'otp_no_longer_needed' }));
    const withoutOtp = given(deposit('5000.00'), request('1000.00'), sent());
    expect(() => transferAwaitingOtp(bankWithdrawalsOf(withoutOtp)['w-1']!)).toThrow(expect.objectContaining({ status: 409, code: 'withdrawal_not_awaiting_otp' }));
    const requested = given(deposit('5000.00'), request('1000.00'));
    expect(() => transferAwaitingOtp(bankWithdrawalsOf(requested)['w-1']!)).toThrow(expect.objectContaining({ code: 'withdrawal_not_awaiting_otp' }));
  });
});

describe('bank accounts', () => {
  const add = (accountNumber: string) => ({
    type: 'AddBankAccount' as const,
    data: { userId, bankAccountId: randomUUID(), accountFingerprint: createHash('sha256').update(accountNumber).digest('hex'), bankCode: '044', bankName: 'Access Bank', accountNumber, accountName: 'ADA OBI', recipientCode: 'RCP_1' },
    metadata: { now },
  });

  it('keeps only the masked number, and adding the same account again decides nothing', () => {
    const [event] = accounts.given().when(add('0123457890')).events();
    expect(event!.type === 'BankAccountAdded' && event!.data.accountNumberMasked).toBe('******7890');
    expect(JSON.stringify(event)).not.toContain('0123457890');
    const state = accounts.given(event!).state;
    accounts.givenState(state).when(add('0123457890')).thenNothing();
    expect(accounts.givenState(state).when(add('0123450000')).events()).toHaveLength(1);
  });

  it('refuses an account number that is not 10 digits and a missing bank', () => {
    expect(() => parseBankAccountInput({ bankCode: '044', accountNumber: '12345' })).toThrow('Account number must be 10 digits');
    expect(() => parseBankAccountInput({ accountNumber: '0123456789' })).toThrow('Bank is required');
    expect(parseBankAccountInput({ bankCode: '044', accountNumber: '01234 56789' })).toEqual({ bankCode: '044', accountNumber: '0123456789' });
  });
});
