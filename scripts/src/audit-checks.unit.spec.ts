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

const BET = '7a1c0c3e-0000-4000-8000-0000000000b1';
const BET_ESCROW = `bet:${BET}:escrow:NGN`;

/** Ann and Ben each lock 102 (100 + 2 fee); the admin gives Ann the win: fees 4, payout 200. Returns the DisputeResolved event. */
function resolvedForAnn(log: MoneyInvariants): RecordedEvent {
  for (const user of ['ann', 'ben']) {
    log.observe(event(`wallet-${user}`, 'DepositCredited', { userId: user }), move('external:paystack:NGN', `user:${user}:available:NGN`, '500.00'));
    log.observe(event(`wallet-${user}`, 'StakeLocked', { userId: user, holdId: BET, holdKind: 'bet', stake: '100.00', fee: '2.00' }), move(`user:${user}:available:NGN`, BET_ESCROW, '102.00'));
  }
  log.observe(event(`bet-${BET}`, 'BetCreated', { betId: BET, challengerId: 'ann' }), null);
  log.observe(event(`bet-${BET}`, 'BetAccepted', { betId: BET, opponentId: 'ben' }), null);
  const resolution = event(`bet-${BET}`, 'DisputeResolved', { betId: BET, winnerId: 'ann' });
  log.observe(resolution, null);
  log.observe(event(`bet-${BET}`, 'BetSettled', { betId: BET, winnerId: 'ann', loserId: 'ben' }), move(BET_ESCROW, 'platform:fees:NGN', '4.00'));
  log.observe(event('wallet-ann', 'PayoutCredited', { userId: 'ann', holdId: BET, holdKind: 'bet' }), move(BET_ESCROW, 'user:ann:available:NGN', '200.00'));
  return resolution;
}

/** The overturn to a void: Ann gives back 98, the platform 4, Ben gets 102. */
function overturnToVoid(log: MoneyInvariants, reverses: string): void {
  log.observe(
    event(`bet-${BET}`, 'AppealDecided', { betId: BET, outcome: 'overturned', winnerId: null, reversesEventId: reverses, adjustments: [{ userId: 'ann', amount: '-98.00' }, { userId: 'ben', amount: '102.00' }], feeAdjustment: '-4.00' }),
    null,
  );
}

describe('appealed bets (check 9)', () => {
  it('an overturn is in flight until its corrections are recorded, then whole: no payout past paid in, escrow zero, each player holds the final outcome', () => {
    const log = new MoneyInvariants();
    const resolution = resolvedForAnn(log);
    overturnToVoid(log, resolution.id);
    const later = new Date(T0.getTime() + 1000);
    expect(log.judgeAppeals(later).inFlight).toEqual([expect.stringContaining(`appeal: bet ${BET}: correction of ann, correction of ben, fee adjustment not recorded`)]);
    expect(log.judgeTerminalBets(later).failures).toEqual([]);
    expect(log.judgeAppeals(new Date(T0.getTime() + FOLLOW_UP_OVERDUE_MS + 1)).failures).toEqual([expect.stringContaining('(overdue)')]);

    // Ann spent all but 60: 60 from her balance, 38 owed.
    log.observe(event('wallet-ann', 'AppealDebited', { userId: 'ann', holdId: BET, holdKind: 'bet', amount: '98.00', reversesEventId: resolution.id }), [
      { account: BET_ESCROW, currency: 'NGN', amount: '98.00' },
      { account: 'user:ann:available:NGN', currency: 'NGN', amount: '-60.00' },
      { account: 'user:ann:receivable:NGN', currency: 'NGN', amount: '-38.00' },
    ]);
    log.observe(event(`bet-${BET}`, 'AppealFeesAdjusted', { betId: BET, feeAdjustment: '-4.00', reversesEventId: resolution.id }), move('platform:fees:NGN', BET_ESCROW, '4.00'));
    log.observe(event('wallet-ben', 'AppealCredited', { userId: 'ben', holdId: BET, holdKind: 'bet', amount: '102.00', reversesEventId: resolution.id }), move(BET_ESCROW, 'user:ben:available:NGN', '102.00'));
    expect(log.judgeAppeals(later)).toEqual({ judged: 1, inFlight: [], failures: [] });
    expect(log.judgeTerminalBets(later)).toEqual({ judged: 1, inFlight: [], failures: [] });
    expect(log.failures).toEqual([]);
  });

  it('fails a correction that names another event, moves another amount, or comes with no overturn', () => {
    const log = new MoneyInvariants();
    const resolution = resolvedForAnn(log);
    overturnToVoid(log, resolution.id);
    log.observe(event('wallet-ann', 'AppealDebited', { userId: 'ann', holdId: BET, holdKind: 'bet', amount: '98.00', reversesEventId: 'someone-else' }), move('user:ann:available:NGN', BET_ESCROW, '98.00'));
    log.observe(event(`bet-${BET}`, 'AppealFeesAdjusted', { betId: BET, feeAdjustment: '-4.00', reversesEventId: resolution.id }), move('platform:fees:NGN', BET_ESCROW, '4.00'));
    log.observe(event('wallet-ben', 'AppealCredited', { userId: 'ben', holdId: BET, holdKind: 'bet', amount: '100.00', reversesEventId: resolution.id }), move(BET_ESCROW, 'user:ben:available:NGN', '100.00'));
    const { failures } = log.judgeAppeals(new Date(T0.getTime() + 1000));
    expect(failures).toEqual(
      expect.arrayContaining([
        expect.stringContaining('names someone-else, not the original resolution'),
        expect.stringContaining('moved 100.00, the decision asked 102.00'),
        expect.stringContaining('ben holds -2.00 from the bet, the final outcome gives 0.00'),
      ]),
    );
    expect(log.judgeTerminalBets(new Date(T0.getTime() + 1000)).failures).toEqual([expect.stringContaining('is 2.00, not zero')]);

    const stray = new MoneyInvariants();
    resolvedForAnn(stray);
    stray.observe(event('wallet-ben', 'AppealCredited', { userId: 'ben', holdId: BET, holdKind: 'bet', amount: '50.00', reversesEventId: 'x' }), move('external:paystack:NGN', 'user:ben:available:NGN', '50.00'));
    expect(stray.judgeAppeals(new Date(T0.getTime() + 1000)).failures).toEqual([expect.stringContaining('correction with no overturned appeal')]);
  });
});
