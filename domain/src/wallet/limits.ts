import { Money, ZERO, formatAmount } from '../money/money.js';
import { ValidationError } from '../shared/errors.js';
import { readAmount } from '../money/amount.js';
import { USD_RATES } from '../bets/rules.js';
import { addMonths, windowKeys, type WindowKeys } from './limits-windows.js';
import { DEPOSIT_LIMIT_KINDS, EXCLUSION_PERIODS, LIMIT_KINDS, type DepositLimitKind, type ExclusionKind, type ExclusionPeriod, type LimitKind, type SaferPlayEvent } from './limits-events.js';

/** A raise (or a removal) waits this long; a lowering applies at once. */
export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;
export const COOL_OFF_PERIODS: readonly ExclusionPeriod[] = ['24h', '7d', '30d'];
export const REALITY_CHECK_MINUTES_MIN = 5;
export const REALITY_CHECK_MINUTES_MAX = 1440;
/** Counted deposits older than this are dropped from the state: no window reaches back further. */
const DEPOSIT_MEMORY_MS = 40 * 24 * 60 * 60 * 1000;

export interface LimitSetting {
  /** In force (null = no limit) … */
  readonly inForce: string | null;
  /** … until this raise or removal takes over at `effectiveAt`. */
  readonly pending: { readonly value: string | null; readonly effectiveAt: string } | null;
}
export interface CountedDeposit {
  readonly amount: string;
  readonly at: string;
  /** false once released (failed, abandoned, expired); true again if it is credited after all. */
  readonly counted: boolean;
  /** The money arrived: it counts for good. */
  readonly credited: boolean;
}
export interface SaferPlayState {
  /** A limit never set is absent: deposit limits then have none, the stake limit the platform default. */
  readonly limits: Partial<Readonly<Record<LimitKind, LimitSetting>>>;
  readonly exclusion: { readonly kind: ExclusionKind; readonly period: ExclusionPeriod; readonly until: string } | null;
  readonly realityCheckMinutes: number | null;
  readonly deposits: Readonly<Record<string, CountedDeposit>>;
}

export function initialSaferPlay(): SaferPlayState {
  return { limits: {}, exclusion: null, realityCheckMinutes: null, deposits: {} };
}

export function exclusionKind(period: ExclusionPeriod): ExclusionKind {
  return COOL_OFF_PERIODS.includes(period) ? 'cool_off' : 'self_exclusion';
}

const HOUR = 60 * 60 * 1000;
export function exclusionEnd(start: Date, period: ExclusionPeriod): Date {
  switch (period) {
    case '24h': return new Date(start.getTime() + 24 * HOUR);
    case '7d': return new Date(start.getTime() + 7 * 24 * HOUR);
    case '30d': return new Date(start.getTime() + 30 * 24 * HOUR);
    case '6m': return addMonths(start, 6);
    case '1y': return addMonths(start, 12);
    case '5y': return addMonths(start, 60);
  }
}

/** The limit in force at `now`: a pending raise takes over at its exact effective time. */
export function limitInForce(setting: LimitSetting | undefined, now: Date, fallback: string | null): string | null {
  if (!setting) return fallback;
  if (setting.pending && now.getTime() >= Date.parse(setting.pending.effectiveAt)) return setting.pending.value;
  return setting.inForce;
}

export function activeExclusion(state: SaferPlayState, now: Date): SaferPlayState['exclusion'] {
  return state.exclusion && now.getTime() < Date.parse(state.exclusion.until) ? state.exclusion : null;
}

const WINDOW_OF: Record<DepositLimitKind, keyof WindowKeys> = { depositDaily: 'day', depositWeekly: 'week', depositMonthly: 'month' };

/** The deposits counted in the player's current day, week or month. */
export function depositedIn(state: SaferPlayState, kind: DepositLimitKind, now: Date, timeZone: string): Money {
  const window = WINDOW_OF[kind];
  const current = windowKeys(now, timeZone)[window];
  return Object.values(state.deposits)
    .filter((d) => d.counted && windowKeys(new Date(d.at), timeZone)[window] === current)
    .reduce((sum, d) => sum.plus(d.amount), ZERO);
}

/** A crypto deposit's USD value in the wallet currency, at the spec's fixed rates (section 9). */
export function usdInWalletCurrency(usd: Money | string, currency: string): Money {
  const rate = USD_RATES[currency as keyof typeof USD_RATES];
  if (!rate) throw new Error(`No fixed rate for ${currency}`);
  return new Money(usd).mul(rate).toDecimalPlaces(2, Money.ROUND_UP);
}

function countDeposit(state: SaferPlayState, depositId: string, amount: string, at: string, credited: boolean): SaferPlayState {
  const horizon = Date.parse(at) - DEPOSIT_MEMORY_MS;
  const kept = Object.fromEntries(Object.entries(state.deposits).filter(([, d]) => Date.parse(d.at) >= horizon));
  return { ...state, deposits: { ...kept, [depositId]: { amount, at, counted: true, credited } } };
}

