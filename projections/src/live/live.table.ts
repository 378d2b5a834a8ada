import type { ColumnType, JSONColumnType, Selectable } from 'kysely';
import type { LiveView } from './view.js';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/**
 * One row per tracked bet, projected from `match-<betId>`: who plays (and their provider
 * handles, for GET /api/cod/player/:activisionId/live), whether tracking is open, and the
 * screen's view of the match (spec section 3 Live match / COD live match) as one document.
 * `revision` is the last applied stream revision.
 */
export interface LiveMatchesTable {
  bet_id: string;
  game_type: string;
  challenger_id: string;
  opponent_id: string;
  challenger_handle: string | null;
  opponent_handle: string | null;
  /** 'tracking' while the bet is accepted; 'finishing' after a dispute until the match being played ends; then 'closed'. */
  tracking: string;
  view: JSONColumnType<LiveView, string, string>;
  last_update: Timestamp;
  revision: number;
}
export type LiveMatchRow = Selectable<LiveMatchesTable>;
