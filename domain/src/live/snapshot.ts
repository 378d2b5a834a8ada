/**
 * What a stats provider shows of a bet's match at one poll, in the bet's terms (challenger and
 * opponent; the api adapters map the provider's players onto them), and the observations it is
 * made of. Each observation has a key naming what was seen (the provider's match id and event id,
 * the minute reached, the stats reached), so seeing it again on the next poll is recognised and
 * appends nothing.
 */
import type { PlayerStats, Side, TeamInfo } from './events.js';

export type SnapshotStatus = 'waiting' | 'in_progress' | 'paused' | 'completed';

export interface SnapshotEvent {
  /** The provider's id of the event within its match. */
  readonly id: string;
  readonly type: 'match_start' | 'goal' | 'half_time' | 'full_time' | 'round_won';
  readonly minute: number;
  readonly side: Side | null;
  readonly player: string | null;
  readonly round: number | null;
}

export interface MatchSnapshot {
  readonly matchId: string;
  readonly status: SnapshotStatus;
  readonly minute: number;
  readonly startTime: string;
  readonly gameMode: string | null;
  readonly map: string | null;
  /** Goals (fc25) or rounds won (cod). */
  readonly score: { readonly challenger: number; readonly opponent: number };
  /** Cod: each side's cumulative stats, when the provider showed them. */
  readonly stats: { readonly challenger: PlayerStats | null; readonly opponent: PlayerStats | null };
  readonly possession: { readonly challenger: number; readonly opponent: number } | null;
  readonly teams: { readonly challenger: TeamInfo | null; readonly opponent: TeamInfo | null };
  readonly events: readonly SnapshotEvent[];
}

export type Observation =
  | { readonly key: string; readonly kind: 'started' }
  | { readonly key: string; readonly kind: 'progress' }
  | { readonly key: string; readonly kind: 'event'; readonly event: SnapshotEvent }
  | { readonly key: string; readonly kind: 'stats'; readonly side: Side; readonly stats: PlayerStats }
  | { readonly key: string; readonly kind: 'ended' };

const SIDES: readonly Side[] = ['challenger', 'opponent'];

/** The observations of a snapshot, in the order they happened; keys are unique within it. */
export function observationsOf(s: MatchSnapshot): Observation[] {
  if (s.status === 'waiting') return [];
  const m = s.matchId;
  const out: Observation[] = [{ key: `${m}/started`, kind: 'started' }];
  const events = [...s.events].sort((a, b) => a.minute - b.minute);
  for (const event of events) out.push({ key: `${m}/event/${event.id}`, kind: 'event', event });
  for (const side of SIDES) {
    const stats = s.stats[side];
    if (stats) out.push({ key: `${m}/stats/${side}/${stats.kills}/${stats.deaths}/${stats.assists}/${stats.damage}`, kind: 'stats', side, stats });
  }
  if (s.status !== 'completed') out.push({ key: `${m}/progress/${s.status}/${s.minute}`, kind: 'progress' });
  else out.push({ key: `${m}/ended`, kind: 'ended' });
  return dedupe(out);
}

function dedupe(observations: Observation[]): Observation[] {
  const seen = new Set<string>();
  return observations.filter((o) => !seen.has(o.key) && (seen.add(o.key), true));
}
