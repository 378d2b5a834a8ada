import type { ColumnType, Selectable } from 'kysely';
import type { PoolGameweekScore } from '@wager/domain/pools/events';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** numeric(20,2): written and read as decimal strings. */
type Amount = ColumnType<string, string, string>;

/** One row per pool, projected from `pool-<id>`; `revision` is the last applied stream revision. */
export interface FplPoolsTable {
  id: string;
  name: string;
  description: string | null;
  creator_id: string;
  entry_fee: Amount;
  fee_amount: Amount;
  currency: string;
  /** Entry fees paid in (fees excluded): what the winners share. */
  pot_amount: Amount;
  participant_count: number;
  max_participants: number;
  duration_weeks: number;
  start_gameweek: number;
  end_gameweek: number;
  /** open | ongoing | completed | cancelled */
  status: string;
  invite_code: string;
  is_private: boolean;
  first_deadline_at: Timestamp;
  tie_rule: string;
  standings_through: number | null;
  winning_points: number | null;
  cancel_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  revision: number;
}
export type FplPoolRow = Selectable<FplPoolsTable>;

/** One row per entry; total_points are the live standings (then the final ones). */
export interface FplPoolParticipantsTable {
  pool_id: string;
  user_id: string;
  id: string;
  fpl_team_id: number;
  fpl_team_name: string;
  total_points: number;
  paid: Amount;
  payout: ColumnType<string | null, string | null | undefined, string | null>;
  /** Points per gameweek of the window so far, ascending (issue #29); `[]` before any standings that carry them. */
  gameweek_points: ColumnType<PoolGameweekScore[], string | undefined, string>;
  joined_at: Timestamp;
}
export type FplPoolParticipantRow = Selectable<FplPoolParticipantsTable>;
