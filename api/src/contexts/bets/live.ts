/**
 * Who hears of the bets context's streams over /ws: a bet's challenger, its invited opponent and
 * its opponent hear of `bet-<id>` (a bet's chat is the chat context's). Decided once per socket (streamsOf) and kept current by the events that add
 * people (grants), never by a query per event.
 */
import { parseStreamId } from '@wager/domain';
import { betIdsOfUser, findBetSides, openPublicChallengeIds } from '@wager/projections/bets/queries';
import type { LiveEvent, LiveRules, StreamGrant } from '../../runtime/visibility.js';

/** How many of a user's bets a socket follows from the start (the newest; later ones arrive by grants). */
export const LIVE_BETS_PER_USER_MAX = 1000;

interface BetCreatedData {
  readonly betId: string;
  readonly challengerId: string;
  readonly invitedOpponentId: string | null;
}

function grants(event: { streamId: string; type: string; data: unknown }): StreamGrant[] {
  switch (event.type) {
    case 'BetCreated': {
      const d = event.data as BetCreatedData;
      return [d.challengerId, d.invitedOpponentId].filter((u): u is string => u !== null).map((userId) => ({ userId, streamId: event.streamId }));
    }
    case 'BetAccepted':
      return [{ userId: (event.data as { opponentId: string }).opponentId, streamId: event.streamId }];
    default:
      return [];
  }
}

/** The most open public challenges one process tracks for the marketplace's live list. */
export const OPEN_PUBLIC_CHALLENGES_TRACKED_MAX = 10_000;
const ENDS_OF_AN_OPEN_CHALLENGE = new Set(['BetAccepted', 'BetCancelled', 'BetExpired']);

/**
 * The marketplace lists open public challenges to everyone, so everyone signed in hears when one
 * opens or closes (the change only; a bet's later events stay with its players). The open ones
 * are remembered from their BetCreated, and loaded once at start.
 */
function openPublicChallenges() {
  const open = new Set<string>();
  return {
    async warmUp(db: Parameters<NonNullable<LiveRules['streamsOf']>>[0]) {
      for (const betId of await openPublicChallengeIds(db, OPEN_PUBLIC_CHALLENGES_TRACKED_MAX)) open.add(betId);
    },
    includes(event: LiveEvent) {
      const betId = parseStreamId(event.streamId).id;
      if (event.type === 'BetCreated') {
        const isPublic = (event.data as { visibility?: string }).visibility === 'public';
        if (isPublic && open.size < OPEN_PUBLIC_CHALLENGES_TRACKED_MAX) open.add(betId);
        return isPublic;
      }
      return ENDS_OF_AN_OPEN_CHALLENGE.has(event.type) && open.delete(betId);
    },
  };
}

export const betsLive: LiveRules = {
  broadcasts: openPublicChallenges(),
  async streamsOf(db, userId) {
    return (await betIdsOfUser(db, userId, LIVE_BETS_PER_USER_MAX)).map((betId) => `bet-${betId}`);
  },
  grants,
  subscriptions: {
    async join_match(db, viewer, betId) {
      const bet = await findBetSides(db, betId);
      const mayFollow = bet && (viewer.isAdmin || bet.challenger_id === viewer.userId || bet.opponent_id === viewer.userId);
      return mayFollow ? `bet-${bet.id}` : null;
    },
  },
};

