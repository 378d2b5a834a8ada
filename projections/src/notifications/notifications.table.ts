import type { ColumnType, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

/**
 * A person's in-app notifications, projected from their `notifications-<userId>` stream: the
 * type and parameters (rendered in the reader's language when read), never text; the people a
 * notification names by user id only, never their username. A notification
 * whose channels leave out in_app is not a row. `show_at` hides one that takes effect later (a
 * limit change, the end of a cool-off) until then.
 */
export interface NotificationsTable {
  id: string;
  user_id: string;
  type: string;
  category: string;
  params: Json<Record<string, string | null>>;
  link: string;
  source_event_id: string;
  occurred_at: Timestamp;
  show_at: Timestamp;
  stream_revision: number;
  read_at: NullableTimestamp;
}
export type NotificationRow = Selectable<NotificationsTable>;

/** Each person's notification preferences (absent: the defaults). */
export interface NotificationPreferencesTable {
  user_id: string;
  preferences: Json<Record<string, Record<string, boolean>>>;
  updated_at: Timestamp;
}
