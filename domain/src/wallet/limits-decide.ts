import { Money, formatAmount } from '../money/money.js';
import { assert } from '../shared/errors.js';
import type { AuthorizeDeposit, ReleaseDepositAuthorization, SaferPlayCommand, SaferPlayEvent, SetRealityCheck, SetSpendingLimits, StartSelfExclusion, LimitKind } from './limits-events.js';
import { DEPOSIT_LIMIT_KINDS } from './limits-events.js';
import { LIMIT_RAISE_DELAY_MS, activeExclusion, depositedIn, exclusionEnd, exclusionKind, limitInForce, type SaferPlayState } from './limits.js';
import { DepositLimitExceededError, ExclusionActiveError, SelfExcludedError } from './limits-errors.js';

/** The safer-play part of the wallet decider: one small function per command. */
export function decideSaferPlay(command: SaferPlayCommand, state: SaferPlayState): SaferPlayEvent[] {
  const now = command.metadata.now;
  switch (command.type) {
    case 'SetSpendingLimits':
      return setSpendingLimits(command.data, now, state);
    case 'StartSelfExclusion':
      return startSelfExclusion(command.data, now, state);
    case 'SetRealityCheck':
      return setRealityCheck(command.data, now, state);
    case 'AuthorizeDeposit':
      return authorizeDeposit(command.data, now, state);
    case 'ReleaseDepositAuthorization':
      return releaseDepositAuthorization(command.data, now, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown safer-play command ${JSON.stringify(unknown)}`);
    }
  }
}

/** A lowering (a smaller amount, or a limit where there was none) protects the player: at once. */
function isLowering(value: string | null, inForce: string | null): boolean {
  return value !== null && (inForce === null || new Money(value).lt(inForce));
}

function sameLimit(a: string | null, b: string | null): boolean {
  return a === null || b === null ? a === b : new Money(a).eq(b);
}

/**
 * Each limit: a lowering applies now (and drops any pending raise); a raise or a removal is
 * pending for 24 h; asking for what is already in force cancels a pending raise; asking again
 * for the raise already pending changes nothing (its clock does not restart).
 */
function setSpendingLimits(c: SetSpendingLimits['data'], now: Date, state: SaferPlayState): SaferPlayEvent[] {
  const events: SaferPlayEvent[] = [];
  for (const [kind, value] of Object.entries(c.limits) as [LimitKind, string | null][]) {
    if (value !== null) assert(new Money(value).gt(0) && new Money(value).decimalPlaces() <= 2, `limit must be a positive 2-decimal amount (got ${value})`);
    const setting = state.limits[kind];
    const inForce = limitInForce(setting, now, kind === 'stakeDaily' ? formatAmount(c.stakeDailyDefault) : null);
    const pending = setting?.pending && now.getTime() < Date.parse(setting.pending.effectiveAt) ? setting.pending : null;
    const base = { userId: c.userId, limit: kind, value: value === null ? null : formatAmount(value), previous: inForce, currency: c.currency, changedAt: now.toISOString() };
    if (sameLimit(value, inForce)) {
      if (pending) events.push({ type: 'SpendingLimitChanged', data: { ...base, status: 'applied', effectiveAt: now.toISOString() } });
      continue;
    }
    if (isLowering(value, inForce)) {
      events.push({ type: 'SpendingLimitChanged', data: { ...base, status: 'applied', effectiveAt: now.toISOString() } });
      continue;
    }
    if (pending && sameLimit(value, pending.value)) continue;
    events.push({ type: 'SpendingLimitChanged', data: { ...base, status: 'pending', effectiveAt: new Date(now.getTime() + LIMIT_RAISE_DELAY_MS).toISOString() } });
  }
  return events;
}

/** Starts a cool-off or self-exclusion; one in force can only be lengthened, never shortened or ended. */
function startSelfExclusion(c: StartSelfExclusion['data'], now: Date, state: SaferPlayState): SaferPlayEvent[] {
  const until = exclusionEnd(now, c.period);
  const current = activeExclusion(state, now);
  if (current && Date.parse(current.until) >= until.getTime()) throw new ExclusionActiveError({ kind: current.kind, until: current.until });
  return [{ type: 'SelfExclusionStarted', data: { userId: c.userId, period: c.period, kind: exclusionKind(c.period), startedAt: now.toISOString(), until: until.toISOString() } }];
}

function setRealityCheck(c: SetRealityCheck['data'], now: Date, state: SaferPlayState): SaferPlayEvent[] {
  if (state.realityCheckMinutes === c.intervalMinutes) return [];
  return [{ type: 'RealityCheckSet', data: { userId: c.userId, intervalMinutes: c.intervalMinutes, setAt: now.toISOString() } }];
}

/** Refused while a cool-off or self-exclusion runs: used by deposits and stake locks alike. */
export function assertNotExcluded(state: SaferPlayState, now: Date, action: 'deposit' | 'stake'): void {
  const exclusion = activeExclusion(state, now);
  if (exclusion) throw new SelfExcludedError({ kind: exclusion.kind, until: exclusion.until, action });
}

/**
 * Counts a deposit against the player's daily, weekly and monthly limits before the provider is
 * asked for a checkout; refused while excluded or when any limit in force would be passed.
 * Authorizing the same deposit again decides nothing.
 */
function authorizeDeposit(c: AuthorizeDeposit['data'], now: Date, state: SaferPlayState): SaferPlayEvent[] {
  if (state.deposits[c.depositId]) return [];
  assertNotExcluded(state, now, 'deposit');
  const amount = new Money(c.amount);
  assert(amount.gt(0) && amount.decimalPlaces() <= 2, `deposit amount must be a positive 2-decimal amount (got ${c.amount})`);
  for (const kind of DEPOSIT_LIMIT_KINDS) {
    const limit = limitInForce(state.limits[kind], now, null);
    if (limit === null) continue;
    const used = depositedIn(state, kind, now, c.timeZone);
    if (used.plus(amount).gt(limit)) {
      const remaining = Money.max(0, new Money(limit).minus(used));
      throw new DepositLimitExceededError({ limit: kind, limitAmount: formatAmount(limit), used: formatAmount(used), remaining: formatAmount(remaining), requested: formatAmount(amount), currency: c.currency });
    }
  }
  return [{ type: 'DepositAuthorized', data: { userId: c.userId, depositId: c.depositId, provider: c.provider, amount: formatAmount(amount), currency: c.currency, authorizedAt: now.toISOString() } }];
}

function releaseDepositAuthorization(c: ReleaseDepositAuthorization['data'], now: Date, state: SaferPlayState): SaferPlayEvent[] {
  const d = state.deposits[c.depositId];
  if (!d || !d.counted || d.credited) return [];
  return [{ type: 'DepositAuthorizationReleased', data: { userId: c.userId, depositId: c.depositId, reason: c.reason, releasedAt: now.toISOString() } }];
}
