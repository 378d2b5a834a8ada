import type { ColumnType, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/**
 * Text messages waiting to be sent through the SMS provider, as `email_outbox` is for mail.
 * Rows have deterministic ids (the id of the event that asked for the message), so a repeat
 * writes nothing; the sender job delivers them with retries. Not a projection: the body holds
 * a one-time code in clear, so it is never rebuilt from events.
 */
export interface SmsOutboxTable {
  id: string;
  /** E.164. */
  to_phone: string;
  body: string;
  kind: string;
  user_id: string | null;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  /** The provider's id of the sent message (Termii `message_id`). */
  provider_message_id: string | null;
  created_at: Timestamp;
  next_attempt_at: Timestamp;
  /** A message not sent by then is given up (a code that has expired is no use). */
  expires_at: Timestamp;
  sent_at: NullableTimestamp;
  transport: string | null;
  /** While a sender's round has the row: it is not due again before then (2026_11_27_100000 migration); null: not claimed. */
  claimed_until: NullableTimestamp;
}
export type SmsOutboxRow = Selectable<SmsOutboxTable>;
