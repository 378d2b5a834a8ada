/**
 * One provider match, one bet. A provider's match (its provider and match id) is claimed by a bet
 * on its own stream, `provider-match-<provider>-<matchId>`, before the bet records anything of it:
 * the first claim is appended with expected revision "no stream", so of two bets (or two pollers in
 * two processes) claiming the same match at once exactly one succeeds, and the other decides again
 * on the stream as it now stands and sees the owner. A bet records a match only while its claim
 * names it (IngestSnapshot `claimedByBet`). A claim the bet did not use after all (it was bound to
 * another match in the meantime) is released, so the match can go to the bet it belongs to.
 */
import type { GameType } from '../bets/rules.js';
import type { Command } from '../shared/command.js';
import { liveStepId } from './ids.js';

export const PROVIDER_MATCH_STREAM_TYPE = 'provider-match';
export const providerMatchStreamId = (provider: GameType, matchId: string): string => `${PROVIDER_MATCH_STREAM_TYPE}-${provider}-${matchId}`;

interface ClaimData {
  readonly provider: GameType;
  readonly matchId: string;
  readonly betId: string;
  readonly at: string;
}

export type ProviderMatchEvent =
  | { type: 'ProviderMatchClaimed'; data: ClaimData & { startTime: string } }
  | { type: 'ProviderMatchReleased'; data: ClaimData & { reason: 'bound_to_another_match' } };

export const PROVIDER_MATCH_EVENT_TYPES = ['ProviderMatchClaimed', 'ProviderMatchReleased'] as const satisfies readonly ProviderMatchEvent['type'][];

export type ClaimProviderMatch = Command<'ClaimProviderMatch', { provider: GameType; matchId: string; betId: string; startTime: string }>;
export type ReleaseProviderMatch = Command<'ReleaseProviderMatch', { provider: GameType; matchId: string; betId: string }>;
export type ProviderMatchCommand = ClaimProviderMatch | ReleaseProviderMatch;

/** Which bet the match belongs to now (null: nobody's). */
export interface ProviderMatchState {
  readonly owner: string | null;
}

export const initialProviderMatchState = (): ProviderMatchState => ({ owner: null });

export function evolveProviderMatch(state: ProviderMatchState, event: ProviderMatchEvent): ProviderMatchState {
  switch (event.type) {
    case 'ProviderMatchClaimed':
      return { owner: event.data.betId };
    case 'ProviderMatchReleased':
      return state.owner === event.data.betId ? { owner: null } : state;
  }
}

/** A claim succeeds only on a match nobody owns (its owner claiming again decides nothing); a release only by its owner. */
export function decideProviderMatch(command: ProviderMatchCommand, state: ProviderMatchState): ProviderMatchEvent[] {
  const d = command.data;
  const at = command.metadata.now.toISOString();
  switch (command.type) {
    case 'ClaimProviderMatch':
      return state.owner === null ? [{ type: 'ProviderMatchClaimed', data: { provider: d.provider, matchId: d.matchId, betId: d.betId, startTime: command.data.startTime, at } }] : [];
    case 'ReleaseProviderMatch':
      return state.owner === d.betId ? [{ type: 'ProviderMatchReleased', data: { provider: d.provider, matchId: d.matchId, betId: d.betId, at, reason: 'bound_to_another_match' } }] : [];
  }
}

/** Event ids: the stream's revision is part of them (a match released and claimed again gets a new claim). */
export const providerMatchEventId = (event: ProviderMatchEvent, revision: number): string =>
  liveStepId(PROVIDER_MATCH_STREAM_TYPE, event.data.provider, event.data.matchId, event.type, event.data.betId, String(revision));
