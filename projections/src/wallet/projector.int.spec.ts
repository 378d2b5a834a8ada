// Proves the ledger and wallet projectors against PostgreSQL: every event applied twice leaves the same rows (idempotent), and balances follow the postings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryEventStore, handleCommand, type RecordedEvent } from '@wager/domain';
import { walletDecider, walletStreamId, deterministicId, type WalletCommand } from '@wager/domain/wallet/index';
import { createDatabase, migrateToLatest, type Database } from '../index.js';
import { freshDatabaseUrl } from '../testing/database.js';
import { ledgerProjector } from '../ledger/projector.js';
import { cryptoWithdrawalsProjector, transactionsProjector, walletsProjector } from './index.js';
import type { Kysely } from 'kysely';
import { reviewInputs } from '@wager/domain/wallet/testing/payout-review';

let db: Kysely<Database>;
beforeAll(async () => {
  db = createDatabase(await freshDatabaseUrl('wallet_projectors'));
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
});

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
    for (const event of events) {
      for (let twice = 0; twice < 2; twice++) {
        await db.transaction().execute(async (trx) => {
          for (const projector of [ledgerProjector, walletsProjector, transactionsProjector, cryptoWithdrawalsProjector]) await projector.apply(trx, event);
        });
      }
    }
    const wallet = await db.selectFrom('wallets').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(wallet).toMatchObject({ balance: '949.00', crypto_balance: '20.00', daily_spent: '51.00', daily_spent_day: '2026-11-21' });
    const accounts = await db.selectFrom('account_balances').select(['account', 'balance', 'entry_count']).where('owner_id', 'in', [userId, 'b1', 'b2']).orderBy('account').execute();
    expect(accounts).toEqual([
      { account: 'bet:b1:escrow:NGN', balance: '0.00', entry_count: 2 },
      { account: 'bet:b2:escrow:NGN', balance: '51.00', entry_count: 1 },
      { account: `user:${userId}:available:NGN`, balance: '949.00', entry_count: 4 },
      { account: `user:${userId}:crypto:USD`, balance: '20.00', entry_count: 3 },
    ]);
    const entries = await db.selectFrom('ledger_entries').select(({ fn }) => fn.countAll<string>().as('n')).where('event_id', 'in', events.map((e) => e.id)).executeTakeFirstOrThrow();
    expect(Number(entries.n)).toBe(14);
    const transactions = await db.selectFrom('transactions').select(['type', 'status']).where('user_id', '=', userId).execute();
    expect(transactions).toHaveLength(8);
    expect(transactions.find((t) => t.type === 'withdrawal')?.status).toBe('cancelled');
  });
});
