import type { ColumnType, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/**
 * Mail waiting to be sent (and, in development, the dev mailbox). Rows are written with
 * deterministic ids (the id of the event that caused them) so a repeat writes nothing; the
 * sender job delivers them with retries. Not a projection: it holds the only clear copy of
 * one-time codes and links, so it is never rebuilt from events.
 */
export interface EmailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  /** The HTML alternative (2026_11_26 migration); null: plain text only. */
  html_body: ColumnType<string | null, string | null | undefined, string | null>;
  /** Extra headers such as List-Unsubscribe (RFC 8058); null: none. */
  headers: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  kind: string;
  user_id: string | null;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  created_at: Timestamp;
  next_attempt_at: Timestamp;
  sent_at: NullableTimestamp;
  transport: string | null;
  /** While a sender's round has the row: it is not due again before then (2026_11_27_100000 migration); null: not claimed. */
  claimed_until: NullableTimestamp;
  /** The users a notification's mail names (their usernames are redacted here when they are erased). */
  named_user_ids: ColumnType<string[], string[] | undefined, string[]>;
}
export type EmailOutboxRow = Selectable<EmailOutboxTable>;
