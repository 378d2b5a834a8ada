import type { Command } from '../shared/command.js';

/**
 * Safer play in the wallet stream (`wallet-<userId>`): the player's own limits, cool-off and
 * self-exclusion, the reality check, and the deposits counted against the deposit limits. They
 * live in the wallet stream so the same decider that moves the money refuses what the player
 * asked it to refuse, under the same optimistic lock (docs/architecture.md).
 */
export type LimitKind = 'depositDaily' | 'depositWeekly' | 'depositMonthly' | 'stakeDaily';
export const LIMIT_KINDS: readonly LimitKind[] = ['depositDaily', 'depositWeekly', 'depositMonthly', 'stakeDaily'];
export const DEPOSIT_LIMIT_KINDS = ['depositDaily', 'depositWeekly', 'depositMonthly'] as const satisfies readonly LimitKind[];
export type DepositLimitKind = (typeof DEPOSIT_LIMIT_KINDS)[number];

export type ExclusionPeriod = '24h' | '7d' | '30d' | '6m' | '1y' | '5y';
export const EXCLUSION_PERIODS: readonly ExclusionPeriod[] = ['24h', '7d', '30d', '6m', '1y', '5y'];
export type ExclusionKind = 'cool_off' | 'self_exclusion';

export interface SpendingLimitChangedData {
  readonly userId: string;
  readonly limit: LimitKind;
  /** The requested limit; null = no limit. */
  readonly value: string | null;
  /** The limit in force when the change was asked (null = none). */
  readonly previous: string | null;
  /** 'applied' (a lowering: at once) or 'pending' (a raise or a removal: at `effectiveAt`). */
  readonly status: 'applied' | 'pending';
  readonly effectiveAt: string;
  readonly currency: string;
  readonly changedAt: string;
}
export interface SelfExclusionStartedData {
  readonly userId: string;
  readonly period: ExclusionPeriod;
  readonly kind: ExclusionKind;
  readonly startedAt: string;
  readonly until: string;
}
export interface RealityCheckSetData {
  readonly userId: string;
  /** Minutes of play between reminders; null = off. */
  readonly intervalMinutes: number | null;
  readonly setAt: string;
}
/** A deposit counted against the deposit limits, recorded before the provider is called. */
export interface DepositAuthorizedData {
  readonly userId: string;
  readonly depositId: string;
  readonly provider: 'paystack' | 'crypto';
  /** In the wallet currency (a crypto deposit: its USD value at the spec's fixed rate). */
  readonly amount: string;
  readonly currency: string;
  readonly authorizedAt: string;
}
/** The deposit can no longer bring money (failed, abandoned, expired, never opened): it stops counting. */
export interface DepositAuthorizationReleasedData {
  readonly userId: string;
  readonly depositId: string;
  readonly reason: string;
  readonly releasedAt: string;
}

export type SaferPlayEvent =
  | { type: 'SpendingLimitChanged'; data: SpendingLimitChangedData }
  | { type: 'SelfExclusionStarted'; data: SelfExclusionStartedData }
  | { type: 'RealityCheckSet'; data: RealityCheckSetData }
  | { type: 'DepositAuthorized'; data: DepositAuthorizedData }
  | { type: 'DepositAuthorizationReleased'; data: DepositAuthorizationReleasedData };

export const SAFER_PLAY_EVENT_TYPES = ['SpendingLimitChanged', 'SelfExclusionStarted', 'RealityCheckSet', 'DepositAuthorized', 'DepositAuthorizationReleased'] as const;

export function isSaferPlayEvent(event: { type: string }): event is SaferPlayEvent {
  return (SAFER_PLAY_EVENT_TYPES as readonly string[]).includes(event.type);
}

export type SetSpendingLimits = Command<
  'SetSpendingLimits',
  {
    readonly userId: string;
    /** Only the limits to change; null removes one (a raise). Amounts are parsed 2-decimal strings. */
    readonly limits: Partial<Record<LimitKind, string | null>>;
    readonly currency: string;
    /** The platform's daily stake limit, in force until the player sets their own. */
    readonly stakeDailyDefault: string;
  }
>;
export type StartSelfExclusion = Command<'StartSelfExclusion', { readonly userId: string; readonly period: ExclusionPeriod }>;
export type SetRealityCheck = Command<'SetRealityCheck', { readonly userId: string; readonly intervalMinutes: number | null }>;
export type AuthorizeDeposit = Command<
  'AuthorizeDeposit',
  {
    readonly userId: string;
    readonly depositId: string;
    readonly provider: 'paystack' | 'crypto';
    readonly amount: string;
    readonly currency: string;
    /** The player's IANA zone: the day, week and month are theirs. */
    readonly timeZone: string;
  }
>;
export type ReleaseDepositAuthorization = Command<'ReleaseDepositAuthorization', { readonly userId: string; readonly depositId: string; readonly reason: string }>;

export type SaferPlayCommand = SetSpendingLimits | StartSelfExclusion | SetRealityCheck | AuthorizeDeposit | ReleaseDepositAuthorization;
export const SAFER_PLAY_COMMAND_TYPES = ['SetSpendingLimits', 'StartSelfExclusion', 'SetRealityCheck', 'AuthorizeDeposit', 'ReleaseDepositAuthorization'] as const;

export function isSaferPlayCommand(command: { type: string }): command is SaferPlayCommand {
  return (SAFER_PLAY_COMMAND_TYPES as readonly string[]).includes(command.type);
}
