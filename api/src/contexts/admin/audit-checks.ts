/**
 * The money checks of `npm run audit -- verify` that need the log in global order, kept apart
 * from the I/O so each rule reads on its own. Feed `observe` every event of $all in order, then
 * call `judgeTerminalBets` and `judgeTerminalPools` once at the end. Every failure names the event it was found at as
 * `<stream id>@<stream revision> <event type> <event id>`.
 */
import { parseStreamId, type RecordedEvent } from '@wager/domain';
import { BET_REFUND_EVENT_TYPES, type BetEventType } from '@wager/domain/bets/index';
import { Balances, parseAccount, type Posting } from '@wager/domain/ledger/index';
import { Money, ZERO } from '@wager/domain/money/index';
import { WALLET_STREAM_TYPE } from '@wager/domain/wallet/index';
import { SAGA_RECONCILE_AFTER_MS } from '../bets/index.js';

/** The events after which a bet takes no more money in: its escrow must drain to zero. */
export const TERMINAL_BET_EVENT_TYPES: readonly BetEventType[] = [...BET_REFUND_EVENT_TYPES, 'BetSettled', 'BetCreationAbandoned'];

/**
 * How long a terminal bet's refund or payout may stay unrecorded before the audit calls it lost
 * rather than in flight. The routes do the follow-ups inline, the follow-up reactor does them
 * within moments, and the reconciler picks up any stake lock left open past
 * SAGA_RECONCILE_AFTER_MS; ten times that is far past every healing path.
 */
export const FOLLOW_UP_OVERDUE_MS = 10 * SAGA_RECONCILE_AFTER_MS;

const BET_STREAM_TYPE = 'bet';
const POOL_STREAM_TYPE = 'pool';

/** The events after which a pool takes no more money in: its escrow must drain to zero. */
export const TERMINAL_POOL_EVENT_TYPES = ['PoolSettled', 'PoolCancelled', 'PoolCreationAbandoned'] as const;

/** `wallet-…@3 PayoutCredited <id>`: where in the log a failure was found. */
export function describeEvent(event: RecordedEvent): string {
  return `${event.streamId}@${event.streamRevision} ${event.type} ${event.id}`;
}

interface EscrowFlow {
  /** What players paid in: StakeLocked postings recorded in their wallet streams. */
  paidIn: Money;
  /** Everything taken out: payouts, refunds and fees. */
  paidOut: Money;
}

interface BetFollowUps {
  terminal: { event: string; type: string; winnerId: string | null; loserId: string | null } | null;
  /** Per user: stake locks minus releases; above zero is a hold still open. */
  readonly openHolds: Map<string, number>;
  readonly paidTo: Set<string>;
  readonly escrows: Set<string>;
  lastActivityAt: Date;
}

/** A pool's follow-ups: the same wallet steps as a bet's (holdKind 'pool', hold id = the pool id). */
interface PoolFollowUps {
  terminal: { event: string; type: string; payouts: { userId: string; amount: string }[] } | null;
  /** Who joined (PoolJoined): a settlement closes their entry holds, the pot being shared out. */
  readonly participants: Set<string>;
  readonly openHolds: Map<string, number>;
  readonly paidTo: Set<string>;
  readonly escrows: Set<string>;
  lastActivityAt: Date;
}

export interface TerminalBetsReport {
  readonly judged: number;
  /** Terminal bets whose refund or payout is not recorded yet, younger than FOLLOW_UP_OVERDUE_MS. */
  readonly inFlight: string[];
  readonly failures: string[];
}

