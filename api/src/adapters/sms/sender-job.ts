import type { AppDeps } from '../../deps.js';
import { pollingJob, type BackgroundJob } from '../../runtime/jobs.js';
import { withAdvisoryLock } from '../database/advisory-lock.js';
import { SmsSendError, type SmsSender } from './port.js';

export const SMS_BATCH_SIZE = 20;
export const SMS_POLL_INTERVAL_MS = 500;
export const SMS_ATTEMPTS_MAX = 6;
/** 2 s, 4 s, 8 s, …: a code lives 10 minutes, so retries are short and stop at its expiry. */
export const SMS_RETRY_DELAY_MS_BASE = 2000;

/**
 * Sends due outbox rows through the provider. Several processes may run it: each row is sent
 * under its advisory lock. A refusal that cannot change (bad key, bad sender ID) fails the
 * row at once; an outage is retried with growing delays until SMS_ATTEMPTS_MAX or the row's
 * expiry. The event that asked for the message is never touched: a failed row is visible in
 * the dev mailbox and to operators, and the player may ask for a new code after 60 s.
 */
export async function sendDueSms(deps: Pick<AppDeps, 'db' | 'clock'>, sender: SmsSender): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db.selectFrom('sms_outbox').select('id').where('status', '=', 'queued').where('next_attempt_at', '<=', now).orderBy('next_attempt_at').limit(SMS_BATCH_SIZE).execute();
  let handled = 0;
  for (const { id } of due) if ((await deliverQueuedSms(deps, sender, id, now)) !== 'skipped') handled++;
  return handled;
}

export async function deliverQueuedSms(deps: Pick<AppDeps, 'db'>, sender: SmsSender, id: string, now: Date): Promise<'sent' | 'retry' | 'failed' | 'skipped'> {
  // Sent outside any transaction (a slow provider must not hold one open); the lock keeps two
  // senders apart and the fresh read under it skips a row another sender finished.
  const outcome = await withAdvisoryLock(deps.db, `sms-outbox:${id}`, async (): Promise<'sent' | 'retry' | 'failed' | 'skipped'> => {
    const row = await deps.db.selectFrom('sms_outbox').selectAll().where('id', '=', id).where('status', '=', 'queued').executeTakeFirst();
    if (!row) return 'skipped';
    if (row.expires_at.getTime() <= now.getTime()) {
      await deps.db.updateTable('sms_outbox').set({ status: 'failed', last_error: row.last_error ?? 'expired before it could be sent' }).where('id', '=', id).execute();
      return 'failed';
    }
    const attempts = row.attempts + 1;
    try {
      const sent = await sender.send({ id: row.id, to: row.to_phone, text: row.body });
      await deps.db.updateTable('sms_outbox').set({ status: 'sent', sent_at: now, attempts, last_error: null, provider_message_id: sent.providerMessageId, transport: sender.name }).where('id', '=', id).execute();
      return 'sent';
    } catch (error) {
      const permanent = error instanceof SmsSendError && !error.retryable;
      const failed = permanent || attempts >= SMS_ATTEMPTS_MAX;
      await deps.db
        .updateTable('sms_outbox')
        .set({
          status: failed ? 'failed' : 'queued',
          attempts,
          last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
          next_attempt_at: new Date(now.getTime() + SMS_RETRY_DELAY_MS_BASE * 2 ** Math.min(attempts - 1, 10)),
          transport: sender.name,
        })
        .where('id', '=', id)
        .execute();
      return failed ? 'failed' : 'retry';
    }
  });
  return outcome ?? 'skipped';
}

/** The outbox sender as a background job; `sender` is asked for at each pass (the sandbox's port is known only once the server listens). */
export function smsOutboxJob(deps: AppDeps, sender: () => SmsSender): BackgroundJob {
  return pollingJob('sms-outbox', SMS_POLL_INTERVAL_MS, () => sendDueSms(deps, sender()));
}
