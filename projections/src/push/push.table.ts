import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/**
 * A device a player turned Web Push on for: the push service's endpoint and the browser's keys
 * (p256dh, auth) the payload is encrypted to. Written by the player's own request, not by events;
 * dropped when the player turns push off or the push service answers 404/410 for it.
 */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  device_label: string;
  created_at: DefaultedTimestamp;
  last_success_at: NullableTimestamp;
  last_failure_at: NullableTimestamp;
  last_error: string | null;
}
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

/**
 * A notification to push to every device of a user. Writers insert id (deterministic, with
 * `on conflict do nothing`), user_id, title and url; the rest is the sender's bookkeeping.
 * `queued` until every device has a final delivery, then `done`; `expired` when it was still
 * undelivered after PUSH_OUTBOX_TTL_MS (an old notification is not worth pushing).
 */
export interface PushOutboxTable {
  id: string;
  user_id: string;
  title: string;
  url: string;
  created_at: DefaultedTimestamp;
  status: Generated<'queued' | 'done' | 'expired'>;
  attempts: Generated<number>;
  next_attempt_at: DefaultedTimestamp;
  last_error: string | null;
  sent_at: NullableTimestamp;
  /** While a sender's round has the row: it is not due again before then (2026_11_27_100000 migration); null: not claimed. */
  claimed_until: NullableTimestamp;
  /** The users the notification names (their usernames are redacted here when they are erased). */
  named_user_ids: ColumnType<string[], string[] | undefined, string[]>;
}
export type PushOutboxRow = Selectable<PushOutboxTable>;
export type NewPushOutboxRow = Insertable<PushOutboxTable>;

/**
 * One notification pushed (or being pushed) to one device. `sending` is written before the push
 * service is called: a row found `sending` by the next sender means a crash mid-call, and it is
 * marked `interrupted` rather than sent again (at most once per device). `retry` waits for
 * next_attempt_at; `sent`, `gone` (404/410, the subscription is dropped), `failed` (attempts
 * exhausted or refused for good) and `interrupted` are final.
 */
export interface PushDeliveriesTable {
  outbox_id: string;
  subscription_id: string;
  status: 'sending' | 'retry' | 'sent' | 'gone' | 'failed' | 'interrupted';
  attempts: number;
  next_attempt_at: Timestamp;
  last_error: string | null;
  updated_at: Timestamp;
  delivered_at: NullableTimestamp;
}
export type PushDeliveryRow = Selectable<PushDeliveriesTable>;
