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

/** The events after which a bet takes no more money in: its escrow must drain to zero. */
export const TERMINAL_BET_EVENT_TYPES: readonly BetEventType[] = [...BET_REFUND_EVENT_TYPES, 'BetSettled', 'BetCreationAbandoned'];

/**
 * How long a terminal bet's refund or payout may stay unrecorded before the audit calls it lost
 * rather than in flight. A bet's refunds, payout and appeal corrections are appended in the same
 * transaction as its transition, so none is ever in flight; pools still pay out in follow-up
 * steps, and logs of the saga era had bet follow-ups after their transition. Ten minutes is far
 * past every path that finishes them.
 */
export const FOLLOW_UP_OVERDUE_MS = 10 * 60_000;

const BET_STREAM_TYPE = 'bet';
/** Events that bring money back into a bet's escrow after it was paid out: an appeal's clawback and fee return. */
const APPEAL_RETURN_EVENT_TYPES: ReadonlySet<string> = new Set(['AppealDebited', 'AppealFeesAdjusted']);
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

/** An overturned appeal as decided, and the compensating steps recorded for it. */
interface AppealTrack {
  readonly event: string;
  readonly reversesEventId: string;
  readonly winnerId: string | null;
  readonly adjustments: Map<string, string>;
  readonly feeAdjustment: Money;
  /** Per user: the signed amount of their recorded correction, and the resolution it names. */
  readonly corrections: Map<string, { amount: Money; reversesEventId: string; event: string }>;
  feesAdjusted: { amount: Money; reversesEventId: string; event: string } | null;
}

