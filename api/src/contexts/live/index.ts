/**
 * The live context as one module: each accepted bet's match stream `match-<betId>` (what the stats
 * providers saw, what players reported by hand, the tracker's suggestion), the ingest job, the
 * routes, /ws `join_match` → `match_update`. Its public API for other contexts: the tracked
 * timeline of a bet as trail entries, and the tracked verdict (for the admin's dispute view).
 */
import { actorOf, matchStreamId, type LiveEvent, type Suggestion } from '@wager/domain/live/index';
import type { AppDeps } from '../../deps.js';
import type { ContextModule } from '../../runtime/context.js';
import { LiveIngestJob } from './jobs.js';
import { liveLive } from './live.js';
import { liveTrackingReactor } from './reactors.js';
import { liveRoutes } from './routes.js';
import { liveTrail } from './trail.js';

export const liveContext: ContextModule = {
  name: 'live',
  routes: liveRoutes,
  reactors: (deps) => [liveTrackingReactor(deps)],
  jobs: (deps) => [new LiveIngestJob(deps)],
  live: liveLive,
  trail: liveTrail,
};

/** One entry of a bet's trail, as the admin's dispute view lists them. */
export interface LiveTrailEntry {
  readonly at: string;
  /** provider:cod | provider:fc25 | a user id | admin:<id> | system */
  readonly actor: string;
  readonly source: 'live';
  readonly type: LiveEvent['type'];
  readonly data: Record<string, unknown>;
}

export interface TrackedVerdict {
  /** The tracker's latest suggestion (null: no tracked match ended). */
  readonly suggestion: (Suggestion & { readonly matchId: string; readonly at: string }) | null;
  /** Reports that contradict it, by reporter. */
  readonly contradictions: readonly { readonly reporterId: string; readonly reported: 'won' | 'lost'; readonly at: string }[];
}

/** The most events of a match stream the trail reads (a match is tens to a few hundred). */
export const TRAIL_EVENTS_MAX = 5000;

/**
 * A bet's tracked timeline (every event of its match stream, oldest first, with who reported it
 * and when) and the tracked verdict, read from the event store (the record itself, not a read
 * model). Empty for a bet that was never tracked.
 */
export async function trackedTimeline(deps: Pick<AppDeps, 'store'>, betId: string): Promise<{ entries: LiveTrailEntry[]; verdict: TrackedVerdict }> {
  const recorded = await deps.store.readStream(matchStreamId(betId), { maxCount: TRAIL_EVENTS_MAX });
  const entries: LiveTrailEntry[] = [];
  let suggestion: TrackedVerdict['suggestion'] = null;
  const contradictions: TrackedVerdict['contradictions'][number][] = [];
  for (const r of recorded) {
    const event = { type: r.type, data: r.data } as LiveEvent;
    const { reporter, at, ...data } = event.data;
    entries.push({ at, actor: actorOf(reporter), source: 'live', type: event.type, data });
    if (event.type === 'ResultSuggested') suggestion = { ...event.data.suggestion, matchId: event.data.matchId, at: event.data.at };
    if (event.type === 'ReportContradictsTracker') contradictions.push({ reporterId: event.data.reporterId, reported: event.data.reported, at: event.data.at });
  }
  return { entries, verdict: { suggestion, contradictions } };
}