/** Folds the safer-play events, and the money events that count towards a deposit limit. */
export function evolveSaferPlay(state: SaferPlayState, event: SaferPlayEvent | { type: string; data: unknown }): SaferPlayState {
  const e = event as SaferPlayEvent | { type: 'DepositCredited'; data: { depositId: string; amount: string; creditedAt: string } } | { type: 'CryptoDepositCredited'; data: { depositId: string } };
  switch (e.type) {
    case 'SpendingLimitChanged': {
      const d = e.data;
      const setting: LimitSetting = d.status === 'applied' ? { inForce: d.value, pending: null } : { inForce: d.previous, pending: { value: d.value, effectiveAt: d.effectiveAt } };
      return { ...state, limits: { ...state.limits, [d.limit]: setting } };
    }
    case 'SelfExclusionStarted':
      return { ...state, exclusion: { kind: e.data.kind, period: e.data.period, until: e.data.until } };
    case 'RealityCheckSet':
      return { ...state, realityCheckMinutes: e.data.intervalMinutes };
    case 'DepositAuthorized':
      return countDeposit(state, e.data.depositId, e.data.amount, e.data.authorizedAt, false);
    case 'DepositAuthorizationReleased': {
      const d = state.deposits[e.data.depositId];
      return d ? { ...state, deposits: { ...state.deposits, [e.data.depositId]: { ...d, counted: false } } } : state;
    }
    case 'DepositCredited': {
      // Money that arrived always counts: at its authorization time, or (no authorization: a
      // deposit begun before limits existed) at its credit time.
      const d = state.deposits[e.data.depositId];
      if (d) return { ...state, deposits: { ...state.deposits, [e.data.depositId]: { ...d, counted: true, credited: true } } };
      return countDeposit(state, e.data.depositId, e.data.amount, e.data.creditedAt, true);
    }
    case 'CryptoDepositCredited': {
      const d = state.deposits[e.data.depositId];
      return d ? { ...state, deposits: { ...state.deposits, [e.data.depositId]: { ...d, counted: true, credited: true } } } : state;
    }
    default:
      return state;
  }
}

export interface LimitView {
  readonly inForce: string | null;
  readonly pending: { readonly value: string | null; readonly effectiveAt: string } | null;
  /** Counted in the current window (deposits, or stakes + fees for stakeDaily). */
  readonly used: string;
  /** null when there is no limit. */
  readonly remaining: string | null;
}
export interface SaferPlayView {
  readonly currency: string;
  readonly timeZone: string;
  readonly limits: Readonly<Record<LimitKind, LimitView>>;
  readonly exclusion: { readonly kind: ExclusionKind; readonly period: ExclusionPeriod; readonly until: string } | null;
  readonly selfExcludedUntil: string | null;
  readonly coolOffUntil: string | null;
  readonly realityCheckMinutes: number | null;
}

/** What the player sees at `now`: each limit in force, a pending raise with its time, what is left. */
export function saferPlayView(state: SaferPlayState, input: { now: Date; timeZone: string; currency: string; stakeDailyDefault: string; stakedToday: Money }): SaferPlayView {
  const { now } = input;
  const view = (kind: LimitKind): LimitView => {
    const setting = state.limits[kind];
    const inForce = limitInForce(setting, now, kind === 'stakeDaily' ? formatAmount(input.stakeDailyDefault) : null);
    const pending = setting?.pending && now.getTime() < Date.parse(setting.pending.effectiveAt) ? setting.pending : null;
    const used = kind === 'stakeDaily' ? input.stakedToday : depositedIn(state, kind, now, input.timeZone);
    return { inForce, pending, used: formatAmount(used), remaining: inForce === null ? null : formatAmount(Money.max(ZERO, new Money(inForce).minus(used))) };
  };
  const exclusion = activeExclusion(state, now);
  return {
    currency: input.currency,
    timeZone: input.timeZone,
    limits: Object.fromEntries(LIMIT_KINDS.map((k) => [k, view(k)])) as Record<LimitKind, LimitView>,
    exclusion,
    selfExcludedUntil: exclusion?.kind === 'self_exclusion' ? exclusion.until : null,
    coolOffUntil: exclusion?.kind === 'cool_off' ? exclusion.until : null,
    realityCheckMinutes: state.realityCheckMinutes,
  };
}

/** PUT /api/user/limits body: each field optional; an amount (string or number) sets, null removes. */
export function parseLimitChanges(body: Partial<Record<string, unknown>>): Partial<Record<LimitKind, string | null>> {
  const changes: Partial<Record<LimitKind, string | null>> = {};
  for (const kind of LIMIT_KINDS) {
    if (!(kind in body) || body[kind] === undefined) continue;
    const value = body[kind];
    changes[kind] = value === null ? null : formatAmount(readAmount(value, { label: LIMIT_LABELS[kind] }));
  }
  if (Object.keys(changes).length === 0) throw new ValidationError('Give at least one limit to change', { code: 'no_limit_given' });
  return changes;
}
export const LIMIT_LABELS: Record<LimitKind, string> = { depositDaily: 'Daily deposit limit', depositWeekly: 'Weekly deposit limit', depositMonthly: 'Monthly deposit limit', stakeDaily: 'Daily stake limit' };

export function parseExclusionPeriod(value: unknown): ExclusionPeriod {
  if (typeof value !== 'string' || !(EXCLUSION_PERIODS as readonly string[]).includes(value)) {
    throw new ValidationError('Period must be one of 24h, 7d, 30d, 6m, 1y, 5y', { code: 'invalid_exclusion_period' });
  }
  return value as ExclusionPeriod;
}

export function parseRealityCheckMinutes(value: unknown): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < REALITY_CHECK_MINUTES_MIN || value > REALITY_CHECK_MINUTES_MAX) {
    throw new ValidationError(`Interval must be a whole number of minutes from ${REALITY_CHECK_MINUTES_MIN} to ${REALITY_CHECK_MINUTES_MAX}, or null to turn it off`, {
      code: 'invalid_reality_check',
      params: { min: REALITY_CHECK_MINUTES_MIN, max: REALITY_CHECK_MINUTES_MAX },
    });
  }
  return value;
}