function stringField(data: unknown, name: string): string | null {
  const value = data && typeof data === 'object' ? (data as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : null;
}

export class MoneyInvariants {
  readonly failures: string[] = [];
  /** Every account after every event read so far (not only up to the read tables' checkpoint). */
  private readonly balances = new Balances();
  private readonly flows = new Map<string, EscrowFlow>();
  private readonly bets = new Map<string, BetFollowUps>();
  private readonly pools = new Map<string, PoolFollowUps>();

  /** Applies one event's postings in global order and checks every account it touched. */
  observe(event: RecordedEvent, postings: readonly Posting[] | null): void {
    this.trackBet(event);
    this.trackPool(event);
    if (!postings || postings.length === 0) return;
    this.balances.apply(postings);
    const paidInByPlayer = event.type === 'StakeLocked' && parseStreamId(event.streamId).type === WALLET_STREAM_TYPE;
    const debitedEscrows = new Set<string>();
    for (const posting of postings) {
      const parsed = parseAccount(posting.account);
      if (parsed?.kind !== 'bet-escrow' && parsed?.kind !== 'pool-escrow') continue;
      if (parsed.kind === 'bet-escrow' && parsed.ownerId) this.bet(parsed.ownerId).escrows.add(posting.account);
      if (parsed.kind === 'pool-escrow' && parsed.ownerId) this.pool(parsed.ownerId).escrows.add(posting.account);
      const flow = this.flows.get(posting.account) ?? { paidIn: ZERO, paidOut: ZERO };
      const amount = new Money(posting.amount);
      if (amount.isNegative()) {
        flow.paidOut = flow.paidOut.minus(amount);
        debitedEscrows.add(posting.account);
      } else if (paidInByPlayer) {
        flow.paidIn = flow.paidIn.plus(amount);
      }
      this.flows.set(posting.account, flow);
    }
    for (const account of new Set(postings.map((p) => p.account))) this.checkNotNegative(event, account);
    for (const account of debitedEscrows) this.checkPaidOutWithinPaidIn(event, account);
  }

  /** Escrow and user wallet balances may never be below zero, after any event. */
  private checkNotNegative(event: RecordedEvent, account: string): void {
    const kind = parseAccount(account)?.kind;
    const balance = this.balances.get(account);
    if (!balance.isNegative()) return;
    if (kind === 'bet-escrow' || kind === 'pool-escrow') this.failures.push(`escrow ${account} negative (${balance.toFixed(2)}) at ${describeEvent(event)}`);
    if (kind === 'user-available' || kind === 'user-crypto') this.failures.push(`user balance ${account} negative (${balance.toFixed(2)}) at ${describeEvent(event)}`);
  }

  /**
   * Nothing leaves a bet's or pool's escrow that its players did not pay in. Stricter than the
   * escrow staying non-negative: money moved into an escrow from anywhere but a player's stake
   * lock (fees, an external account) does not count as paid in, so it cannot cover a payout.
   */
  private checkPaidOutWithinPaidIn(event: RecordedEvent, account: string): void {
    const flow = this.flows.get(account);
    const parsed = parseAccount(account);
    if (!flow || !parsed || !flow.paidOut.gt(flow.paidIn)) return;
    const owner = `${parsed.kind === 'pool-escrow' ? 'pool' : 'bet'} ${parsed.ownerId ?? '?'}`;
    this.failures.push(`payouts exceed paid in: ${owner} paid out ${flow.paidOut.toFixed(2)} ${parsed.currency}, paid in ${flow.paidIn.toFixed(2)}, at ${describeEvent(event)}`);
  }

  private bet(betId: string): BetFollowUps {
    let bet = this.bets.get(betId);
    if (!bet) {
      bet = { terminal: null, openHolds: new Map(), paidTo: new Set(), escrows: new Set(), lastActivityAt: new Date(0) };
      this.bets.set(betId, bet);
    }
    return bet;
  }

  /** Records a bet's terminal event and the wallet steps that follow it (locks, releases, payouts). */
  private trackBet(event: RecordedEvent): void {
    const stream = parseStreamId(event.streamId);
    if (stream.type === BET_STREAM_TYPE) {
      const bet = this.bet(stringField(event.data, 'betId') ?? stream.id);
      if (event.recordedAt > bet.lastActivityAt) bet.lastActivityAt = event.recordedAt;
      if (!bet.terminal && (TERMINAL_BET_EVENT_TYPES as readonly string[]).includes(event.type)) {
        bet.terminal = { event: describeEvent(event), type: event.type, winnerId: stringField(event.data, 'winnerId'), loserId: stringField(event.data, 'loserId') };
      }
      return;
    }
    if (stream.type !== WALLET_STREAM_TYPE || stringField(event.data, 'holdKind') !== 'bet') return;
    const betId = stringField(event.data, 'holdId');
    const userId = stringField(event.data, 'userId');
    if (!betId || !userId) return;
    const bet = this.bet(betId);
    if (event.recordedAt > bet.lastActivityAt) bet.lastActivityAt = event.recordedAt;
    const open = bet.openHolds.get(userId) ?? 0;
    if (event.type === 'StakeLocked') bet.openHolds.set(userId, open + 1);
    if (event.type === 'StakeReleased') bet.openHolds.set(userId, open - 1);
    if (event.type === 'PayoutCredited') bet.paidTo.add(userId);
  }

  private pool(poolId: string): PoolFollowUps {
    let pool = this.pools.get(poolId);
    if (!pool) {
      pool = { terminal: null, participants: new Set(), openHolds: new Map(), paidTo: new Set(), escrows: new Set(), lastActivityAt: new Date(0) };
      this.pools.set(poolId, pool);
    }
    return pool;
  }

  /** Records a pool's participants, its terminal event and the wallet steps with holdKind 'pool'. */
  private trackPool(event: RecordedEvent): void {
    const stream = parseStreamId(event.streamId);
    if (stream.type === POOL_STREAM_TYPE) {
      const pool = this.pool(stringField(event.data, 'poolId') ?? stream.id);
      if (event.recordedAt > pool.lastActivityAt) pool.lastActivityAt = event.recordedAt;
      const userId = stringField(event.data, 'userId');
      if (event.type === 'PoolJoined' && userId) pool.participants.add(userId);
      if (!pool.terminal && (TERMINAL_POOL_EVENT_TYPES as readonly string[]).includes(event.type)) {
        const payouts = event.type === 'PoolSettled' ? ((event.data as { payouts?: { userId: string; amount: string }[] }).payouts ?? []) : [];
        pool.terminal = { event: describeEvent(event), type: event.type, payouts };
      }
      return;
    }
    if (stream.type !== WALLET_STREAM_TYPE || stringField(event.data, 'holdKind') !== 'pool') return;
    const poolId = stringField(event.data, 'holdId');
    const userId = stringField(event.data, 'userId');
    if (!poolId || !userId) return;
    const pool = this.pool(poolId);
    if (event.recordedAt > pool.lastActivityAt) pool.lastActivityAt = event.recordedAt;
    const open = pool.openHolds.get(userId) ?? 0;
    if (event.type === 'StakeLocked') pool.openHolds.set(userId, open + 1);
    if (event.type === 'StakeReleased') pool.openHolds.set(userId, open - 1);
    if (event.type === 'PayoutCredited') pool.paidTo.add(userId);
  }

  /**
   * The payouts and refunds a terminal pool still owes: each settlement payout; the entry back to
   * everyone with an open hold, except a settled pool's participants (their entries are the pot).
   */
  private missingPoolFollowUps(pool: PoolFollowUps): string[] {
    const terminal = pool.terminal!;
    const settled = terminal.type === 'PoolSettled';
    const missing = terminal.payouts.filter((p) => new Money(p.amount).gt(0) && !pool.paidTo.has(p.userId)).map((p) => `payout to ${p.userId}`);
    for (const [userId, open] of pool.openHolds) {
      if (open <= 0 || (settled && pool.participants.has(userId))) continue;
      missing.push(`release to ${userId}`);
    }
    return missing;
  }

  /** The refunds and payout a terminal bet still owes, from the log alone. */
  private missingFollowUps(bet: BetFollowUps): string[] {
    const terminal = bet.terminal!;
    const settled = terminal.type === 'BetSettled';
    const missing: string[] = [];
    if (settled && terminal.winnerId && !bet.paidTo.has(terminal.winnerId)) missing.push(`payout to ${terminal.winnerId}`);
    for (const [userId, open] of bet.openHolds) {
      // A settled bet closes both players' holds: the loser's stake is in the winner's payout.
      if (open <= 0 || (settled && (userId === terminal.winnerId || userId === terminal.loserId))) continue;
      missing.push(`release to ${userId}`);
    }
    return missing;
  }

  /**
   * Every terminal bet's escrow is exactly zero once its follow-ups are recorded. This is the
   * position a payments auditor takes at a cut-off: a closed position must be zero; money in
   * transit is no error but is shown; and money still in transit long after the system promised
   * to move it is an exception. So a terminal bet whose refund or payout (or the release of a
   * late, losing stake lock) is not in the log yet is listed as in flight while its last
   * activity is younger than FOLLOW_UP_OVERDUE_MS, and fails as overdue after that. Judged
   * against the whole log read, so every terminal event judged is at or before the audited point.
   */
  judgeTerminalBets(now: Date): TerminalBetsReport {
    const report = { judged: 0, inFlight: [] as string[], failures: [] as string[] };
    for (const [betId, bet] of this.bets) {
      if (!bet.terminal) continue;
      report.judged++;
      this.judgeOne(report, now, `bet ${betId}`, bet.terminal.event, bet.escrows, bet.lastActivityAt, this.missingFollowUps(bet));
    }
    return report;
  }

  /**
   * The same judgement for pools (settled, cancelled or never created): once every payout and
   * refund is recorded, `pool:<id>:escrow:<CUR>` is exactly zero; a missing one is in flight
   * until FOLLOW_UP_OVERDUE_MS after the pool's last activity, overdue after.
   */
  judgeTerminalPools(now: Date): TerminalBetsReport {
    const report = { judged: 0, inFlight: [] as string[], failures: [] as string[] };
    for (const [poolId, pool] of this.pools) {
      if (!pool.terminal) continue;
      report.judged++;
      this.judgeOne(report, now, `pool ${poolId}`, pool.terminal.event, pool.escrows, pool.lastActivityAt, this.missingPoolFollowUps(pool));
    }
    return report;
  }

  private judgeOne(report: { inFlight: string[]; failures: string[] }, now: Date, owner: string, terminalEvent: string, escrows: Set<string>, lastActivityAt: Date, missing: string[]): void {
    if (missing.length === 0) {
      for (const account of escrows) {
        const left = this.balances.get(account);
        if (!left.isZero()) report.failures.push(`terminal ${owner}: escrow ${account} is ${left.toFixed(2)}, not zero, with every follow-up recorded, after ${terminalEvent}`);
      }
      return;
    }
    const what = `${missing.join(', ')} not recorded, after ${terminalEvent}`;
    if (now.getTime() - lastActivityAt.getTime() > FOLLOW_UP_OVERDUE_MS) report.failures.push(`terminal ${owner}: follow-up overdue: ${what}`);
    else report.inFlight.push(`${owner}: ${what}`);
  }
}
