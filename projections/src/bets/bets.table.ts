import type { ColumnType, Insertable, JSONColumnType, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric(20,2): written and read as decimal strings. */
type Amount = ColumnType<string, string, string>;

export interface EvidenceRow {
  sha256: string;
  contentType: string;
  sizeBytes: number;
  filename: string;
}

/** One row per bet, projected from `bet-<id>`; `revision` is the last applied stream revision. */
export interface BetsTable {
  id: string;
  game_type: string;
  amount: Amount;
  fee_amount: Amount;
  currency: string;
  status: string;
  challenger_id: string;
  invited_opponent_id: string | null;
  opponent_id: string | null;
  actual_winner: string | null;
  challenger_result: string | null;
  opponent_result: string | null;
  challenger_evidence: JSONColumnType<EvidenceRow[], string | undefined, string>;
  opponent_evidence: JSONColumnType<EvidenceRow[], string | undefined, string>;
  dispute_reason: string | null;
  invite_link_id: string;
  visibility: string;
  platform_username: string | null;
  match_rules: JSONColumnType<Record<string, boolean>, string, string>;
  custom_rules_enabled: boolean;
  rules: JSONColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Pending: the invitation's expiry (created + 48 h). Accepted: the play deadline. */
  expires_at: Timestamp;
  accepted_at: NullableTimestamp;
  contest_deadline_at: NullableTimestamp;
  settled_at: NullableTimestamp;
  settled_by: string | null;
  void_reason: string | null;
  admin_notes: string | null;
  resolved_by: string | null;
  /** Appeals (issue 23): until when the admin's resolution may be appealed, and the appeal once filed. */
  appeal_deadline_at: NullableTimestamp;
  appeal_status: string | null;
  appellant_id: string | null;
  appeal_reason: string | null;
  appealed_at: NullableTimestamp;
  appeal_decided_by: string | null;
  appeal_decided_at: NullableTimestamp;
  appeal_notes: string | null;
  revision: number;
}
export type BetRow = Selectable<BetsTable>;
export type NewBetRow = Insertable<BetsTable>;

/** The one next thing the scheduler must do for a bet (expire / void / settle_uncontested), and when. */
export interface BetDeadlinesTable {
  bet_id: string;
  kind: 'expire' | 'void' | 'settle_uncontested';
  due_at: Timestamp;
  revision: number;
}
export type BetDeadlineRow = Selectable<BetDeadlinesTable>;

/** Every event about a bet (its stream, wallet postings for it, its chat), for the admin trail. */
export interface BetTrailTable {
  event_id: string;
  bet_id: string;
  commit_position: ColumnType<string, number | string, number | string>;
  prepare_position: ColumnType<string, number | string, number | string>;
  stream_id: string;
  stream_revision: number;
  type: string;
  actor: string | null;
  recorded_at: Timestamp;
  data: JSONColumnType<Record<string, unknown>, string, string>;
}
export type BetTrailRow = Selectable<BetTrailTable>;

export interface UserStatsTable {
  user_id: string;
  rating: number;
  wins: number;
  losses: number;
  updated_at: Timestamp;
}
export interface UserStatsSettlementsTable {
  bet_id: string;
  winner_id: string;
  loser_id: string;
  rating_change: number;
  settled_at: Timestamp;
  /** The winner's payout as recorded (BetSettled's payoutAmount, an overturn's `overturnPayout`); null on rows counted before the column until a rebuild. */
  payout_amount: string | null;
}
/** The bets whose overturned appeal is applied to the ratings (once each). */
export interface UserStatsOverturnsTable {
  bet_id: string;
  decided_at: Timestamp;
}

