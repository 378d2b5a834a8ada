import type { ColumnType, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Contact and abuse-report messages for the admins (issue 15), from SupportMessageSubmitted. */
export interface SupportMessagesTable {
  id: string;
  kind: string;
  user_id: string | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  reported_username: string | null;
  bet_id: string | null;
  submitted_at: Timestamp;
}
export type SupportMessageRow = Selectable<SupportMessagesTable>;
