import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface LiveMatchEvent {
  id: string;
  type: string;
  minute: number;
  player: string;
  details: string;
  timestamp: string;
  side: 'challenger' | 'opponent' | null;
  source: string;
}
export interface PlayerStats {
  kills: number;
  deaths: number;
  assists: number;
  damage: number;
}
export interface TeamInfo {
  teamName: string;
  teamSize: number;
  players: string[];
}
export interface Suggestion {
  matchId: string;
  winnerId: string | null;
  basis: 'goals' | 'kills';
  challengerRaw: number;
  opponentRaw: number;
  handicap: number;
  challengerTotal: number;
  opponentTotal: number;
  at: string;
}

/** GET /api/matches/:betId: the spec's Live match, with the tracker's suggestion and manual events. */
export interface LiveMatch {
  betId: string;
  gameType: 'fc25' | 'cod';
  status: 'waiting' | 'in_progress' | 'completed' | 'paused';
  tracking: 'tracking' | 'closed';
  matchId: string | null;
  currentMinute: number;
  matchDuration: number | null;
  challengerScore: number;
  opponentScore: number;
  challengerKills: number;
  opponentKills: number;
  challengerDeaths: number;
  opponentDeaths: number;
  currentRound: number;
  totalRounds: number;
  possession: { challenger: number; opponent: number };
  events: LiveMatchEvent[];
  gameMode: string | null;
  map: string | null;
  startTime: string | null;
  challengerStats: PlayerStats | null;
  opponentStats: PlayerStats | null;
  teams: { challenger: TeamInfo | null; opponent: TeamInfo | null };
  manualEvents: { id: string; reporterId: string; eventType: string; data: Record<string, number>; at: string }[];
  suggestion: Suggestion | null;
  flags: { reporterId: string; reported: string; suggestedWinnerId: string | null; at: string }[];
  lastUpdate: string;
}

export interface CodPlayerLive {
  isLive: boolean;
  match: { matchId: string; gameMode: string | null; map: string | null; startTime: string | null; playerStats: PlayerStats; teamInfo: TeamInfo } | null;
}
export interface LiveTrackingRecord {
  matchId: string;
  gameMode: string | null;
  map: string | null;
  startTime: string;
}

/** Spec section 9: a player's feed every 15 s, a bet's tracking every 30 s (only while the socket is down). */
export const PLAYER_POLL_MS = 15_000;
export const TRACKING_POLL_MS = 30_000;

export const MANUAL_EVENT_TYPES = ['kill', 'death', 'assist', 'round_win', 'round_loss', 'match_start', 'match_end'] as const;
export type ManualEventType = (typeof MANUAL_EVENT_TYPES)[number];
/** The inputs each event type reveals (spec "Manual event card"). */
export const MANUAL_EVENT_FIELDS: Record<ManualEventType, readonly ('kills' | 'deaths' | 'assists' | 'round')[]> = {
  kill: ['kills', 'deaths', 'assists'],
  death: ['kills', 'deaths', 'assists'],
  assist: ['kills', 'deaths', 'assists'],
  round_win: ['round'],
  round_loss: ['round'],
  match_start: [],
  match_end: [],
};

/** Live reads keyed by API path (TkDodo); `poll` is the fallback interval, false while the socket is up. */
export const liveQueries = {
  matches: () => ['/api/matches'] as const,
  cod: () => ['/api/cod'] as const,
  match: (betId: string, poll: number | false = false) =>
    queryOptions({ queryKey: [...liveQueries.matches(), betId] as const, queryFn: () => apiRequest<LiveMatch>('GET', `/api/matches/${encodeURIComponent(betId)}`), retry: false, refetchInterval: poll }),
  tracking: (betId: string, poll: number | false = false) =>
    queryOptions({
      queryKey: [...liveQueries.cod(), 'bets', betId, 'live-tracking'] as const,
      queryFn: () => apiRequest<{ liveTracking: LiveTrackingRecord[] }>('GET', `/api/cod/bets/${encodeURIComponent(betId)}/live-tracking`),
      retry: false,
      refetchInterval: poll,
    }),
  player: (activisionId: string, poll: number | false = false) =>
    queryOptions({
      queryKey: [...liveQueries.cod(), 'player', activisionId] as const,
      queryFn: () => apiRequest<CodPlayerLive>('GET', `/api/cod/player/${encodeURIComponent(activisionId)}/live`),
      retry: false,
      refetchInterval: poll,
    }),
};

/** POST /api/cod/bets/:betId/report-event; the client key makes a double click one event. */
export function useReportEvent(betId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { eventType: ManualEventType; data: Record<string, number>; clientEventId: string }) => apiRequest<unknown>('POST', `/api/cod/bets/${encodeURIComponent(betId)}/report-event`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liveQueries.matches() }),
  });
}

/** Spec section 5: numeric fields parsed as integers, falling back to 0. */
export function parseEventNumber(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? n : 0;
}
