import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CodPlayerLiveView, LiveMatchEventView, LiveMatchView, LiveTrackingRecordView, LiveTrackingView, PlayerStatsView, ReportEventInput, ReportedEventView, SuggestionView, TeamInfoView } from '@wager/domain/contracts/live';
import { MANUAL_EVENT_TYPES, type ManualEventType } from '@wager/domain/live/events';
import { MANUAL_EVENT_FIELDS } from '@wager/domain/live/rules';
import { apiRequest } from '../../../lib/api-client';

/** The live API's shapes are its contract's (`@wager/domain/contracts/live`); these names are the screens'. */
export type LiveMatchEvent = LiveMatchEventView;
export type PlayerStats = PlayerStatsView;
export type TeamInfo = TeamInfoView;
export type Suggestion = SuggestionView;
/** GET /api/matches/:betId: the spec's Live match, with the tracker's suggestion and manual events. */
export type LiveMatch = LiveMatchView;
export type CodPlayerLive = CodPlayerLiveView;
export type LiveTrackingRecord = LiveTrackingRecordView;

/** Spec section 9: a player's feed every 15 s, a bet's tracking every 30 s (only while the socket is down). */
export const PLAYER_POLL_MS = 15_000;
export const TRACKING_POLL_MS = 30_000;

export { MANUAL_EVENT_FIELDS, MANUAL_EVENT_TYPES, type ManualEventType };

/** Live reads keyed by API path (TkDodo); `poll` is the fallback interval, false while the socket is up. */
export const liveQueries = {
  matches: () => ['/api/matches'] as const,
  cod: () => ['/api/cod'] as const,
  match: (betId: string, poll: number | false = false) =>
    queryOptions({ queryKey: [...liveQueries.matches(), betId] as const, queryFn: () => apiRequest<LiveMatch>('GET', `/api/matches/${encodeURIComponent(betId)}`), retry: false, refetchInterval: poll }),
  tracking: (betId: string, poll: number | false = false) =>
    queryOptions({
      queryKey: [...liveQueries.cod(), 'bets', betId, 'live-tracking'] as const,
      queryFn: () => apiRequest<LiveTrackingView>('GET', `/api/cod/bets/${encodeURIComponent(betId)}/live-tracking`),
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
    mutationFn: (input: ReportEventInput) => apiRequest<ReportedEventView>('POST', `/api/cod/bets/${encodeURIComponent(betId)}/report-event`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liveQueries.matches() }),
  });
}

/** Spec section 5: numeric fields parsed as integers, falling back to 0. */
export function parseEventNumber(text: string): number {
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) ? n : 0;
}
