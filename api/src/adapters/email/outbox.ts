import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@wager/projections';

export const EMAIL_SUBJECT_LENGTH_MAX = 200;
export const EMAIL_BODY_LENGTH_MAX = 20_000;

export interface QueuedEmail {
  /** Deterministic (e.g. the id of the event that asked for the mail): a repeat stores nothing. */
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly kind: string;
  readonly userId: string | null;
  readonly html?: string | null;
  readonly headers?: Readonly<Record<string, string>> | null;
  /** Not sent before this time (a notification that takes effect later); default: now. */
  readonly sendAt?: Date;
  /** The users the mail names besides its recipient (an erasure redacts their names here). */
  readonly namedUserIds?: readonly string[];
}

/**
 * Queues a mail in the outbox. Callers that change state in the same database pass their
 * transaction, so the mail and the change commit together.
 */
export async function enqueueEmail(db: Kysely<Database> | Transaction<Database>, email: QueuedEmail, now: Date): Promise<void> {
  await enqueueEmails(db, [email], now);
}

/** Queues several mails with one statement (a reactor's batch: one transaction); a repeated id stores nothing. */
export async function enqueueEmails(db: Kysely<Database> | Transaction<Database>, emails: readonly QueuedEmail[], now: Date): Promise<void> {
  if (emails.length === 0) return;
  await db
    .insertInto('email_outbox')
    .values(
      emails.map((email) => ({
        id: email.id,
        to_address: email.to,
        subject: email.subject.slice(0, EMAIL_SUBJECT_LENGTH_MAX),
        text_body: email.text.slice(0, EMAIL_BODY_LENGTH_MAX),
        html_body: email.html ? email.html.slice(0, EMAIL_BODY_LENGTH_MAX * 2) : null,
        headers: email.headers ? JSON.stringify(email.headers) : null,
        kind: email.kind,
        user_id: email.userId,
        status: 'queued' as const,
        attempts: 0,
        created_at: now,
        next_attempt_at: email.sendAt && email.sendAt > now ? email.sendAt : now,
        named_user_ids: [...(email.namedUserIds ?? [])],
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export const MAILBOX_PAGE_SIZE_MAX = 200;

export async function listMailbox(db: Kysely<Database>, options: { to?: string; limit?: number } = {}) {
  let query = db.selectFrom('email_outbox').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(Math.min(options.limit ?? 50, MAILBOX_PAGE_SIZE_MAX));
  if (options.to) query = query.where(sql`lower(to_address)`, '=', options.to.trim().toLowerCase());
  return query.execute();
}
