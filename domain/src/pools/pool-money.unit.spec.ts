// Proves the pool's money decisions name their wallets: a cancellation refunds every entry and a settlement pays every winner in the same decision as the pool's event (a winner who owes an appeal debt pays it from the payout in that decision; a refund collects nothing); a wallet not read is named (PoolWalletsUnread), never skipped; a refusal needs no wallet; deciding again moves nothing.
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.js';
import { walletDecider } from '../wallet/decider.js';
import type { WalletState } from '../wallet/state.js';
import { decideJoinWithEntry } from './entry-moves.js';
import { PoolWalletsUnread, decidePoolMoney, walletsToRead, type PoolMoneyCommand } from './pool-money.js';
import { poolDecider } from './index.js';
import type { PoolState } from './state.js';
import { FIRST_DEADLINE, POOL_T0, createPool, gameweek, history, joinPool } from './testing.js';

const TERMS = { timeZone: 'UTC', dailyLimit: '100000' };
// decidePoolMoney decides over the pool and its wallets at once; each stream's part is folded by its own decider's spec.
const pools = deciderSpec(poolDecider);
const walletSpec = deciderSpec(walletDecider);

function funded(userId: string): WalletState {
  return walletSpec.stateAfter([{ type: 'CreditDeposit', data: { userId, depositId: `d-${userId}`, provider: 'paystack', reference: `r-${userId}`, amount: '100.00', currency: 'NGN' }, metadata: { now: POOL_T0 } }]);
}

function poolWith(users: string[]): { pool: PoolState; wallets: Record<string, WalletState> } {
  let pool = pools.stateAfter([createPool('p1', users[0]!)]);
  const wallets: Record<string, WalletState> = {};
  users.forEach((u, i) => {
    const command = joinPool('p1', u, 10 + i);
    if (command.type !== 'JoinPool') throw new Error('unreachable');
    const move = decideJoinWithEntry(command, TERMS, { pool, wallet: funded(u) });
    pool = pools.stateOf(move.pool, pool);
    wallets[u] = walletSpec.stateOf(move.wallet, funded(u));
  });
  return { pool, wallets };
}

const cancel: PoolMoneyCommand = { type: 'CancelPool', data: { poolId: 'p1', userId: 'alice', firstDeadlineAt: FIRST_DEADLINE }, metadata: { now: POOL_T0 } };

describe('pool money decisions', () => {
  it('cancels with every refund in the same decision, and then decides nothing more', () => {
    const { pool, wallets } = poolWith(['alice', 'bob', 'carol']);
    expect(walletsToRead(cancel, pool)).toEqual(['alice', 'bob', 'carol']);
    const move = decidePoolMoney(cancel, { pool, wallets });
    expect(move.pool.map((e) => e.type)).toEqual(['PoolCancelled']);
    expect(Object.entries(move.wallets).map(([u, events]) => [u, events.map((e) => [e.type, (e.data as { amount: string }).amount])])).toEqual([
      ['alice', [['StakeReleased', '5.10']]],
      ['bob', [['StakeReleased', '5.10']]],
      ['carol', [['StakeReleased', '5.10']]],
    ]);
    const after = { pool: pools.stateOf(move.pool, pool), wallets: Object.fromEntries(Object.entries(wallets).map(([u, w]) => [u, walletSpec.stateOf(move.wallets[u] ?? [], w)])) };
    expect(decidePoolMoney(cancel, after)).toEqual({ pool: [], wallets: {} });
  });

  it('collects what a winner owes from an appeal from the payout, in the settlement\'s decision, and a refund collects nothing', () => {
    const { pool, wallets } = poolWith(['alice', 'bob']);
    // Alice owes 300 from an appeal's clawback (her balance, 94.90, covers the rest).
    const clawback = walletSpec.givenState(wallets.alice!).when({ type: 'AdjustForAppeal', data: { userId: 'alice', holdId: 'lost-bet', holdKind: 'bet', amount: '-394.90', currency: 'NGN', reversesEventId: 'r1' }, metadata: { now: POOL_T0 } });
    const owing = { ...wallets, alice: clawback.after() };
    expect(owing.alice.receivable?.NGN?.toFixed(2)).toBe('300.00');

    const refunded = decidePoolMoney(cancel, { pool, wallets: owing });
    expect(refunded.wallets.alice!.map((e) => e.type)).toEqual(['StakeReleased']);

    const start: PoolMoneyCommand = { type: 'StartPool', data: { poolId: 'p1', firstDeadlineAt: FIRST_DEADLINE }, metadata: { now: new Date(Date.parse(FIRST_DEADLINE) + 1) } };
    const started = pools.stateOf(decidePoolMoney(start, { pool, wallets: {} }).pool, pool);
    const settle: PoolMoneyCommand = { type: 'SettlePool', data: { poolId: 'p1', endGameweek: gameweek(2, { finished: true, dataChecked: true }), histories: { 10: history([[1, 90], [2, 90]]), 11: history([[1, 10], [2, 10]]) } }, metadata: { now: new Date('2026-09-01T00:00:00Z') } };
    const move = decidePoolMoney(settle, { pool: started, wallets: owing });
    const alice = move.wallets.alice!;
    expect(alice.map((e) => e.type)).toEqual(['PayoutCredited', 'ReceivableCollected']);
    const payout = (alice[0]!.data as { amount: string }).amount;
    expect(alice[1]!.data).toMatchObject({ source: 'payout', holdKind: 'pool', holdId: 'p1', amount: payout, stillOwed: (300 - Number(payout)).toFixed(2) });
    const after = walletSpec.stateOf(alice, owing.alice);
    expect(after.available.NGN?.toFixed(2)).toBe('0.00');
    // Settled once: deciding again pays and collects nothing more.
    expect(decidePoolMoney(settle, { pool: pools.stateOf(move.pool, started), wallets: { ...owing, alice: after } })).toEqual({ pool: [], wallets: {} });
  });

  it('names a wallet it was not given instead of deciding without it', () => {
    const { pool, wallets } = poolWith(['alice', 'bob']);
    const { bob: _bob, ...onlyAlice } = wallets;
    expect(() => decidePoolMoney(cancel, { pool, wallets: onlyAlice })).toThrow(PoolWalletsUnread);
  });

  it('needs no wallet for a refusal or a start', () => {
    const { pool } = poolWith(['alice', 'bob']);
    expect(walletsToRead({ ...cancel, data: { ...cancel.data, userId: 'bob' } }, pool)).toEqual([]);
    const start: PoolMoneyCommand = { type: 'StartPool', data: { poolId: 'p1', firstDeadlineAt: FIRST_DEADLINE }, metadata: { now: new Date(Date.parse(FIRST_DEADLINE) + 1) } };
    expect(walletsToRead(start, pool)).toEqual([]);
    expect(decidePoolMoney(start, { pool, wallets: {} }).pool.map((e) => e.type)).toEqual(['PoolStarted']);
  });
});
