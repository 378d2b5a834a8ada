import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@wager/projections';

export const SMS_BODY_LENGTH_MAX = 480;
export const SMS_LIST_SIZE_MAX = 200;

export interface QueuedSms {
  /** Deterministic (the id of the event that asked for the message): a repeat stores nothing. */
  readonly id: string;
  /** E.164. */
  readonly to: string;
  readonly text: string;
  readonly kind: string;
  readonly userId: string | null;
  /** Not sent by then, it is given up. */
  readonly expiresAt: Date;
}

export async function enqueueSms(db: Kysely<Database> | Transaction<Database>, sms: QueuedSms, now: Date): Promise<void> {
  await db
    .insertInto('sms_outbox')
    .values({
      id: sms.id,
      to_phone: sms.to,
      body: sms.text.slice(0, SMS_BODY_LENGTH_MAX),
      kind: sms.kind,
      user_id: sms.userId,
      status: 'queued',
      attempts: 0,
      created_at: now,
      next_attempt_at: now,
      expires_at: sms.expiresAt,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
