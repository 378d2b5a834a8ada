/**
 * Who hears of match streams over /ws: a bet's two players from the stream's first event
 * (grants), everyone's tracked matches at sign-in (streamsOf), and admins (everything). A socket
 * that sends `join_match {betId}` (a player, the bet's chat moderator, or an admin) follows
 * `match-<betId>` and receives `match_update {betId, data}` with the match as GET
 * /api/matches/:betId shows it, read once the read models committed the change.
 */
import { MATCH_STREAM_TYPE, matchStreamId, type LiveEvent } from '@wager/domain/live/index';
import { findBet } from '@wager/projections/bets/queries';
import { findLiveMatch, liveBetIdsOf } from '@wager/projections/live/queries';
import type { LiveRules, StreamGrant } from '../../runtime/visibility.js';
import { maySeeMatch } from './access.js';
import { toLiveMatchJson } from './views.js';

/** How many of a user's tracked matches a socket follows from the start (the newest). */
export const LIVE_MATCHES_PER_USER_MAX = 1000;

async function acceptedBetOf(db: Parameters<typeof findBet>[0], betId: string): Promise<{ bet_id: string; challenger_id: string; opponent_id: string } | null> {
  const bet = await findBet(db, betId);
  return bet && bet.opponent_id !== null && bet.status !== 'pending' ? { bet_id: bet.id, challenger_id: bet.challenger_id, opponent_id: bet.opponent_id } : null;
}

export function liveGrants(event: { streamId: string; type: string; data: unknown }): StreamGrant[] {
  if (event.type !== 'MatchTrackingStarted') return [];
  const d = event.data as Extract<LiveEvent, { type: 'MatchTrackingStarted' }>['data'];
  return [d.challenger.userId, d.opponent.userId].map((userId) => ({ userId, streamId: event.streamId }));
}

export const liveLive: LiveRules = {
  async streamsOf(db, userId) {
    return (await liveBetIdsOf(db, userId, LIVE_MATCHES_PER_USER_MAX)).map(matchStreamId);
  },
  grants: liveGrants,
  subscriptions: {
    async join_match(db, viewer, betId) {
      // Before the match stream is projected (its process manager runs after the acceptance), the
      // accepted bet's players may follow it already: its updates are sent once it is.
      const match = (await findLiveMatch(db, betId)) ?? (await acceptedBetOf(db, betId));
      return match && (await maySeeMatch(db, viewer, match)) ? matchStreamId(match.bet_id) : null;
    },
  },
  async outbound(db, event) {
    if (!event.streamId.startsWith(`${MATCH_STREAM_TYPE}-`)) return null;
    const betId = (event.data as { betId: string }).betId;
    const row = await findLiveMatch(db, betId);
    return row ? { type: 'match_update', betId, data: toLiveMatchJson(row) } : null;
  },
};
