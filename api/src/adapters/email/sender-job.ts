import { sql } from 'kysely';
import type { AppDeps } from '../../deps.js';
import { pollingJob, type BackgroundJob } from '../../runtime/jobs.js';
import { devMailboxSender } from './dev-mailbox.js';
import type { EmailSender } from './port.js';
import { smtpSender } from './smtp.js';
import { withAdvisoryLock } from '../database/advisory-lock.js';

export const EMAIL_BATCH_SIZE = 20;
export const EMAIL_POLL_INTERVAL_MS = 1000;
export const EMAIL_ATTEMPTS_MAX = 10;
export const EMAIL_RETRY_DELAY_MS_MAX = 60 * 60 * 1000;

/** The transport the config selects: SMTP when `SMTP_URL` is set, else the dev mailbox. */
export function emailSenderFor(config: AppDeps['config']): EmailSender {
  return config.SMTP_URL ? smtpSender(config.SMTP_URL, config.MAIL_FROM) : devMailboxSender;
}

/**
 * Sends due outbox rows. Several processes may run it: each batch is taken with
 * a per-row advisory lock, so a row is sent by one of them at a time. A failed send is
 * retried with growing delays and, after EMAIL_ATTEMPTS_MAX tries, left as `failed` (visible
 * in the mailbox) — the event that asked for the mail is never touched.
 */
export async function sendDueEmails(deps: Pick<AppDeps, 'db' | 'clock'>, sender: EmailSender): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .selectFrom('email_outbox')
    .select('id')
    .where('status', '=', 'queued')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(EMAIL_BATCH_SIZE)
    .execute();
  let handled = 0;
  for (const { id } of due) if ((await deliverQueuedEmail(deps, sender, id, now)) !== 'skipped') handled++;
  return handled;
}

/**
 * Sends one queued outbox row now, under its advisory lock: 'sent', 'retry' (the failure is
 * recorded and the row waits for its next attempt) or 'skipped' (another sender has it or it is no
 * longer queued). The sender job calls it for each due row; an admin's test mail calls it at once.
 */
export async function deliverQueuedEmail(deps: Pick<AppDeps, 'db'>, sender: EmailSender, id: string, now: Date): Promise<'sent' | 'retry' | 'skipped'> {
  // The row is sent outside any transaction: a slow mail server must not hold a transaction
  // (and so the event store's readers) open. The advisory lock keeps two senders apart, and
  // the fresh read under it skips a row another sender finished meanwhile.
  const outcome = await withAdvisoryLock(deps.db, `email-outbox:${id}`, async (): Promise<'sent' | 'retry' | 'skipped'> => {
    const row = await deps.db.selectFrom('email_outbox').selectAll().where('id', '=', id).where('status', '=', 'queued').executeTakeFirst();
    if (!row) return 'skipped';
    try {
      await sender.send({ id: row.id, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, headers: row.headers });
      await deps.db.updateTable('email_outbox').set({ status: 'sent', sent_at: now, attempts: row.attempts + 1, last_error: null, transport: sender.name }).where('id', '=', row.id).execute();
      return 'sent';
    } catch (error) {
      const attempts = row.attempts + 1;
      const delayMs = Math.min(EMAIL_RETRY_DELAY_MS_MAX, 5000 * 2 ** Math.min(attempts, 20));
      await deps.db
        .updateTable('email_outbox')
        .set({
          status: attempts >= EMAIL_ATTEMPTS_MAX ? 'failed' : 'queued',
          attempts,
          last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
          next_attempt_at: sql<Date>`${new Date(now.getTime() + delayMs)}`,
          transport: sender.name,
        })
        .where('id', '=', row.id)
        .execute();
      return 'retry';
    }
  });
  return outcome ?? 'skipped';
}

export function emailOutboxJob(deps: AppDeps, sender: EmailSender = emailSenderFor(deps.config)): BackgroundJob {
  return pollingJob('email-outbox', EMAIL_POLL_INTERVAL_MS, () => sendDueEmails(deps, sender));
}
