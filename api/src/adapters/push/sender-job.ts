import type { Kysely } from 'kysely';
import type { Database, PushSubscriptionRow } from '@wager/projections';
import type { AppDeps } from '../../deps.js';
import { pollingJob, type BackgroundJob } from '../../runtime/jobs.js';
import { withAdvisoryLock } from '../database/advisory-lock.js';
import type { PushOutcome, PushSender } from './port.js';
import { vapidKeys } from './vapid.js';
import { webPushSender } from './web-push.js';

export const PUSH_BATCH_SIZE = 20;
export const PUSH_POLL_INTERVAL_MS = 1000;
/** Tries per device before its delivery is given up as `failed`. */
export const PUSH_ATTEMPTS_MAX = 8;
export const PUSH_RETRY_DELAY_MS_MIN = 5000;
export const PUSH_RETRY_DELAY_MS_MAX = 30 * 60 * 1000;
/** A notification not delivered everywhere within a day is `expired`: news that old is not pushed. */
export const PUSH_OUTBOX_TTL_MS = 24 * 60 * 60 * 1000;
const ERROR_LENGTH_MAX = 500;

type Deps = Pick<AppDeps, 'db' | 'clock'>;
export type PushRowOutcome = 'done' | 'waiting' | 'expired' | 'skipped';

/** The wait before a device's next try: 10 s, 20 s, 40 s, … up to PUSH_RETRY_DELAY_MS_MAX. */
export function pushRetryDelayMs(attempts: number): number {
  return Math.min(PUSH_RETRY_DELAY_MS_MAX, PUSH_RETRY_DELAY_MS_MIN * 2 ** Math.min(attempts, 20));
}

/** Pushes every due outbox row; returns how many it handled (another sender's rows are skipped). */
export async function sendDuePushes(deps: Deps, sender: PushSender): Promise<number> {
  const now = deps.clock.now();
  // A row never tried is due at once, whatever its next_attempt_at: writers leave it to the
  // database's clock, which need not agree with the app's to the second.
  const due = await deps.db
    .selectFrom('push_outbox')
    .select('id')
    .where('status', '=', 'queued')
    .where((eb) => eb.or([eb('attempts', '=', 0), eb('next_attempt_at', '<=', now)]))
    .orderBy('next_attempt_at')
    .limit(PUSH_BATCH_SIZE)
    .execute();
  let handled = 0;
  for (const { id } of due) if ((await deliverQueuedPush(deps, sender, id, now)) !== 'skipped') handled++;
  return handled;
}

/**
 * Pushes one queued notification to every device of its user, under the row's advisory lock and
 * outside any transaction (a slow push service must not hold one open). Each device gets at most
 * one push: its `push_deliveries` row is written `sending` before the push service is called, so a
 * sender that crashed mid-call leaves a row the next one marks `interrupted` instead of pushing
 * again. 404/410 drop the subscription; other failures wait with growing delays, bounded by
 * PUSH_ATTEMPTS_MAX; the row is `done` once no device is left to try.
 */
export async function deliverQueuedPush(deps: Deps, sender: PushSender, id: string, now: Date): Promise<PushRowOutcome> {
  const outcome = await withAdvisoryLock(deps.db, `push-outbox:${id}`, async (): Promise<PushRowOutcome> => {
    const row = await deps.db.selectFrom('push_outbox').selectAll().where('id', '=', id).where('status', '=', 'queued').executeTakeFirst();
    if (!row) return 'skipped';
    if (now.getTime() - row.created_at.getTime() > PUSH_OUTBOX_TTL_MS) {
      await deps.db.updateTable('push_outbox').set({ status: 'expired', last_error: 'not delivered within a day' }).where('id', '=', id).execute();
      return 'expired';
    }
    await deps.db.updateTable('push_deliveries').set({ status: 'interrupted', last_error: 'the sender stopped while pushing', updated_at: now }).where('outbox_id', '=', id).where('status', '=', 'sending').execute();
    const devices = await deps.db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', row.user_id).orderBy('created_at').execute();
    const deliveries = new Map((await deps.db.selectFrom('push_deliveries').selectAll().where('outbox_id', '=', id).execute()).map((d) => [d.subscription_id, d]));
    let nextAttemptAt: Date | undefined;
    let lastError: string | null = null;
    for (const device of devices) {
      const delivery = deliveries.get(device.id);
      if (delivery && delivery.status !== 'retry') continue;
      if (delivery && delivery.next_attempt_at > now) {
        nextAttemptAt = earliest(nextAttemptAt, delivery.next_attempt_at);
        continue;
      }
      const result = await pushToDevice(deps.db, sender, { id, title: row.title, url: row.url }, device, (delivery?.attempts ?? 0) + 1, now);
      if (result.retryAt) nextAttemptAt = earliest(nextAttemptAt, result.retryAt);
      if (result.error) lastError = result.error;
    }
    await deps.db
      .updateTable('push_outbox')
      .set(nextAttemptAt ? { attempts: row.attempts + 1, next_attempt_at: nextAttemptAt, last_error: lastError } : { status: 'done', attempts: row.attempts + 1, sent_at: now, last_error: lastError })
      .where('id', '=', id)
      .execute();
    return nextAttemptAt ? 'waiting' : 'done';
  });
  return outcome ?? 'skipped';
}

