// Proves the bank_withdrawals read model's payout-rule columns against PostgreSQL: the review reasons recorded by the decider (and `unverified` for requests recorded before the rules), `automatic` cleared by an admin hold, a release or an OTP-finished transfer, every event applied twice leaving the same row; and the payout time counting automatic payouts only, shown from 10.
import { describe, expect, it } from 'vitest';
import { InMemoryEventStore, handleCommand, type RecordedEvent } from '@wager/domain';
import { walletDecider, walletStreamId, deterministicId, type WalletCommand } from '@wager/domain/wallet/index';
import { reviewInputs } from '@wager/domain/wallet/testing/payout-review';
import { projectorSpec } from '../testing/projector-spec.js';
import { bankWithdrawalsProjector } from './bank-payouts.projector.js';
import { PAYOUT_TIME_SAMPLE_MIN, medianPayoutMinutes } from './bank-payouts.queries.js';

const spec = projectorSpec('bank_withdrawals_rules', [bankWithdrawalsProjector]);

const t0 = new Date('2026-11-26T10:00:00.000Z');
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);
const account = { bankAccountId: 'ba-1', bankName: 'Access Bank', accountName: 'ADA OBI', accountNumberMasked: '******7890', recipientCode: 'RCP_1', addedAt: '2026-01-01T00:00:00.000Z' };

/** Runs the commands through the decider, then applies each recorded event twice. */
async function project(userId: string, commands: WalletCommand[]): Promise<void> {
  const store = new InMemoryEventStore({ now: () => t0 });
  for (const [i, command] of commands.entries()) {
    await handleCommand(store, walletStreamId(userId), walletDecider, command, { eventIds: (events) => events.map((_, j) => deterministicId(userId, String(i), String(j))) });
  }
  const events: RecordedEvent[] = await store.readAll();
  await spec.given(events);
}
const deposit = (userId: string): WalletCommand => ({ type: 'CreditDeposit', data: { userId, depositId: `d-${userId}`, provider: 'paystack', reference: `d-${userId}`, amount: '100000.00', currency: 'NGN' }, metadata: { now: t0 } });
const request = (userId: string, withdrawalId: string, verified = true): WalletCommand => ({ type: 'RequestBankWithdrawal', data: { userId, withdrawalId, account, amount: '1000.00', currency: 'NGN', ...reviewInputs(verified) }, metadata: { now: t0 } });
const sent = (userId: string, withdrawalId: string, providerStatus = 'pending'): WalletCommand => ({ type: 'MarkBankWithdrawalSent', data: { userId, withdrawalId, transferCode: `TRF_${withdrawalId}`, providerStatus }, metadata: { now: t0 } });
const paid = (userId: string, withdrawalId: string, at: Date): WalletCommand => ({ type: 'RecordBankTransferOutcome', data: { userId, withdrawalId, providerStatus: 'success', reason: 'success', via: 'webhook' }, metadata: { now: at } });
const admin = (type: 'HoldBankWithdrawal' | 'ReleaseBankWithdrawal', userId: string, withdrawalId: string): WalletCommand => ({ type, data: { userId, withdrawalId, by: 'admin-1', reason: 'checked' }, metadata: { now: t0 } });
const row = (id: string) => spec.db.selectFrom('bank_withdrawals').select(['review_reasons', 'automatic', 'kyc_pending', 'status']).where('id', '=', id).executeTakeFirstOrThrow();

describe('bank_withdrawals: review reasons and automatic payouts', () => {
  it('keeps the reasons and tells automatic payouts from those a person touched, idempotently', async () => {
    const u = 'user-rules';
    await project(u, [
      deposit(u),
      request(u, 'auto'), sent(u, 'auto'), paid(u, 'auto', minutes(2)),
      request(u, 'kyc', false), admin('ReleaseBankWithdrawal', u, 'kyc'), sent(u, 'kyc'), paid(u, 'kyc', minutes(300)),
      request(u, 'held'), admin('HoldBankWithdrawal', u, 'held'),
      request(u, 'otp'), sent(u, 'otp', 'otp'), paid(u, 'otp', minutes(60)),
    ]);
    expect(await row('auto')).toEqual({ review_reasons: [], automatic: true, kyc_pending: false, status: 'paid' });
    expect(await row('kyc')).toEqual({ review_reasons: ['unverified'], automatic: false, kyc_pending: false, status: 'paid' });
    expect(await row('held')).toMatchObject({ review_reasons: [], automatic: false, status: 'requested' });
    expect(await row('otp')).toMatchObject({ automatic: false, status: 'paid' });
  });

  it('reads a request recorded before the rules (no reviewReasons) by its requiresKyc', async () => {
    const event = {
      type: 'BankWithdrawalRequested',
      data: { userId: 'user-old', withdrawalId: 'old', ...account, amount: '1000.00', currency: 'NGN', reference: 'wdr_old', notBefore: t0.toISOString(), requiresKyc: true, postings: [], requestedAt: t0.toISOString() },
    } as unknown as RecordedEvent;
    await spec.given([event], { times: 1 });
    expect(await row('old')).toEqual({ review_reasons: ['unverified'], automatic: false, kyc_pending: true, status: 'requested' });
  });

  it('gives the median of automatic payouts only, and none below 10 of them', async () => {
    await spec.db.deleteFrom('bank_withdrawals').execute();
    const u = 'user-median';
    const commands: WalletCommand[] = [deposit(u)];
    // A reviewed payout of 10 hours: never part of the figure.
    commands.push(request(u, 'slow', false), admin('ReleaseBankWithdrawal', u, 'slow'), sent(u, 'slow'), paid(u, 'slow', minutes(600)));
    for (let i = 0; i < PAYOUT_TIME_SAMPLE_MIN - 1; i++) commands.push(request(u, `a${i}`), sent(u, `a${i}`), paid(u, `a${i}`, minutes(i + 1)));
    await project(u, commands);
    expect(await medianPayoutMinutes(spec.db)).toEqual({ minutes: null, sample: PAYOUT_TIME_SAMPLE_MIN - 1 });
    await project(`${u}-2`, [deposit(`${u}-2`), request(`${u}-2`, 'a-last'), sent(`${u}-2`, 'a-last'), paid(`${u}-2`, 'a-last', minutes(20))]);
    // Automatic payouts took 1, 2, …, 9 and 20 minutes: the median is 5.5, shown as 6.
    expect(await medianPayoutMinutes(spec.db)).toEqual({ minutes: 6, sample: PAYOUT_TIME_SAMPLE_MIN });
  });
});
