import type { ColumnType, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type ModerationRequestStatus = 'open' | 'claimed' | 'escalated' | 'resolved';

/**
 * A chat's moderation request, as the moderation queue lists it (2026_11_26_170000 migration).
 * One row per chat (one request per chat; its bet is the chat's); `revision` is the chat stream revision last applied,
 * so a replayed older event never moves the request back.
 */
export interface ModerationRequestsTable {
  chat_id: string;
  status: ModerationRequestStatus;
  requested_by: string;
  requested_at: Timestamp;
  claimed_by: string | null;
  claimed_at: NullableTimestamp;
  escalated_by: string | null;
  escalated_at: NullableTimestamp;
  escalation_reason: string | null;
  resolved_by: string | null;
  resolved_at: NullableTimestamp;
  resolution_note: string | null;
  revision: number;
}
export type ModerationRequestRow = Selectable<ModerationRequestsTable>;
