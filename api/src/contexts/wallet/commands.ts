/**
 * The wallet's command side for other contexts and for the wallet's own routes: every change
 * to a `wallet-<userId>` stream goes through here. Callers pass deterministic event ids
 * (UUIDv5 of the business step, see `deterministicId`), so a retried request, a resumed saga
 * or a repeated webhook stores nothing twice.
 *
 * Used by the bets and pools contexts: `lockStake` (challenge created / accepted / pool
 * entry), `releaseStake` (cancelled, expired, voided, lost race), `creditPayout` (winner).
 */
import type { AppendResult, Position } from '@wager/domain';
import { runCommand, streamState } from '../../runtime/command-pipeline.js';
import { userDecider, userStreamId } from '@wager/domain/accounts/index';
import { fee as feeOf, formatAmount, Money } from '@wager/domain/money/index';
import { deterministicId, walletDecider, walletStreamId, type HoldKind, type StakeTerms, type WalletCommand, type WalletEvent, type WalletState } from '@wager/domain/wallet/index';
import type { AppDeps } from '../../deps.js';

export type WalletDeps = Pick<AppDeps, 'store' | 'clock' | 'config'>;

export interface WalletCommandResult {
  readonly events: WalletEvent[];
  readonly state: WalletState;
  /** null when the command decided nothing (already done). */
  readonly append: AppendResult | null;
  /** Where the wallet stood when decided: what an answer to a no-op waits for (`decidedAt`). */
  readonly readPosition: Position | null;
}

/**
 * Runs one wallet command with the given event id (one event per command; a second event, if
 * any, gets `<id>` derived ids through the same namespace).
 */
export async function executeWalletCommand(deps: Pick<AppDeps, 'store'>, command: WalletCommand, eventId: string, actor?: string): Promise<WalletCommandResult> {
  return runCommand(deps, {
    streamId: walletStreamId(command.data.userId),
    decider: walletDecider,
    command: actor ? { ...command, metadata: { ...command.metadata, actor } } : command,
    eventIds: (events) => events.map((_, i) => (i === 0 ? eventId : deterministicId(eventId, String(i)))),
  });
}

/**
 * The player's IANA zone for a decision (the daily limits' day), from the user's own stream
 * state, the write model (the profile's `timezone`, as RegisterUser / UpdateProfile recorded it),
 * never from the `users` read table: a zone just changed counts at once, and a decision reads no
 * read model. Missing or unknown counts in UTC (domain `dayInTimeZone`). The state is read
 * through the command pipeline's snapshots, so it costs the events since the last snapshot.
 */
export async function playerTimeZone(deps: Pick<AppDeps, 'store'>, userId: string): Promise<string> {
  const user = await streamState(deps.store, userStreamId(userId), userDecider);
  return user.timezone || 'UTC';
}

/**
 * What a stake lock decided with a bet's or a pool's command needs besides it: the player's time
 * zone (`playerTimeZone`, from the write model) and the platform's daily limit.
 */
export async function stakeTerms(deps: Pick<AppDeps, 'store' | 'config'>, userId: string): Promise<StakeTerms> {
  return { timeZone: await playerTimeZone(deps, userId), dailyLimit: decimal(deps.config.DAILY_LIMIT_DEFAULT) };
}

function decimal(value: Money | string): string {
  return formatAmount(new Money(value));
}

export interface LockStakeInput {
  /** Deterministic, e.g. deterministicId('bet', betId, userId, 'lock'). */
  readonly eventId: string;
  readonly userId: string;
  readonly holdId: string;
  readonly holdKind: HoldKind;
  readonly stake: Money | string;
  /** Defaults to fee(stake): 2 % rounded half up. */
  readonly fee?: Money | string;
  /** Defaults to the configured wallet currency. */
  readonly currency?: string;
  /** The user's IANA zone (users.timezone); unknown or missing counts in UTC. */
  readonly timeZone?: string | null;
  /** Defaults to DAILY_LIMIT_DEFAULT. */
  readonly dailyLimit?: Money | string;
  readonly now?: Date;
}

/**
 * Moves stake + fee from the user's available balance into the bet's (or pool's) escrow.
 * Throws ValidationError 'Insufficient balance' or 'Daily limit exceeded' (400). Locking the
 * same hold again is a no-op that returns `append: null`.
 */
export async function lockStake(deps: WalletDeps, input: LockStakeInput): Promise<WalletCommandResult> {
  const stake = new Money(input.stake);
  return executeWalletCommand(
    deps,
    {
      type: 'LockStake', data: { userId: input.userId, holdId: input.holdId, holdKind: input.holdKind, stake: decimal(stake), fee: decimal(input.fee ?? feeOf(stake)), currency: input.currency ?? deps.config.WALLET_CURRENCY, timeZone: input.timeZone ?? 'UTC', dailyLimit: decimal(input.dailyLimit ?? deps.config.DAILY_LIMIT_DEFAULT) }, metadata: { now: input.now ?? deps.clock.now() } },
    input.eventId,
    input.userId,
  );
}

export interface ReleaseStakeInput {
  readonly eventId: string;
  readonly userId: string;
  readonly holdId: string;
  /** Why: 'cancelled', 'expired', 'voided', 'lost race', … (shown in the transaction list). */
  readonly reason: string;
  readonly now?: Date;
  readonly actor?: string;
}

/** Returns a locked stake + fee from escrow to the user's available balance; once. */
export async function releaseStake(deps: WalletDeps, input: ReleaseStakeInput): Promise<WalletCommandResult> {
  return executeWalletCommand(deps, { type: 'ReleaseStake', data: { userId: input.userId, holdId: input.holdId, reason: input.reason }, metadata: { now: input.now ?? deps.clock.now() } }, input.eventId, input.actor ?? 'system');
}

export interface CreditPayoutInput {
  readonly eventId: string;
  readonly userId: string;
  readonly holdId: string;
  readonly holdKind: HoldKind;
  /** What the winner receives from escrow (a bet: 2 × stake). */
  readonly amount: Money | string;
  readonly currency?: string;
  /** One payout per (hold, payoutId); defaults to the hold id. */
  readonly payoutId?: string;
  readonly now?: Date;
  readonly actor?: string;
}

/** Credits a winner from the hold's escrow; once per (hold, payoutId). */
export async function creditPayout(deps: WalletDeps, input: CreditPayoutInput): Promise<WalletCommandResult> {
  return executeWalletCommand(
    deps,
    {
      type: 'CreditPayout', data: { userId: input.userId, holdId: input.holdId, holdKind: input.holdKind, amount: decimal(input.amount), currency: input.currency ?? deps.config.WALLET_CURRENCY, ...(input.payoutId ? { payoutId: input.payoutId } : {}) }, metadata: { now: input.now ?? deps.clock.now() } },
    input.eventId,
    input.actor ?? 'system',
  );
}

