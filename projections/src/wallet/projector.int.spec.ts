// Proves the ledger and wallet projectors against PostgreSQL: every event applied twice leaves the same rows (idempotent), balances follow the postings, each transaction row stores its description's code and parameters, an appeal debt's collection shows where it was taken from, a bank withdrawal's Paystack status and a crypto withdrawal's KYC status follow every event that changes them (not only the first), and the migration sets rows projected before as a replay would.
import { describe, expect, it } from 'vitest';
import { InMemoryEventStore, handleCommand, type RecordedEvent } from '@wager/domain';
import { walletDecider, walletStreamId, deterministicId, bankWithdrawalEventId, isBankWithdrawalEvent, type WalletCommand } from '@wager/domain/wallet/index';
import { projectorSpec, recordedEvent } from '../testing/projector-spec.js';
import { ledgerProjector } from '../ledger/projector.js';
import { bankWithdrawalsProjector, cryptoWithdrawalsProjector, transactionsProjector, walletsProjector } from './index.js';
import { reviewInputs } from '@wager/domain/wallet/testing/payout-review';
import { up as kycRejectedUp } from '../migrations/2026_11_26_110000_crypto_withdrawals_kyc_rejected.js';

const spec = projectorSpec('wallet_projectors', [ledgerProjector, walletsProjector, transactionsProjector, cryptoWithdrawalsProjector, bankWithdrawalsProjector]);

