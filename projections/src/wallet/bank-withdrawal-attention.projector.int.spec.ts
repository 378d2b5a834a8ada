// Proves the attention columns of bank_withdrawals against PostgreSQL: failed sends set the round's attempts, last error and next attempt; the mark for attention and an admin's retry set and clear the reason; an admin's return turns the row returned; each event applied twice leaves the same row, and the queries list what waits for a person and what is still retried.
import { describe, expect, it } from 'vitest';
import { InMemoryEventStore, handleCommand, type RecordedEvent } from '@wager/domain';
import { walletDecider, walletStreamId, deterministicId, type WalletCommand } from '@wager/domain/wallet/index';
import { projectorSpec } from '../testing/projector-spec.js';
import { bankWithdrawalsProjector } from './bank-payouts.projector.js';
import { bankWithdrawalsToReconcile, listBankWithdrawalsBackingOff, listBankWithdrawalsNeedingAttention } from './bank-payouts.queries.js';
import { reviewInputs } from '@wager/domain/wallet/testing/payout-review';

const spec = projectorSpec('bank_attention', [bankWithdrawalsProjector]);

const account = { bankAccountId: 'ba-1', bankName: 'Access Bank', accountName: 'ADA OBI', accountNumberMasked: '******7890', recipientCode: 'RCP_1', addedAt: '2026-11-01T00:00:00Z' };

async function project(store: InMemoryEventStore, from: number): Promise<number> {
  const events: RecordedEvent[] = await store.readAll();
  await spec.given(events.slice(from));
  return events.length;
}

describe('bank_withdrawals attention columns', () => {
  it('follow failed sends, the mark, a retry and a return, idempotently', async () => {
    const t0 = new Date('2026-11-26T10:00:00Z');
    const at = (s: number) => new Date(t0.getTime() + s * 1000);
    const store = new InMemoryEventStore({ now: () => t0 });
    const userId = `u-${deterministicId('attention-projector', String(Math.random()))}`;
    const withdrawalId = deterministicId(userId, 'w');
    let n = 0;
    const run = async (command: WalletCommand) => handleCommand(store, walletStreamId(userId), walletDecider, command, { eventIds: (events) => events.map((_, j) => deterministicId(userId, String(n++), String(j))) });
    await run({ type: 'CreditDeposit', data: { userId, depositId: 'd1', provider: 'paystack', reference: 'd1', amount: '5000.00', currency: 'NGN' }, metadata: { now: t0 } });
    await run({ type: 'RequestBankWithdrawal', data: { userId, withdrawalId, account, amount: '2000.00', currency: 'NGN', ...reviewInputs(true) }, metadata: { now: t0 } });
    await run({ type: 'RecordBankTransferAttemptFailed', data: { userId, withdrawalId, reason: 'Paystack answered 503', refused: false }, metadata: { now: at(1) } });
    let seen = await project(store, 0);
    const row = () => spec.db.selectFrom('bank_withdrawals').selectAll().where('id', '=', withdrawalId).executeTakeFirstOrThrow();
    expect(await row()).toMatchObject({ send_attempts: 1, last_send_error: 'Paystack answered 503', attention_reason: null });
    expect((await row()).next_attempt_at?.toISOString()).toBe(at(31).toISOString());
    expect((await listBankWithdrawalsBackingOff(spec.db)).map((r) => r.id)).toContain(withdrawalId);
    // Not due before its backoff ends, due after (and past the reconciler's stale wait).
    expect((await bankWithdrawalsToReconcile(spec.db, at(20), at(0))).map((r) => r.id)).not.toContain(withdrawalId);
    expect((await bankWithdrawalsToReconcile(spec.db, at(100), at(40))).map((r) => r.id)).toContain(withdrawalId);

    await run({ type: 'RecordBankTransferAttemptFailed', data: { userId, withdrawalId, reason: 'Invalid recipient', refused: true }, metadata: { now: at(60) } });
    seen = await project(store, seen);
    expect(await row()).toMatchObject({ send_attempts: 2, attention_reason: 'Invalid recipient', next_attempt_at: null });
    expect((await listBankWithdrawalsNeedingAttention(spec.db)).map((r) => r.id)).toContain(withdrawalId);
    expect((await bankWithdrawalsToReconcile(spec.db, at(10_000), at(9_000))).map((r) => r.id)).not.toContain(withdrawalId);

    await run({ type: 'RetryBankWithdrawal', data: { userId, withdrawalId, by: 'admin-1', reason: 'fixed' }, metadata: { now: at(120) } });
    seen = await project(store, seen);
    expect(await row()).toMatchObject({ send_attempts: 0, attention_reason: null, attention_at: null });
    expect((await listBankWithdrawalsNeedingAttention(spec.db)).map((r) => r.id)).not.toContain(withdrawalId);

    await run({ type: 'RecordBankTransferAttemptFailed', data: { userId, withdrawalId, reason: 'Invalid recipient', refused: true }, metadata: { now: at(130) } });
    await run({ type: 'ReturnBankWithdrawal', data: { userId, withdrawalId, by: 'admin-1', reason: 'account closed' }, metadata: { now: at(200) } });
    await project(store, seen);
    expect(await row()).toMatchObject({ status: 'returned', provider_status: 'returned_by_admin', return_reason: 'account closed' });
    expect((await listBankWithdrawalsNeedingAttention(spec.db)).map((r) => r.id)).not.toContain(withdrawalId);
    expect((await listBankWithdrawalsBackingOff(spec.db)).map((r) => r.id)).not.toContain(withdrawalId);
  });
});
