/**
 * The wallet's safer-play commands (limits, cool-off / self-exclusion, reality check) and the
 * deposit authorization every deposit path asks for before calling its provider. All of it is
 * decided by the wallet decider on the `wallet-<userId>` stream (domain/src/wallet/limits*.ts).
 */
import { foldStream } from '@wager/domain';
import { Money, formatAmount } from '@wager/domain/money/index';
import {
  deterministicId,
  saferPlayView,
  walletDecider,
  walletStreamId,
  windowKeys,
  type ExclusionPeriod,
  type LimitKind,
  type SaferPlayView,
  type WalletState,
} from '@wager/domain/wallet/index';
import type { AppDeps } from '../../deps.js';
import { executeWalletCommand, playerTimeZone, type WalletCommandResult } from './commands.js';

type Deps = Pick<AppDeps, 'store' | 'clock' | 'config' | 'db'>;

/**
 * What the player sees on the limits page, from the wallet stream itself: the same fold the
 * decider checks the next deposit or stake against, so "left today" is exactly what is allowed.
 */
export async function saferPlayOf(deps: Deps, userId: string, now: Date = deps.clock.now()): Promise<SaferPlayView> {
  const state: WalletState = foldStream(walletDecider, await deps.store.readStream(walletStreamId(userId)));
  const timeZone = await playerTimeZone(deps, userId);
  const today = windowKeys(now, timeZone).day;
  const stakedToday = state.spent && state.spent.day === today ? state.spent.amount : new Money(0);
  return saferPlayView(state.safer, { now, timeZone, currency: deps.config.WALLET_CURRENCY, stakeDailyDefault: formatAmount(deps.config.DAILY_LIMIT_DEFAULT), stakedToday });
}

/** One request, one intent: the event ids derive from a fresh request id (a repeat decides nothing on its own). */
function requestEventId(deps: Pick<AppDeps, 'ids'>, userId: string, what: string): string {
  return deterministicId('safer-play', userId, what, deps.ids.uuid());
}

export async function setSpendingLimits(deps: Deps & Pick<AppDeps, 'ids'>, userId: string, limits: Partial<Record<LimitKind, string | null>>): Promise<WalletCommandResult> {
  return executeWalletCommand(
    deps,
    { type: 'SetSpendingLimits', data: { userId, limits, currency: deps.config.WALLET_CURRENCY, stakeDailyDefault: formatAmount(deps.config.DAILY_LIMIT_DEFAULT) }, metadata: { now: deps.clock.now() } },
    requestEventId(deps, userId, 'limits'),
    userId,
  );
}

export async function startSelfExclusion(deps: Deps & Pick<AppDeps, 'ids'>, userId: string, period: ExclusionPeriod): Promise<WalletCommandResult> {
  return executeWalletCommand(deps, { type: 'StartSelfExclusion', data: { userId, period }, metadata: { now: deps.clock.now() } }, requestEventId(deps, userId, 'exclusion'), userId);
}

export async function setRealityCheck(deps: Deps & Pick<AppDeps, 'ids'>, userId: string, intervalMinutes: number | null): Promise<WalletCommandResult> {
  return executeWalletCommand(deps, { type: 'SetRealityCheck', data: { userId, intervalMinutes }, metadata: { now: deps.clock.now() } }, requestEventId(deps, userId, 'reality-check'), userId);
}

/**
 * Counts a deposit against the player's limits before its provider is called. Throws 403
 * `self_excluded` / `cool_off_active` or 400 `deposit_limit_exceeded` (naming the limit and what
 * is left); nothing is written then, and the provider is never asked.
 */
export async function authorizeDeposit(deps: Deps, input: { userId: string; depositId: string; provider: 'paystack' | 'crypto'; amount: Money | string }): Promise<WalletCommandResult> {
  const timeZone = await playerTimeZone(deps, input.userId);
  return executeWalletCommand(
    deps,
    { type: 'AuthorizeDeposit', data: { userId: input.userId, depositId: input.depositId, provider: input.provider, amount: formatAmount(input.amount), currency: deps.config.WALLET_CURRENCY, timeZone }, metadata: { now: deps.clock.now() } },
    deterministicId('deposit-limit', input.depositId, 'authorize'),
    input.userId,
  );
}

/** The deposit can bring no money (failed, abandoned, expired, its checkout never opened): it stops counting. Once. */
export async function releaseDepositAuthorization(deps: Pick<AppDeps, 'store' | 'clock'>, input: { userId: string; depositId: string; reason: string }): Promise<WalletCommandResult> {
  return executeWalletCommand(
    deps,
    { type: 'ReleaseDepositAuthorization', data: { userId: input.userId, depositId: input.depositId, reason: input.reason }, metadata: { now: deps.clock.now() } },
    deterministicId('deposit-limit', input.depositId, 'release'),
    'system',
  );
}
