/**
 * The ingest job: polls the stats providers for every tracked (accepted) bet and appends what is
 * new to its match stream (spec section 9: a COD bet's player feeds every 15 s, an FC25 bet's
 * tracking every 30 s; LIVE_COD_POLL_MS / LIVE_FC25_POLL_MS).
 *
 * - The provider's rate limit: each process spends at most MATCH_STATS_RATE_PER_MINUTE calls a
 *   minute per provider (a token bucket; a COD poll costs two calls, one per player), and a 429
 *   stops calls to that provider for its Retry-After.
 * - Backoff: a bet whose poll failed waits twice as long each time (up to POLL_BACKOFF_MAX_MS).
 * - One poller per bet across processes: a poll runs under the bet's advisory lock, and only
 *   after claiming the bet's poll slot for the interval in one statement on the shared counters
 *   table, so two processes neither poll a bet at once nor one after the other in one interval.
 * - No transaction is held across I/O: the provider is called outside any transaction, and what
 *   it showed is appended by the command pipeline afterwards (idempotent: a re-poll appends
 *   nothing, see domain/src/live).
 */
import type { GameType } from '@wager/domain/live/index';
import type { LiveMatchRow } from '@wager/projections/live/live.table';
import { openLiveMatches } from '@wager/projections/live/queries';
import { withAdvisoryLock } from '../../adapters/database/advisory-lock.js';
import { ProviderRateLimitedError, type MatchStatsProvider } from '../../adapters/match-stats/port.js';
import { matchStatsProviders } from '../../adapters/providers.js';
import type { AppDeps } from '../../deps.js';
import { IntervalJob } from '../../runtime/jobs.js';
import { ingestSnapshot } from './commands.js';
import { claimPollSlot } from './store.js';

export const LIVE_INGEST_TICK_MS = 1_000;
export const LIVE_INGEST_BATCH_MAX = 500;
export const POLL_BACKOFF_MAX_MS = 5 * 60_000;

type Providers = Partial<Record<GameType, MatchStatsProvider | null>>;

export interface TickReport {
  readonly polled: number;
  readonly appended: number;
  readonly failed: number;
  readonly skipped: number;
  /** What happened to each bet this pass: appended events, 'failed', or 'skipped' (not due, rate limit, another process). */
  readonly outcomes: ReadonlyMap<string, number | 'failed' | 'skipped'>;
}

export class LiveIngestJob extends IntervalJob {
  readonly name = 'live-ingest';
  /** Per bet: when this process may poll it next, and how many polls failed in a row. */
  private readonly schedule = new Map<string, { nextAt: number; failures: number }>();
  private readonly pausedUntil = new Map<GameType, number>();
  private readonly buckets = new Map<GameType, { tokens: number; at: number }>();

  constructor(
    private readonly deps: AppDeps,
    private readonly providers: () => Providers = () => matchStatsProviders(deps.config),
    tickMs = LIVE_INGEST_TICK_MS,
  ) {
    super(tickMs);
  }

  intervalOf(game: GameType): number {
    return game === 'cod' ? this.deps.config.LIVE_COD_POLL_MS : this.deps.config.LIVE_FC25_POLL_MS;
  }

  /** One pass over the tracked bets that are due. */
  async tick(): Promise<TickReport> {
    const report = { polled: 0, appended: 0, failed: 0, skipped: 0, outcomes: new Map<string, number | 'failed' | 'skipped'>() };
    const rows = await openLiveMatches(this.deps.db, LIVE_INGEST_BATCH_MAX);
    const open = new Set(rows.map((r) => r.bet_id));
    for (const betId of this.schedule.keys()) if (!open.has(betId)) this.schedule.delete(betId);
    let providers: Providers | null = null;
    for (const row of rows) {
      const game = row.game_type as GameType;
      const now = this.deps.clock.now().getTime();
      // A bet records one provider match; once it ended there is nothing more to poll for it.
      if (!row.challenger_handle || !row.opponent_handle || row.view.status === 'completed' || (this.schedule.get(row.bet_id)?.nextAt ?? 0) > now) continue;
      if ((this.pausedUntil.get(game) ?? 0) > now || !this.takeTokens(game, game === 'cod' ? 2 : 1, now)) {
        report.skipped++;
        report.outcomes.set(row.bet_id, 'skipped');
        continue;
      }
      providers ??= this.providers();
      const provider = providers[game];
      if (!provider) continue;
      const outcome = await withAdvisoryLock(this.deps.db, `live-poll:${row.bet_id}`, () => this.pollOne(row, provider, now));
      report.outcomes.set(row.bet_id, outcome === undefined || outcome === 'not-due' ? 'skipped' : outcome);
      if (outcome === undefined || outcome === 'not-due') report.skipped++;
      else if (outcome === 'failed') report.failed++;
      else {
        report.polled++;
        report.appended += outcome;
      }
    }
    return report;
  }

  /** Claims the bet's poll slot (shared by every process), asks the provider, appends what is new. */
  private async pollOne(row: LiveMatchRow, provider: MatchStatsProvider, now: number): Promise<number | 'failed' | 'not-due'> {
    const interval = this.intervalOf(provider.game);
    if (!(await claimPollSlot(this.deps.db, row.bet_id, interval, now))) {
      this.schedule.set(row.bet_id, { nextAt: now + interval, failures: 0 });
      return 'not-due';
    }
    try {
      const snapshot = await provider.snapshot({ challenger: row.challenger_handle!, opponent: row.opponent_handle! });
      const appended = snapshot ? await ingestSnapshot(this.deps, row.bet_id, provider.game, snapshot) : 0;
      this.schedule.set(row.bet_id, { nextAt: now + interval, failures: 0 });
      return appended;
    } catch (error) {
      if (error instanceof ProviderRateLimitedError) this.pausedUntil.set(provider.game, now + error.retryAfterMs);
      const failures = (this.schedule.get(row.bet_id)?.failures ?? 0) + 1;
      this.schedule.set(row.bet_id, { nextAt: now + Math.min(interval * 2 ** failures, POLL_BACKOFF_MAX_MS), failures });
      return 'failed';
    }
  }

  /** The per-process token bucket of a provider: MATCH_STATS_RATE_PER_MINUTE calls a minute. */
  private takeTokens(game: GameType, cost: number, now: number): boolean {
    const rate = this.deps.config.MATCH_STATS_RATE_PER_MINUTE;
    const bucket = this.buckets.get(game) ?? { tokens: rate, at: now };
    const tokens = Math.min(rate, bucket.tokens + ((now - bucket.at) / 60_000) * rate);
    if (tokens < cost) {
      this.buckets.set(game, { tokens, at: now });
      return false;
    }
    this.buckets.set(game, { tokens: tokens - cost, at: now });
    return true;
  }
}