function earliest(a: Date | undefined, b: Date): Date {
  return a && a <= b ? a : b;
}

/** One push to one device, recorded before and after; returns when to try again, if at all. */
async function pushToDevice(db: Kysely<Database>, sender: PushSender, message: { id: string; title: string; url: string }, device: PushSubscriptionRow, attempts: number, now: Date): Promise<{ retryAt?: Date; error?: string }> {
  const claimed = await db
    .insertInto('push_deliveries')
    .columns(['outbox_id', 'subscription_id', 'status', 'attempts', 'next_attempt_at', 'updated_at'])
    // Through a select, so a device removed meanwhile (turned off, dropped) inserts nothing instead of failing the foreign key.
    .expression((eb) =>
      eb
        .selectFrom('push_subscriptions')
        .select([eb.val(message.id).as('outbox_id'), 'id', eb.val('sending').as('status'), eb.val(attempts).as('attempts'), eb.val(now).as('next_attempt_at'), eb.val(now).as('updated_at')])
        .where('id', '=', device.id),
    )
    .onConflict((c) => c.columns(['outbox_id', 'subscription_id']).doUpdateSet({ status: 'sending', attempts, updated_at: now }).where('push_deliveries.status', '=', 'retry'))
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return {};
  const outcome: PushOutcome = await sender.send({ endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth }, message);
  const delivery = db.updateTable('push_deliveries').where('outbox_id', '=', message.id).where('subscription_id', '=', device.id);
  switch (outcome.kind) {
    case 'sent':
      await delivery.set({ status: 'sent', delivered_at: now, updated_at: now, last_error: null }).execute();
      await db.updateTable('push_subscriptions').set({ last_success_at: now, last_error: null }).where('id', '=', device.id).execute();
      return {};
    case 'gone':
      // The push service says this subscription no longer exists: drop it (its deliveries go with it).
      await db.deleteFrom('push_subscriptions').where('id', '=', device.id).execute();
      return {};
    case 'failed': {
      const error = outcome.message.slice(0, ERROR_LENGTH_MAX);
      const retryAt = outcome.retryable && attempts < PUSH_ATTEMPTS_MAX ? new Date(now.getTime() + pushRetryDelayMs(attempts)) : undefined;
      await delivery.set({ status: retryAt ? 'retry' : 'failed', next_attempt_at: retryAt ?? now, last_error: error, updated_at: now }).execute();
      await db.updateTable('push_subscriptions').set({ last_failure_at: now, last_error: error }).where('id', '=', device.id).execute();
      return { retryAt, error };
    }
  }
}

/**
 * The push sender as a background job: every PUSH_POLL_INTERVAL_MS it pushes the due rows. With
 * push off (production without VAPID keys) nothing is pushed and the rows stay queued.
 */
export function pushOutboxJob(deps: AppDeps, senderFor: (deps: AppDeps) => Promise<PushSender | undefined> = defaultPushSender): BackgroundJob {
  // The sender is made once (the VAPID keys are read then); a failure to make it is tried again next run.
  let sender: Promise<PushSender | undefined> | undefined;
  return pollingJob('push-outbox', PUSH_POLL_INTERVAL_MS, async () => {
    sender ??= senderFor(deps).catch(() => (sender = undefined));
    const s = await sender;
    return s ? sendDuePushes(deps, s) : 0;
  });
}

async function defaultPushSender(deps: AppDeps): Promise<PushSender | undefined> {
  const keys = await vapidKeys(deps.config, deps.db, deps.clock.now());
  return keys ? webPushSender(keys) : undefined;
}
