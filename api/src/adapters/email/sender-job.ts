import { sql, type RawBuilder } from 'kysely';
import type { EmailOutboxRow } from '@wager/projections';
import type { AppDeps } from '../../deps.js';
import { pollingJob, type BackgroundJob } from '../../runtime/jobs.js';
import { devMailboxSender } from './dev-mailbox.js';
import type { EmailSender } from './port.js';
import { smtpSender } from './smtp.js';
import { claimRound, roundLease, updateEach } from '../database/outbox-round.js';

/** Mails a poll round claims; a full round is followed at once by the next (`pollingJob`'s `again`). */
export const EMAIL_BATCH_SIZE = 100;
export const EMAIL_POLL_INTERVAL_MS = 1000;
export const EMAIL_ATTEMPTS_MAX = 10;
export const EMAIL_RETRY_DELAY_MS_MAX = 60 * 60 * 1000;
/** A round starts no send after this long (SMTP answering slowly); the rows it did not reach are given back. */
export const EMAIL_ROUND_SENDING_MS = 2 * 60 * 1000;
/** A round's claim: beyond its sending time plus one SMTP call's worst case (nodemailer: 2 min to connect, 30 s greeting, 10 min idle socket). A crashed sender's mails go out again after it. */
export const EMAIL_CLAIM_LEASE_MS = 15 * 60 * 1000;

/** The transport the config selects: SMTP when `SMTP_URL` is set, else the dev mailbox. */
export function emailSenderFor(config: AppDeps['config']): EmailSender {
  return config.SMTP_URL ? smtpSender(config.SMTP_URL, config.MAIL_FROM) : devMailboxSender;
}

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Outcome = 'sent' | 'retry' | 'skipped';

/**
 * Sends due outbox rows: one poll round (docs/architecture.md, "Outbox senders"). Several
 * processes may run it: the round claims up to EMAIL_BATCH_SIZE rows with one statement (rows
 * another round holds are skipped), sends each, and marks them all with one statement. A failed
 * send is retried with growing delays and, after EMAIL_ATTEMPTS_MAX tries, left as `failed`
 * (visible in the mailbox); the event that asked for the mail is never touched. Returns how
 * many mails it tried.
 */
export async function sendDueEmails(deps: Deps, sender: EmailSender): Promise<number> {
  const now = deps.clock.now();
  const outcomes = await emailRound(deps, sender, now, { due: sql`next_attempt_at <= ${now}`, limit: EMAIL_BATCH_SIZE });
  return outcomes.filter((outcome) => outcome !== 'skipped').length;
}

/**
 * Sends one queued outbox row now, whatever its next attempt: 'sent', 'retry' (the failure is
 * recorded and the row waits for its next attempt) or 'skipped' (another round has it or it is
 * no longer queued). An admin's test mail calls it at once.
 */
export async function deliverQueuedEmail(deps: Deps, sender: EmailSender, id: string, now: Date): Promise<Outcome> {
  const [outcome] = await emailRound(deps, sender, now, { due: sql`id = ${id}`, limit: 1 });
  return outcome ?? 'skipped';
}

async function emailRound(deps: Deps, sender: EmailSender, now: Date, which: { readonly due: RawBuilder<unknown>; readonly limit: number }): Promise<Outcome[]> {
  const lease = roundLease(now, EMAIL_CLAIM_LEASE_MS, EMAIL_ROUND_SENDING_MS);
  const rows = await claimRound(deps.db, 'email_outbox', lease, now, which);
  const marks: Record<string, unknown>[] = [];
  const outcomes: Outcome[] = [];
  for (const row of rows) {
    if (!lease.canStartSend()) {
      marks.push(unchanged(row));
      outcomes.push('skipped');
      continue;
    }
    const attempts = row.attempts + 1;
    try {
      await sender.send({ id: row.id, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body, headers: row.headers });
      marks.push({ id: row.id, status: 'sent', attempts, last_error: null, next_attempt_at: row.next_attempt_at, sent_at: now, transport: sender.name });
      outcomes.push('sent');
    } catch (error) {
      const delayMs = Math.min(EMAIL_RETRY_DELAY_MS_MAX, 5000 * 2 ** Math.min(attempts, 20));
      marks.push({ id: row.id, status: attempts >= EMAIL_ATTEMPTS_MAX ? 'failed' : 'queued', attempts, last_error: errorText(error), next_attempt_at: new Date(now.getTime() + delayMs), sent_at: null, transport: sender.name });
      outcomes.push('retry');
    }
  }
  await updateEach(
    deps.db,
    'email_outbox',
    { key: { id: 'uuid' }, set: { status: 'text', attempts: 'integer', last_error: 'text', next_attempt_at: 'timestamptz', sent_at: 'timestamptz', transport: 'text' } },
    marks,
    // Only while the claim is still this round's (it is, unless the round outlived its lease).
    { set: sql`claimed_until = null`, where: sql`o.claimed_until = ${lease.until}` },
  );
  return outcomes;
}

function unchanged(row: EmailOutboxRow): Record<string, unknown> {
  return { id: row.id, status: row.status, attempts: row.attempts, last_error: row.last_error, next_attempt_at: row.next_attempt_at, sent_at: row.sent_at, transport: row.transport };
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

export function emailOutboxJob(deps: AppDeps, sender: EmailSender = emailSenderFor(deps.config)): BackgroundJob {
  return pollingJob('email-outbox', EMAIL_POLL_INTERVAL_MS, () => sendDueEmails(deps, sender), (handled) => handled >= EMAIL_BATCH_SIZE);
}
