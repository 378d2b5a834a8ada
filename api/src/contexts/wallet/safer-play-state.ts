import { formatAmount } from '@wager/domain/money/index';
import { activeExclusion, initialSaferPlay, limitInForce, type ExclusionPeriod } from '@wager/domain/wallet/index';
import { findSaferPlay } from '@wager/projections/wallet/queries';
import type { AppDeps } from '../../deps.js';

export interface SaferPlayStateJson {
  /** The daily stake limit in force (the platform default until the player sets one); null = none. */
  readonly dailyLimit: string | null;
  readonly selfExcludedUntil: string | null;
  readonly coolOffUntil: string | null;
  readonly realityCheckMinutes: number | null;
}

/**
 * The safer-play fields of the user JSON (and the admin's user view), from the
 * `wallet_safer_play` read model; pending raises and exclusions are judged against the clock.
 */
export async function saferPlayStateFor(deps: Pick<AppDeps, 'db' | 'config' | 'clock'>, userId: string): Promise<SaferPlayStateJson> {
  const row = await findSaferPlay(deps.db, userId);
  const now = deps.clock.now();
  const state = {
    ...initialSaferPlay(),
    limits: row?.limits ?? {},
    exclusion: row?.exclusion_kind && row.exclusion_until ? { kind: row.exclusion_kind as 'cool_off' | 'self_exclusion', period: row.exclusion_period as ExclusionPeriod, until: row.exclusion_until.toISOString() } : null,
  };
  const exclusion = activeExclusion(state, now);
  return {
    dailyLimit: limitInForce(state.limits.stakeDaily, now, formatAmount(deps.config.DAILY_LIMIT_DEFAULT)),
    selfExcludedUntil: exclusion?.kind === 'self_exclusion' ? exclusion.until : null,
    coolOffUntil: exclusion?.kind === 'cool_off' ? exclusion.until : null,
    realityCheckMinutes: row?.reality_check_minutes ?? null,
  };
}
