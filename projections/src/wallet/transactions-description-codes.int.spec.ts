// Proves the migration that stores transaction descriptions as codes rebuilds `transactions` on an existing installation: the English rows the previous projector left go with its checkpoint, the runner replays the projector from position 0 on start, and every event gives back the same row with the code and parameters whose English is the sentence stored before.
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { InMemoryEventStore, handleCommand, type Position } from '@wager/domain';
import { deterministicId, transactionDescriptionText, walletDecider, walletStreamId, type WalletCommand } from '@wager/domain/wallet/index';
import { reviewInputs } from '@wager/domain/wallet/testing/payout-review';
import * as migration from '../migrations/2026_11_27_090000_transactions_description_codes.js';
import { advanceCheckpoint, readCheckpoint } from '../checkpoints/queries.js';
import { ProjectionRunner } from '../runner.js';
import { projectorSpec } from '../testing/projector-spec.js';
import { transactionsProjector } from './index.js';

const now = new Date('2026-11-21T12:00:00Z');

/** The sentences the previous projector stored for these events, by row type and amount. */
const STORED_BEFORE: Record<string, string> = {
  'deposit 1000.00': 'Card deposit (Paystack)',
  'bet_escrow 100.00': 'Stake held in escrow',
  'fee 2.00': 'Platform fee (2%)',
  'refund 102.00': 'Stake and fee returned (cancelled)',
  'deposit 20.00': 'Crypto deposit 20 USDT (TRC20)',
  'withdrawal 5.00': 'Crypto withdrawal 5 USDT (TRC20)',
  'bet_payout 200.00': 'Winnings paid out',
  'appeal_debit 1500.00': 'Appeal correction taken back (300.00 owed)',
  'appeal_debit 300.00': 'Owed appeal correction collected from a deposit',
  'deposit 400.00': 'Card deposit (Paystack)',
};

const spec = projectorSpec('transactions_codes', [transactionsProjector]);

describe('transactions: descriptions stored as codes', () => {
  it('an installation with English rows rebuilds the table on start, each row with the code of the sentence it had', async () => {
    const store = new InMemoryEventStore({ now: () => now });
    const userId = 'u-codes';
    const commands: WalletCommand[] = [
      { type: 'CreditDeposit', data: { userId, depositId: 'd1', provider: 'paystack', reference: 'd1', amount: '1000.00', currency: 'NGN' }, metadata: { now } },
      { type: 'LockStake', data: { userId, holdId: 'b1', holdKind: 'bet', stake: '100.00', fee: '2.00', currency: 'NGN', timeZone: 'UTC', dailyLimit: '50000' }, metadata: { now } },
      { type: 'ReleaseStake', data: { userId, holdId: 'b1', reason: 'cancelled' }, metadata: { now } },
      { type: 'CreditCryptoDeposit', data: { userId, depositId: 'c1', cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: '20', rate: '1', usdAmount: '20.00' }, metadata: { now } },
      { type: 'RequestWithdrawal', data: { userId, withdrawalId: 'w1', cryptocurrency: 'USDT', network: 'TRC20', cryptoAmount: '5', withdrawalAddress: 'T', rate: '1', usdAmount: '5.00', ...reviewInputs(true) }, metadata: { now } },
      { type: 'CreditPayout', data: { userId, holdId: 'won1', holdKind: 'bet', amount: '200.00', currency: 'NGN' }, metadata: { now } },
      { type: 'AdjustForAppeal', data: { userId, holdId: 'lost1', holdKind: 'bet', amount: '-1500.00', currency: 'NGN', reversesEventId: 'r1' }, metadata: { now } },
      { type: 'CreditDeposit', data: { userId, depositId: 'd2', provider: 'paystack', reference: 'd2', amount: '400.00', currency: 'NGN' }, metadata: { now } },
    ];
    for (const [i, command] of commands.entries()) {
      await handleCommand(store, walletStreamId(userId), walletDecider, command, { eventIds: (events) => events.map((_, j) => deterministicId(userId, String(i), String(j))) });
    }
    const db = spec.db;
    const events = await store.readAll();
    const last: Position = events[events.length - 1]!.position;

    // The rows this version writes, then the same rows as the previous version stored them (English, no code), with its checkpoint at the end of the log.
    await spec.given(events);
    const rows = await db.selectFrom('transactions').selectAll().where('user_id', '=', userId).execute();
    expect(rows.map((r) => `${r.type} ${r.amount}`).sort()).toEqual(Object.keys(STORED_BEFORE).sort());
    await migration.down(db as Kysely<unknown>);
    for (const { description_code: _code, description_params: _params, ...row } of rows) {
      await sql`insert into transactions (id, user_id, type, status, amount, currency, bet_id, pool_id, reference, description, commit_position, prepare_position, created_at, updated_at)
        values (${row.id}, ${row.user_id}, ${row.type}, ${row.status}, ${row.amount}, ${row.currency}, ${row.bet_id}, ${row.pool_id}, ${row.reference}, ${STORED_BEFORE[`${row.type} ${row.amount}`]!}, ${row.commit_position}, ${row.prepare_position}, ${row.created_at}, ${row.updated_at})`.execute(db);
    }
    await advanceCheckpoint(db, 'transactions', last, now);

    await migration.up(db as Kysely<unknown>);
    expect(await db.selectFrom('transactions').selectAll().execute()).toEqual([]);
    expect(await readCheckpoint(db, 'transactions')).toBeUndefined();

    // On start, the runner replays the projector from position 0.
    const runner = new ProjectionRunner({ store, db, projectors: [transactionsProjector] });
    runner.start();
    try {
      expect(await runner.waitFor(last, 10_000)).toBe(true);
    } finally {
      await runner.stop();
    }
    const rebuilt = await db.selectFrom('transactions').selectAll().where('user_id', '=', userId).execute();
    expect(rebuilt.map(({ description_code: _code, description_params: _params, ...row }) => row).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      rows.map(({ description_code: _code, description_params: _params, ...row }) => row).sort((a, b) => a.id.localeCompare(b.id)),
    );
    for (const row of rebuilt) expect(transactionDescriptionText(row.description_code, row.description_params)).toBe(STORED_BEFORE[`${row.type} ${row.amount}`]);
    expect(rebuilt.find((r) => r.type === 'withdrawal')).toMatchObject({ description_code: 'crypto_withdrawal', description_params: { cryptoAmount: '5', cryptocurrency: 'USDT', network: 'TRC20' } });
  });
});
