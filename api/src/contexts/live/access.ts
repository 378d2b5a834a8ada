/**
 * Who may see a bet's tracked match: its two players, its chat's moderator, and admins (issue:
 * "for the bet's players, its moderator and admins only"). Anyone else is told the bet does not
 * exist, never that it is someone else's.
 */
import type { Kysely } from 'kysely';
import { NotFoundError } from '@wager/domain';
import { betMessages } from '@wager/domain/bets/index';
import type { Database } from '@wager/projections';
import type { LiveMatchRow } from '@wager/projections/live/live.table';
import { findLiveMatch } from '@wager/projections/live/queries';
import { findChatByBetId } from '@wager/projections/chat/queries';
import { liveMatchRowOf } from '@wager/projections/live/live.projector';
import { emptyView } from '@wager/projections/live/view';
import { matchStreamId } from '@wager/domain/live/index';
import type { AppDeps } from '../../deps.js';
import { recordedBet } from '../bets/index.js';
import { trackedRulesOf } from './reactors.js';

export interface LiveViewer {
  readonly userId: string;
  readonly isAdmin: boolean;
}

export async function moderatorOf(db: Kysely<Database>, betId: string): Promise<string | null> {
  return (await findChatByBetId(db, betId))?.moderator_id ?? null;
}

export async function maySeeMatch(db: Kysely<Database>, viewer: LiveViewer, match: Pick<LiveMatchRow, 'bet_id' | 'challenger_id' | 'opponent_id'>): Promise<boolean> {
  if (viewer.isAdmin || viewer.userId === match.challenger_id || viewer.userId === match.opponent_id) return true;
  return (await moderatorOf(db, match.bet_id)) === viewer.userId;
}

/** The most events of a match stream a read folds (a match is tens to a few hundred). */
export const MATCH_EVENTS_READ_MAX = 5000;

export const betNotFound = () => new NotFoundError(betMessages.betNotFound, { code: 'bet_not_found' });

/** The tracked match, if the viewer may see it; otherwise 404 'Bet Not Found'. */
export async function visibleMatch(deps: Pick<AppDeps, 'db' | 'store'>, viewer: LiveViewer, betId: string): Promise<LiveMatchRow> {
  const match = (await findLiveMatch(deps.db, betId)) ?? (await recordedMatch(deps, betId));
  if (!match || !(await maySeeMatch(deps.db, viewer, match))) throw betNotFound();
  return match;
}

/**
 * The match as the log holds it when `live_matches` has no row for it yet (issue #22: the match
 * stream is opened by a process manager after the acceptance, and projected after that; a read
 * must not deny what is recorded). The match stream folded as the projector folds it, or, before
 * the stream is opened, the state the bet's acceptance implies: waiting for the match, tracking
 * while the bet is accepted. Null when the log holds no accepted bet of that id.
 */
export async function recordedMatch(deps: Pick<AppDeps, 'store'>, betId: string): Promise<LiveMatchRow | null> {
  const row = liveMatchRowOf(await deps.store.readStream(matchStreamId(betId), { maxCount: MATCH_EVENTS_READ_MAX }));
  if (row) return row;
  const bet = await recordedBet(deps, betId);
  if (!bet || bet.state.opponentId === null || bet.acceptedAt === null) return null;
  const rules = trackedRulesOf(bet.created);
  return {
    bet_id: betId,
    game_type: bet.created.gameType,
    challenger_id: bet.created.challengerId,
    opponent_id: bet.state.opponentId,
    challenger_handle: null,
    opponent_handle: null,
    tracking: bet.state.status === 'accepted' ? 'tracking' : 'closed',
    view: emptyView(rules.handicap, rules.matchDuration, rules.roundLimit ?? 0),
    last_update: new Date(bet.acceptedAt),
    revision: -1,
  };
}