describe('ledger and wallet projectors', () => {
  it('apply each event twice with the same result', async () => {
    const store = new InMemoryEventStore({ now: () => new Date('2026-11-21T12:00:00Z') });
    const userId = `u-${deterministicId('projector-test', String(Math.random()))}`;
    const now = new Date('2026-11-21T12:00:00Z');
    const commands: WalletCommand[] = [
      { type: 'CreditDeposit', data: { userId, depositId: 'd1', provider: 'paystack', reference: 'd1', amount: '1000.00', currency: 'NGN' }, metadata: { now } },
      { type: 'LockStake', data: { userId, holdId: 'b1', holdKind: 'bet', stake: '100.00', fee: '2.00', currency: 'NGN', timeZone: 'UTC', dailyLimit: '50000' }, metadata: { now } },
      { type: 'ReleaseStake', data: { userId, holdId: 'b1', reason: 'cancelled' }, metadata: { now } },
      { type: 'LockStake', data: { userId, holdId: 'b2', holdKind: 'bet', stake: '50.00', fee: '1.00', currency: 'NGN', timeZone: 'UTC', dailyLimit: '50000' }, metadata: { now } },
      { type: 'CreditCryptoDeposit', data: { userId, depositId: 'c1', cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: '20', rate: '1', usdAmount: '20.00' }, metadata: { now } },
      { type: 'RequestWithdrawal', data: { userId, withdrawalId: 'w1', cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: '5', withdrawalAddress: 'T', rate: '1', usdAmount: '5.00', ...reviewInputs(true) }, metadata: { now } },
      { type: 'CancelWithdrawal', data: { userId, withdrawalId: 'w1', reason: 'provider' }, metadata: { now } },
    ];
    for (const [i, command] of commands.entries()) {
      await handleCommand(store, walletStreamId(userId), walletDecider, command, { eventIds: () => [deterministicId(userId, String(i))] });
    }
    const events: RecordedEvent[] = await store.readAll();
    await spec.given(events, { projectors: [ledgerProjector, walletsProjector, transactionsProjector, cryptoWithdrawalsProjector] });
    await spec.expectRows('wallets', { user_id: userId }, [{ balance: '949.00', crypto_balance: '20.00', daily_spent: '51.00', daily_spent_day: '2026-11-21' }]);
    const accounts = await spec.db.selectFrom('account_balances').select(['account', 'balance', 'entry_count']).where('owner_id', 'in', [userId, 'b1', 'b2']).orderBy('account').execute();
    expect(accounts).toEqual([
      { account: 'bet:b1:escrow:NGN', balance: '0.00', entry_count: 2 },
      { account: 'bet:b2:escrow:NGN', balance: '51.00', entry_count: 1 },
      { account: `user:${userId}:available:NGN`, balance: '949.00', entry_count: 4 },
      { account: `user:${userId}:crypto:USD`, balance: '20.00', entry_count: 3 },
    ]);
    const entries = await spec.db.selectFrom('ledger_entries').select(({ fn }) => fn.countAll<string>().as('n')).where('event_id', 'in', events.map((e) => e.id)).executeTakeFirstOrThrow();
    expect(Number(entries.n)).toBe(14);
    const transactions = await spec.db.selectFrom('transactions').select(['type', 'status', 'description_code', 'description_params']).where('user_id', '=', userId).execute();
    expect(transactions).toHaveLength(8);
    expect(transactions.find((t) => t.type === 'withdrawal')?.status).toBe('cancelled');
    // What each row is, stored as the code and parameters the projector decided from its event.
    expect(transactions.map(({ type, description_code, description_params }) => ({ type, description_code, description_params }))).toEqual(expect.arrayContaining([
      { type: 'deposit', description_code: 'card_deposit', description_params: {} },
      { type: 'bet_escrow', description_code: 'stake_held', description_params: {} },
      { type: 'fee', description_code: 'platform_fee', description_params: {} },
      { type: 'refund', description_code: 'stake_returned', description_params: { reason: 'cancelled' } },
      { type: 'deposit', description_code: 'crypto_deposit', description_params: { cryptoAmount: '20', cryptocurrency: 'USDT', network: 'TRC20' } },
      { type: 'withdrawal', description_code: 'crypto_withdrawal', description_params: { cryptoAmount: '5', cryptocurrency: 'USDT', network: 'TRC20' } },
    ]));
  });

  it('transactions: an appeal debt collected from a deposit, winnings or an appeal credit is an appeal_debit row saying where it came from (a deposit collection recorded before `source` existed reads the same)', async () => {
    const store = new InMemoryEventStore({ now: () => new Date('2026-11-21T12:00:00Z') });
    const userId = `u-${deterministicId('projector-collect', String(Math.random()))}`;
    const now = new Date('2026-11-21T12:00:00Z');
    const commands: WalletCommand[] = [
      { type: 'AdjustForAppeal', data: { userId, holdId: 'lost1', holdKind: 'bet', amount: '-500.00', currency: 'NGN', reversesEventId: 'r1' }, metadata: { now } },
      { type: 'CreditPayout', data: { userId, holdId: 'won1', holdKind: 'bet', amount: '200.00', currency: 'NGN' }, metadata: { now } },
      { type: 'CreditPayout', data: { userId, holdId: 'pool1', holdKind: 'pool', amount: '50.00', currency: 'NGN', payoutId: 'first' }, metadata: { now } },
      { type: 'AdjustForAppeal', data: { userId, holdId: 'won2', holdKind: 'bet', amount: '100.00', currency: 'NGN', reversesEventId: 'r2' }, metadata: { now } },
      { type: 'CreditDeposit', data: { userId, depositId: 'd1', provider: 'paystack', reference: 'ref-d1', amount: '400.00', currency: 'NGN' }, metadata: { now } },
    ];
    for (const [i, command] of commands.entries()) {
      await handleCommand(store, walletStreamId(userId), walletDecider, command, { eventIds: (events) => events.map((_, j) => deterministicId(userId, String(i), String(j))) });
    }
    const events: RecordedEvent[] = await store.readAll();
    const legacy = recordedEvent('ReceivableCollected', { userId, currency: 'NGN', amount: '0.01', depositId: 'd0', stillOwed: '0.00', postings: [], collectedAt: now.toISOString() });
    await spec.given([...events, legacy], { projectors: [ledgerProjector, walletsProjector, transactionsProjector] });
    // Owed 500: 200 from the bet's winnings, 50 from the pool's, 100 from the appeal credit, the last 150 from the 400 deposit.
    await spec.expectRows('wallets', { user_id: userId }, [{ balance: '250.00' }]);
    const rows = await spec.db.selectFrom('transactions').select(['type', 'amount', 'bet_id', 'pool_id', 'reference', 'description_code', 'description_params']).where('user_id', '=', userId).where('type', '=', 'appeal_debit').execute();
    expect(rows).toHaveLength(6);
    expect(rows).toEqual(expect.arrayContaining([
      { type: 'appeal_debit', amount: '500.00', bet_id: 'lost1', pool_id: null, reference: null, description_code: 'appeal_taken_back_owed', description_params: { owed: '500.00' } },
      { type: 'appeal_debit', amount: '200.00', bet_id: 'won1', pool_id: null, reference: null, description_code: 'appeal_collected_from_winnings_still_owed', description_params: { stillOwed: '300.00' } },
      { type: 'appeal_debit', amount: '50.00', bet_id: null, pool_id: 'pool1', reference: null, description_code: 'appeal_collected_from_winnings_still_owed', description_params: { stillOwed: '250.00' } },
      { type: 'appeal_debit', amount: '100.00', bet_id: 'won2', pool_id: null, reference: null, description_code: 'appeal_collected_from_appeal_credit_still_owed', description_params: { stillOwed: '150.00' } },
      { type: 'appeal_debit', amount: '150.00', bet_id: null, pool_id: null, reference: 'd1', description_code: 'appeal_collected', description_params: {} },
      { type: 'appeal_debit', amount: '0.01', bet_id: null, pool_id: null, reference: 'd0', description_code: 'appeal_collected', description_params: {} },
    ]));
  });

  it('bank_withdrawals: an OTP transfer reads otp, then pending once the OTP is entered, then success; a late status never overwrites the outcome', async () => {
    const store = new InMemoryEventStore({ now: () => new Date('2026-11-21T12:00:00Z') });
    const userId = `u-${deterministicId('bank-projector-test', String(Math.random()))}`;
    const withdrawalId = deterministicId('bank-projector-test', userId, 'w');
    const now = new Date('2026-11-21T12:00:00Z');
    const account = { bankAccountId: 'ba-1', bankName: 'Access Bank', accountName: 'ADA OBI', accountNumberMasked: '******7890', recipientCode: 'RCP_1', addedAt: '2026-11-01T00:00:00.000Z' };
    const base = { userId, withdrawalId };
    const run = async (command: WalletCommand) =>
      handleCommand(store, walletStreamId(userId), walletDecider, command, { eventIds: (events) => events.map((e, i) => (isBankWithdrawalEvent(e) ? bankWithdrawalEventId(e) : deterministicId(userId, command.type, String(i)))) });
    const status = async () => spec.db.selectFrom('bank_withdrawals').select(['status', 'provider_status', 'transfer_code']).where('id', '=', withdrawalId).executeTakeFirstOrThrow();
    const project = async (from: number) => {
      const events = (await store.readAll()).filter((e) => e.streamId === walletStreamId(userId)).slice(from);
      await spec.given(events, { projectors: [bankWithdrawalsProjector] });
      return events.length;
    };
    let seen = 0;
    await run({ type: 'CreditDeposit', data: { userId, depositId: 'd1', provider: 'paystack', reference: 'd1', amount: '5000.00', currency: 'NGN' }, metadata: { now } });
    await run({ type: 'RequestBankWithdrawal', data: { ...base, account, amount: '1500.00', currency: 'NGN', ...reviewInputs(true) }, metadata: { now } });
    await run({ type: 'MarkBankWithdrawalSent', data: { ...base, transferCode: 'TRF_1', providerStatus: 'otp' }, metadata: { now } });
    seen += await project(seen);
    expect(await status()).toEqual({ status: 'sent', provider_status: 'otp', transfer_code: 'TRF_1' });
    await run({ type: 'MarkBankWithdrawalSent', data: { ...base, transferCode: 'TRF_1', providerStatus: 'pending' }, metadata: { now } });
    seen += await project(seen);
    expect(await status()).toEqual({ status: 'sent', provider_status: 'pending', transfer_code: 'TRF_1' });
    await run({ type: 'RecordBankTransferOutcome', data: { ...base, providerStatus: 'success', reason: 'success', via: 'webhook' }, metadata: { now } });
    seen += await project(seen);
    expect(await status()).toEqual({ status: 'paid', provider_status: 'success', transfer_code: 'TRF_1' });
    // Replayed from the start (a rebuild), the row ends the same.
    await project(0);
    expect(await status()).toEqual({ status: 'paid', provider_status: 'success', transfer_code: 'TRF_1' });
  });

  it('crypto_withdrawals: a KYC rejection reads kyc_status rejected, not the first pending; rows projected before are set so by the migration', async () => {
    const store = new InMemoryEventStore({ now: () => new Date('2026-11-21T12:00:00Z') });
    const userId = `u-${deterministicId('kyc-projector-test', String(Math.random()))}`;
    const withdrawalId = deterministicId('kyc-projector-test', userId, 'w');
    const now = new Date('2026-11-21T12:00:00Z');
    const commands: WalletCommand[] = [
      { type: 'CreditCryptoDeposit', data: { userId, depositId: 'c1', cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: '50', rate: '1', usdAmount: '50.00' }, metadata: { now } },
      { type: 'RequestWithdrawal', data: { userId, withdrawalId, cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: '20', withdrawalAddress: 'T', rate: '1', usdAmount: '20.00', ...reviewInputs(false) }, metadata: { now } },
      { type: 'RejectWithdrawalKyc', data: { userId, withdrawalId, rejectedBy: 'admin-1' }, metadata: { now } },
    ];
    for (const [i, command] of commands.entries()) {
      await handleCommand(store, walletStreamId(userId), walletDecider, command, { eventIds: () => [deterministicId(userId, 'kyc', String(i))] });
    }
    const kyc = async () => spec.db.selectFrom('crypto_withdrawals').select(['status', 'kyc_status', 'cancel_reason']).where('id', '=', withdrawalId).executeTakeFirstOrThrow();
    const events = (await store.readAll()).filter((e) => e.streamId === walletStreamId(userId));
    await spec.given(events.slice(0, 2), { projectors: [cryptoWithdrawalsProjector], times: 1 });
    expect(await kyc()).toEqual({ status: 'pending', kyc_status: 'pending', cancel_reason: null });
    await spec.given(events.slice(2), { projectors: [cryptoWithdrawalsProjector] });
    expect(await kyc()).toEqual({ status: 'cancelled', kyc_status: 'rejected', cancel_reason: 'kyc_rejected' });

    // A row the old projector left at pending is set as a replay would set it; other cancels keep theirs.
    await spec.db.updateTable('crypto_withdrawals').set({ kyc_status: 'pending' }).where('id', '=', withdrawalId).execute();
    await kycRejectedUp(spec.db as never);
    expect(await kyc()).toMatchObject({ kyc_status: 'rejected' });
  });
});