interface BetFollowUps {
  terminal: { event: string; type: string; winnerId: string | null; loserId: string | null } | null;
  /** The DisputeResolved event's id, once recorded. */
  resolutionEventId: string | null;
  /** The challenger and the opponent (BetCreated, BetAccepted): a lost acceptance race's lock is no player's. */
  readonly players: Set<string>;
  /** Stake and fee each player paid in (their StakeLocked), for the final outcome's arithmetic. */
  readonly paidBy: Map<string, { stake: Money; fee: Money }>;
  /** Per user: the net of every posting on their own accounts made for this bet. */
  readonly netOf: Map<string, Money>;
  /** What the bet's own stream moved into platform:fees. */
  fees: Money;
  appeal: AppealTrack | null;
  /** Corrections recorded without an overturn that asks for them (caught by check 9). */
  readonly strayCorrections: string[];
  /**
   * Corrections recorded before any decision: an overturn's debits come first in its one append
   * (they fill the reopened escrow), so they precede its AppealDecided in the log. The decision
   * claims them; any left unclaimed at the end are strays.
   */
  readonly earlyCorrections: Map<string, { amount: Money; reversesEventId: string; event: string }>;
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
    this.trackBet(event, postings ?? []);
    this.trackPool(event);
    if (!postings || postings.length === 0) return;
    this.balances.apply(postings);
    const paidInByPlayer = event.type === 'StakeLocked' && parseStreamId(event.streamId).type === WALLET_STREAM_TYPE;
    // An appeal's correction brings back into the escrow money that had been paid out of it (a
    // winner's clawback, the platform's fees): it lowers what the bet has paid out, so the rule
    // "never more out than the players put in" still holds over the original and the correction.
    const returnsPaidOut = APPEAL_RETURN_EVENT_TYPES.has(event.type);
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
      } else if (returnsPaidOut) {
        flow.paidOut = flow.paidOut.minus(amount);
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
      bet = {
        terminal: null,
        resolutionEventId: null,
        players: new Set(),
        paidBy: new Map(),
        netOf: new Map(),
        fees: ZERO,
        appeal: null,
        strayCorrections: [],
        earlyCorrections: new Map(),
        openHolds: new Map(),
        paidTo: new Set(),
        escrows: new Set(),
        lastActivityAt: new Date(0),
      };
      this.bets.set(betId, bet);
    }
    return bet;
  }

  /** Records a bet's terminal event and the wallet steps that follow it (locks, releases, payouts). */
  private trackBet(event: RecordedEvent, postings: readonly Posting[]): void {
    const stream = parseStreamId(event.streamId);
    if (stream.type === BET_STREAM_TYPE) {
      const bet = this.bet(stringField(event.data, 'betId') ?? stream.id);
      if (event.recordedAt > bet.lastActivityAt) bet.lastActivityAt = event.recordedAt;
      if (!bet.terminal && (TERMINAL_BET_EVENT_TYPES as readonly string[]).includes(event.type)) {
        bet.terminal = { event: describeEvent(event), type: event.type, winnerId: stringField(event.data, 'winnerId'), loserId: stringField(event.data, 'loserId') };
      }
      this.trackAppeal(bet, event, postings);
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
    this.trackBetWallet(bet, userId, event, postings);
  }

  /** The bet stream's part of an appeal: the resolution it names, the decision, the fee change; and the fees the stream recognised. */
  private trackAppeal(bet: BetFollowUps, event: RecordedEvent, postings: readonly Posting[]): void {
    for (const posting of postings) {
      if (parseAccount(posting.account)?.kind === 'platform-fees') bet.fees = bet.fees.plus(posting.amount);
    }
    if (event.type === 'DisputeResolved') bet.resolutionEventId = event.id;
    const player = event.type === 'BetCreated' ? stringField(event.data, 'challengerId') : event.type === 'BetAccepted' ? stringField(event.data, 'opponentId') : null;
    if (player) bet.players.add(player);
    if (event.type === 'AppealDecided' && stringField(event.data, 'outcome') === 'overturned') {
      const d = event.data as { adjustments?: { userId: string; amount: string }[]; feeAdjustment?: string };
      bet.appeal = {
        event: describeEvent(event),
        reversesEventId: stringField(event.data, 'reversesEventId') ?? '',
        winnerId: stringField(event.data, 'winnerId'),
        adjustments: new Map((d.adjustments ?? []).map((a) => [a.userId, a.amount])),
        feeAdjustment: new Money(d.feeAdjustment ?? '0'),
        corrections: new Map([...bet.earlyCorrections, ...(bet.appeal?.corrections ?? [])]),
        feesAdjusted: null,
      };
      bet.earlyCorrections.clear();
    }
    if (event.type === 'AppealFeesAdjusted') {
      const adjusted = { amount: new Money(stringField(event.data, 'feeAdjustment') ?? '0'), reversesEventId: stringField(event.data, 'reversesEventId') ?? '', event: describeEvent(event) };
      if (bet.appeal) bet.appeal.feesAdjusted = adjusted;
      else bet.strayCorrections.push(adjusted.event);
    }
  }

  /** A player's money on the bet: what they paid in, their net, and an appeal's correction. */
  private trackBetWallet(bet: BetFollowUps, userId: string, event: RecordedEvent, postings: readonly Posting[]): void {
    if (event.type === 'StakeLocked') bet.paidBy.set(userId, { stake: new Money(stringField(event.data, 'stake') ?? '0'), fee: new Money(stringField(event.data, 'fee') ?? '0') });
    for (const posting of postings) {
      const parsed = parseAccount(posting.account);
      if (parsed?.ownerId !== userId || (parsed.kind !== 'user-available' && parsed.kind !== 'user-receivable')) continue;
      bet.netOf.set(userId, (bet.netOf.get(userId) ?? ZERO).plus(posting.amount));
    }
    if (event.type !== 'AppealDebited' && event.type !== 'AppealCredited') return;
    const amount = new Money(stringField(event.data, 'amount') ?? '0');
    const correction = { amount: event.type === 'AppealDebited' ? amount.neg() : amount, reversesEventId: stringField(event.data, 'reversesEventId') ?? '', event: describeEvent(event) };
    if (bet.appeal) bet.appeal.corrections.set(userId, correction);
    else if (bet.earlyCorrections.has(userId)) bet.strayCorrections.push(correction.event);
    else bet.earlyCorrections.set(userId, correction);
  }

  /**
   * Check 9, appealed bets are whole: an overturned appeal's corrections are exactly the ones it
   * decided, each naming the original resolution (DisputeResolved), and once they are all recorded
   * every player holds what the final outcome gives (the winner stake − fee, the loser −(stake +
   * fee), a void nothing, across their available and receivable accounts) and the platform kept
   * exactly the final outcome's fees (2 × fee for a win, none for a void). A correction with no
   * overturn asking for it fails at once. Missing corrections are in flight, then overdue, like
   * every follow-up (check 7 waits for them before asking the escrow to be zero).
   */
  judgeAppeals(now: Date): TerminalBetsReport {
    const report = { judged: 0, inFlight: [] as string[], failures: [] as string[] };
    for (const [betId, bet] of this.bets) {
      for (const stray of [...bet.strayCorrections, ...[...bet.earlyCorrections.values()].map((c) => c.event)]) report.failures.push(`appeal: bet ${betId}: correction with no overturned appeal at ${stray}`);
      const appeal = bet.appeal;
      if (!appeal) continue;
      report.judged++;
      const missing = this.missingAppealSteps(appeal);
      if (missing.length > 0) {
        const what = `appeal: bet ${betId}: ${missing.join(', ')} not recorded, after ${appeal.event}`;
        if (now.getTime() - bet.lastActivityAt.getTime() > FOLLOW_UP_OVERDUE_MS) report.failures.push(`${what} (overdue)`);
        else report.inFlight.push(what);
        continue;
      }
      report.failures.push(...this.appealFailures(betId, bet, appeal));
    }
    return report;
  }

  private missingAppealSteps(appeal: AppealTrack): string[] {
    const missing = [...appeal.adjustments.keys()].filter((userId) => !appeal.corrections.has(userId)).map((userId) => `correction of ${userId}`);
    if (!appeal.feeAdjustment.isZero() && !appeal.feesAdjusted) missing.push('fee adjustment');
    return missing;
  }

  private appealFailures(betId: string, bet: BetFollowUps, appeal: AppealTrack): string[] {
    const failures: string[] = [];
    const owner = `appeal: bet ${betId}`;
    const original = bet.resolutionEventId;
    const named = [{ reversesEventId: appeal.reversesEventId, event: appeal.event }, ...appeal.corrections.values(), ...(appeal.feesAdjusted ? [appeal.feesAdjusted] : [])];
    for (const step of named) if (!original || step.reversesEventId !== original) failures.push(`${owner}: ${step.event} names ${step.reversesEventId || 'nothing'}, not the original resolution ${original ?? '(none recorded)'}`);
    for (const [userId, correction] of appeal.corrections) {
      const decided = appeal.adjustments.get(userId);
      if (!decided || !correction.amount.eq(decided)) failures.push(`${owner}: ${correction.event} moved ${correction.amount.toFixed(2)}, the decision asked ${decided ?? 'nothing'}`);
    }
    if (appeal.feesAdjusted && !appeal.feesAdjusted.amount.eq(appeal.feeAdjustment)) failures.push(`${owner}: ${appeal.feesAdjusted.event} moved ${appeal.feesAdjusted.amount.toFixed(2)} of fees, the decision asked ${appeal.feeAdjustment.toFixed(2)}`);
    for (const [userId, paid] of bet.paidBy) {
      if (!bet.players.has(userId)) continue;
      const expected = appeal.winnerId === null ? ZERO : appeal.winnerId === userId ? paid.stake.minus(paid.fee) : paid.stake.plus(paid.fee).neg();
      const net = bet.netOf.get(userId) ?? ZERO;
      if (!net.eq(expected)) failures.push(`${owner}: ${userId} holds ${net.toFixed(2)} from the bet, the final outcome gives ${expected.toFixed(2)}`);
    }
    const fees = appeal.winnerId === null ? ZERO : [...bet.paidBy].filter(([userId]) => bet.players.has(userId)).reduce((sum, [, p]) => sum.plus(p.fee), ZERO);
    if (!bet.fees.eq(fees)) failures.push(`${owner}: the platform kept ${bet.fees.toFixed(2)} of fees, the final outcome gives ${fees.toFixed(2)}`);
    return failures;
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

  /** The refunds and payout a terminal bet still owes, from the log alone (an overturned appeal's corrections too). */
  private missingFollowUps(bet: BetFollowUps): string[] {
    const terminal = bet.terminal!;
    const settled = terminal.type === 'BetSettled';
    const missing: string[] = bet.appeal ? this.missingAppealSteps(bet.appeal) : [];
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
