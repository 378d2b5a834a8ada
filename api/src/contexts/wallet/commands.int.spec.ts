// Proves the wallet service other contexts call: concurrent stake locks on one wallet never overdraw it, release and payout move escrow once, the user, transactions and admin trial balance read models agree, and an appeal debt is collected from the next deposits in the deposit's own append.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v4 as uuidv4 } from 'uuid';
import { deterministicId } from '@wager/domain/wallet/index';
import { createTestHarness, type TestHarness } from '../../testing/app.js';
import { authHeader, makeAdmin, signUpUser } from '../../testing/users.js';
import { creditPayout, executeWalletCommand, lockStake, releaseStake } from './commands.js';
import { walletStreamId } from '@wager/domain/wallet/index';

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ label: 'wallet_service' });
});
afterAll(async () => {
  await h.close();
});

async function fund(userId: string, amount: string) {
  const ref = `test_${uuidv4()}`;
  await executeWalletCommand(h.deps, { type: 'CreditDeposit', data: { userId, depositId: ref, provider: 'paystack', reference: ref, amount, currency: 'NGN' }, metadata: { now: h.clock.now() } }, deterministicId('paystack', ref, 'credit'));
}
async function me(token: string) {
  return (await h.app.inject({ method: 'GET', url: '/api/user', headers: authHeader(token) })).json() as { balance: string; dailySpent: string; dailyLimit: string };
}

describe('wallet service', () => {
  it('lets only as many of 25 concurrent stake locks through as the balance covers', async () => {
    const user = await signUpUser(h);
    await fund(user.user.id, '1000.00');
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) => lockStake(h.deps, { eventId: uuidv4(), userId: user.user.id, holdId: `bet-${i}-${uuidv4()}`, holdKind: 'bet', stake: '100.00', timeZone: 'Africa/Lagos' })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(9); // 9 × 102.00 = 918.00; a 10th would need 1020.00
    expect(new Set(refused.map((r) => (r.reason as Error).message))).toEqual(new Set(['Insufficient balance']));
    await h.settle();
    expect(await me(user.token)).toMatchObject({ balance: '82.00', dailySpent: '918.00', dailyLimit: '50000.00' });
  });

  it('refuses a stake past the daily limit', async () => {
    const user = await signUpUser(h);
    await fund(user.user.id, '100000.00');
    await lockStake(h.deps, { eventId: uuidv4(), userId: user.user.id, holdId: uuidv4(), holdKind: 'bet', stake: '40000.00' });
    await expect(lockStake(h.deps, { eventId: uuidv4(), userId: user.user.id, holdId: uuidv4(), holdKind: 'bet', stake: '9500.00' })).rejects.toThrow('Daily limit exceeded');
  });

  it('releases and pays out once each, with a transaction row per movement and a zero trial balance', async () => {
    const alice = await signUpUser(h);
    const bob = await signUpUser(h);
    await fund(alice.user.id, '500.00');
    await fund(bob.user.id, '500.00');
    const betId = uuidv4();
    for (const player of [alice, bob]) await lockStake(h.deps, { eventId: deterministicId(betId, player.user.id, 'lock'), userId: player.user.id, holdId: betId, holdKind: 'bet', stake: '100.00' });
    // Fee recognition lives in the bet stream (the bets context does this with the posting helpers); the winner gets 2 × stake.
    for (let i = 0; i < 3; i++) await creditPayout(h.deps, { eventId: deterministicId(betId, alice.user.id, 'payout'), userId: alice.user.id, holdId: betId, holdKind: 'bet', amount: '200.00' });
    const otherBet = uuidv4();
    await lockStake(h.deps, { eventId: deterministicId(otherBet, bob.user.id, 'lock'), userId: bob.user.id, holdId: otherBet, holdKind: 'bet', stake: '50.00' });
    for (let i = 0; i < 3; i++) await releaseStake(h.deps, { eventId: deterministicId(otherBet, bob.user.id, 'release'), userId: bob.user.id, holdId: otherBet, reason: 'cancelled' });
    await h.settle();
    expect((await me(alice.token)).balance).toBe('598.00');
    expect((await me(bob.token)).balance).toBe('398.00');
    const bobTransactions = (await h.app.inject({ method: 'GET', url: '/api/transactions', headers: authHeader(bob.token) })).json() as { type: string; amount: string; betId: string | null }[];
    expect(bobTransactions.map((t) => [t.type, t.amount])).toEqual([
      ['refund', '51.00'],
      ['bet_escrow', '50.00'],
      ['fee', '1.00'],
      ['bet_escrow', '100.00'],
      ['fee', '2.00'],
      ['deposit', '500.00'],
    ]);

    const admin = await signUpUser(h);
    await makeAdmin(h, admin.user.id);
    const forbidden = await h.app.inject({ method: 'GET', url: '/api/admin/ledger/trial-balance', headers: authHeader(bob.token) });
    expect(forbidden.statusCode).toBe(403);
    const trial = await h.app.inject({ method: 'GET', url: '/api/admin/ledger/trial-balance', headers: authHeader(admin.token) });
    expect(trial.statusCode).toBe(200);
    expect(trial.json()).toMatchObject({ balanced: true, currencies: [{ currency: 'NGN', total: '0.00' }] });
    // The bet escrow keeps the 2 × fee the bets context will recognise.
    const escrow = await h.deps.db.selectFrom('account_balances').select('balance').where('account', '=', `bet:${betId}:escrow:NGN`).executeTakeFirstOrThrow();
    expect(escrow.balance).toBe('4.00');
  });

  it('collects an appeal debt from the next deposits, each in the deposit’s own append, until nothing is owed', async () => {
    const user = await signUpUser(h);
    const userId = user.user.id;
    await fund(userId, '30.00');
    // A clawback of 80.00 against a balance of 30.00: 50.00 is owed.
    // (The wallet's own command, as an overturn's joint decision orders it for a player who was paid.)
    await executeWalletCommand(
      h.deps,
      { type: 'AdjustForAppeal', data: { userId, holdId: `bet-${uuidv4()}`, holdKind: 'bet', amount: '-80.00', currency: 'NGN', reversesEventId: uuidv4() }, metadata: { now: h.deps.clock.now() } },
      uuidv4(),
      'system',
    );
    await fund(userId, '20.00');
    await h.settle();
    expect((await me(user.token)).balance).toBe('0.00');
    await fund(userId, '100.00');
    await h.settle();
    expect((await me(user.token)).balance).toBe('70.00');
    const events = await h.deps.store.readStream(walletStreamId(userId));
    const collected = events.filter((e) => e.type === 'ReceivableCollected');
    expect(collected.map((e) => (e.data as { amount: string; stillOwed: string }))).toMatchObject([
      { amount: '20.00', stillOwed: '30.00' },
      { amount: '30.00', stillOwed: '0.00' },
    ]);
    // Each collection is in the same commit as the deposit it is taken from.
    for (const c of collected) {
      const deposit = events.find((e) => e.type === 'DepositCredited' && (e.data as { depositId: string }).depositId === (c.data as { depositId: string }).depositId)!;
      expect(c.position.commit).toBe(deposit.position.commit);
    }
    await fund(userId, '10.00');
    expect((await h.deps.store.readStream(walletStreamId(userId))).filter((e) => e.type === 'ReceivableCollected')).toHaveLength(2);
  });
});
