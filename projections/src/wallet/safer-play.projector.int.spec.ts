// Proves the wallet_safer_play read model against PostgreSQL: limits (with a pending raise), a cool-off lengthened into a self-exclusion and the reality check are folded as the decider folds them, every event applied twice leaves the same row, and the money projectors see the safer-play events without moving a balance.
import { describe, expect, it } from 'vitest';
import { InMemoryEventStore, handleCommand, type RecordedEvent } from '@wager/domain';
import { walletDecider, walletStreamId, deterministicId, type WalletCommand } from '@wager/domain/wallet/index';
import { projectorSpec } from '../testing/projector-spec.js';
import { transactionsProjector, walletSaferPlayProjector, walletsProjector } from './index.js';

const spec = projectorSpec('wallet_safer_play', [walletsProjector, transactionsProjector, walletSaferPlayProjector]);

describe('wallet_safer_play projector', () => {
  it('folds limits, exclusions and the reality check, idempotently', async () => {
    const t0 = new Date('2026-11-24T10:00:00Z');
    const t1 = new Date('2026-11-24T11:00:00Z');
    const store = new InMemoryEventStore({ now: () => t0 });
    const userId = `u-${deterministicId('safer-projector-test', String(Math.random()))}`;
    const limits = (l: Record<string, string | null>, now: Date): WalletCommand => ({ type: 'SetSpendingLimits', data: { userId, limits: l, currency: 'NGN', stakeDailyDefault: '50000' }, metadata: { now } });
    const commands: WalletCommand[] = [
      { type: 'CreditDeposit', data: { userId, depositId: 'd1', provider: 'paystack', reference: 'd1', amount: '1000.00', currency: 'NGN' }, metadata: { now: t0 } },
      limits({ depositDaily: '500', stakeDaily: '200' }, t0),
      limits({ depositDaily: '900' }, t1),
      { type: 'StartSelfExclusion', data: { userId, period: '24h' }, metadata: { now: t0 } },
      { type: 'StartSelfExclusion', data: { userId, period: '6m' }, metadata: { now: t1 } },
      { type: 'SetRealityCheck', data: { userId, intervalMinutes: 30 }, metadata: { now: t1 } },
      { type: 'AuthorizeDeposit', data: { userId, depositId: 'd2', provider: 'paystack', amount: '100', currency: 'NGN', timeZone: 'UTC' }, metadata: { now: new Date('2027-06-01T00:00:00Z') } },
    ];
    for (const [i, command] of commands.entries()) {
      await handleCommand(store, walletStreamId(userId), walletDecider, command, { eventIds: (events) => events.map((_, j) => deterministicId(userId, String(i), String(j))) });
    }
    const events: RecordedEvent[] = await store.readAll();
    await spec.given(events);
    const row = await spec.db.selectFrom('wallet_safer_play').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(row.limits).toEqual({
      depositDaily: { inForce: '500.00', pending: { value: '900.00', effectiveAt: '2026-11-25T11:00:00.000Z' } },
      stakeDaily: { inForce: '200.00', pending: null },
    });
    expect(row).toMatchObject({ exclusion_kind: 'self_exclusion', exclusion_period: '6m', reality_check_minutes: 30 });
    expect(row.exclusion_until?.toISOString()).toBe('2027-05-24T11:00:00.000Z');
    expect(row.exclusion_started_at?.toISOString()).toBe(t1.toISOString());
    const wallet = await spec.db.selectFrom('wallets').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(wallet.balance).toBe('1000.00');
    expect(await spec.db.selectFrom('transactions').select('type').where('user_id', '=', userId).execute()).toEqual([{ type: 'deposit' }]);
  });
});
