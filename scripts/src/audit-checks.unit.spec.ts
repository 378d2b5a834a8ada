// Proves the audit's judgement of terminal pools from a hand-made log: a cancelled pool whose refund is not recorded is in flight, then overdue after FOLLOW_UP_OVERDUE_MS, and passes once refunded; a settled pool closes its participants' entries but not a stray lock of someone who never joined.
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@wager/domain';
import type { Posting } from '@wager/domain/ledger/index';
import { MoneyInvariants, FOLLOW_UP_OVERDUE_MS } from './audit-checks.js';

const POOL = '7a1c0c3e-0000-4000-8000-000000000001';
const ESCROW = `pool:${POOL}:escrow:NGN`;
const T0 = new Date('2026-11-20T10:00:00.000Z');
let revision = 0;

function event(streamId: string, type: string, data: Record<string, unknown>, at = T0): RecordedEvent {
  revision += 1;
  return { id: `e${revision}`, type, data, metadata: {}, streamId, streamRevision: revision, position: { commit: revision, prepare: revision }, recordedAt: at };
}
const move = (from: string, to: string, amount: string): Posting[] => [
  { account: from, currency: 'NGN', amount: `-${amount}` },
  { account: to, currency: 'NGN', amount },
];
/** An entry lock: the player's 10.20 (entry and fee) into the pool's escrow, from their wallet stream. */
function lock(log: MoneyInvariants, user: string) {
  log.observe(event(`wallet-${user}`, 'StakeLocked', { userId: user, holdId: POOL, holdKind: 'pool' }), move(`user:${user}:available:NGN`, ESCROW, '10.20'));
}
function fund(log: MoneyInvariants, user: string) {
  log.observe(event(`wallet-${user}`, 'DepositCredited', { userId: user }), move('external:paystack:NGN', `user:${user}:available:NGN`, '100.00'));
}

describe('terminal pools', () => {
  it("lists a cancelled pool's missing refund as in flight, fails it once overdue, and passes once refunded", () => {
    const log = new MoneyInvariants();
    fund(log, 'ann');
    lock(log, 'ann');
    log.observe(event(`pool-${POOL}`, 'PoolJoined', { poolId: POOL, userId: 'ann' }), null);
    const cancelled = event(`pool-${POOL}`, 'PoolCancelled', { poolId: POOL, refunds: [{ userId: 'ann', amount: '10.20' }] });
    log.observe(cancelled, null);
    const named = `pool-${POOL}@${cancelled.streamRevision} PoolCancelled ${cancelled.id}`;
    expect(log.judgeTerminalPools(new Date(T0.getTime() + 1000))).toEqual({ judged: 1, inFlight: [`pool ${POOL}: release to ann not recorded, after ${named}`], failures: [] });
    expect(log.judgeTerminalPools(new Date(T0.getTime() + FOLLOW_UP_OVERDUE_MS + 1)).failures).toEqual([`terminal pool ${POOL}: follow-up overdue: release to ann not recorded, after ${named}`]);
    log.observe(event('wallet-ann', 'StakeReleased', { userId: 'ann', holdId: POOL, holdKind: 'pool' }), move(ESCROW, 'user:ann:available:NGN', '10.20'));
    expect(log.judgeTerminalPools(new Date(T0.getTime() + FOLLOW_UP_OVERDUE_MS + 1))).toEqual({ judged: 1, inFlight: [], failures: [] });
    expect(log.failures).toEqual([]);
  });

  it("closes a settled pool's participants' entries with its payouts and fees, but wants a stray lock of a non-participant released", () => {
    const log = new MoneyInvariants();
    for (const user of ['ann', 'ben', 'cat']) fund(log, user);
    lock(log, 'ann');
    lock(log, 'ben');
    lock(log, 'cat'); // cat's join failed: never a participant
    for (const user of ['ann', 'ben']) log.observe(event(`pool-${POOL}`, 'PoolJoined', { poolId: POOL, userId: user }), null);
    log.observe(event(`pool-${POOL}`, 'PoolSettled', { poolId: POOL, payouts: [{ userId: 'ann', amount: '20.00' }] }), move(ESCROW, 'platform:fees:NGN', '0.40'));
    const later = new Date(T0.getTime() + 1000);
    expect(log.judgeTerminalPools(later).inFlight).toEqual([expect.stringContaining(`pool ${POOL}: payout to ann, release to cat not recorded`)]);
    log.observe(event('wallet-ann', 'PayoutCredited', { userId: 'ann', holdId: POOL, holdKind: 'pool' }), move(ESCROW, 'user:ann:available:NGN', '20.00'));
    log.observe(event('wallet-cat', 'StakeReleased', { userId: 'cat', holdId: POOL, holdKind: 'pool' }), move(ESCROW, 'user:cat:available:NGN', '10.20'));
    expect(log.judgeTerminalPools(later)).toEqual({ judged: 1, inFlight: [], failures: [] });
    expect(log.failures).toEqual([]);
  });
});
