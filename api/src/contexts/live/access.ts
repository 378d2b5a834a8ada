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

export interface LiveViewer {
  readonly userId: string;
  readonly isAdmin: boolean;
}

export async function moderatorOf(db: Kysely<Database>, betId: string): Promise<string | null> {
  return (await db.selectFrom('chats').select('moderator_id').where('bet_id', '=', betId).executeTakeFirst())?.moderator_id ?? null;
}

export async function maySeeMatch(db: Kysely<Database>, viewer: LiveViewer, match: Pick<LiveMatchRow, 'bet_id' | 'challenger_id' | 'opponent_id'>): Promise<boolean> {
  if (viewer.isAdmin || viewer.userId === match.challenger_id || viewer.userId === match.opponent_id) return true;
  return (await moderatorOf(db, match.bet_id)) === viewer.userId;
}

export const betNotFound = () => new NotFoundError(betMessages.betNotFound, { code: 'bet_not_found' });

/** The tracked match, if the viewer may see it; otherwise 404 'Bet Not Found'. */
export async function visibleMatch(db: Kysely<Database>, viewer: LiveViewer, betId: string): Promise<LiveMatchRow> {
  const match = await findLiveMatch(db, betId);
  if (!match || !(await maySeeMatch(db, viewer, match))) throw betNotFound();
  return match;
}
