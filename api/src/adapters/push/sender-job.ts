import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, PushDeliveryRow, PushOutboxRow, PushSubscriptionRow } from '@wager/projections';
import type { AppDeps } from '../../deps.js';
import { pollingJob, type BackgroundJob } from '../../runtime/jobs.js';
import { claimRound, roundLease, updateEach } from '../database/outbox-round.js';
import type { PushOutcome, PushSender } from './port.js';
import { vapidKeys } from './vapid.js';
import { webPushSender } from './web-push.js';

/** Notifications a poll round claims; a full round is followed at once by the next (`pollingJob`'s `again`). */
export const PUSH_BATCH_SIZE = 100;
export const PUSH_POLL_INTERVAL_MS = 1000;
/** Tries per device before its delivery is given up as `failed`. */
export const PUSH_ATTEMPTS_MAX = 8;
export const PUSH_RETRY_DELAY_MS_MIN = 5000;
export const PUSH_RETRY_DELAY_MS_MAX = 30 * 60 * 1000;
/** A notification not delivered everywhere within a day is `expired`: news that old is not pushed. */
export const PUSH_OUTBOX_TTL_MS = 24 * 60 * 60 * 1000;
/** A round starts no push after this long (a slow push service); the deliveries it did not reach are given back. */
export const PUSH_ROUND_SENDING_MS = 2 * 60 * 1000;
/** A round's claim: beyond its sending time plus one push's timeout (PUSH_SEND_TIMEOUT_MS). A crashed sender's rows are taken up again after it. */
export const PUSH_CLAIM_LEASE_MS = 5 * 60 * 1000;
const ERROR_LENGTH_MAX = 500;

type Deps = Pick<AppDeps, 'db' | 'clock'>;
export type PushRowOutcome = 'done' | 'waiting' | 'expired' | 'skipped';

/** The wait before a device's next try: 10 s, 20 s, 40 s, … up to PUSH_RETRY_DELAY_MS_MAX. */
export function pushRetryDelayMs(attempts: number): number {
  return Math.min(PUSH_RETRY_DELAY_MS_MAX, PUSH_RETRY_DELAY_MS_MIN * 2 ** Math.min(attempts, 20));
}

/** Pushes the due outbox rows (one poll round); returns how many it handled (another round's rows are skipped). */
export async function sendDuePushes(deps: Deps, sender: PushSender): Promise<number> {
  const now = deps.clock.now();
  // A row never tried is due at once, whatever its next_attempt_at: writers leave it to the
  // database's clock, which need not agree with the app's to the second.
  const outcomes = await pushRound(deps, sender, now, { due: sql`(attempts = 0 or next_attempt_at <= ${now})`, limit: PUSH_BATCH_SIZE });
  return outcomes.filter((outcome) => outcome !== 'skipped').length;
}

/** Pushes one queued notification now, whatever its next attempt (a round of that row alone). */
export async function deliverQueuedPush(deps: Deps, sender: PushSender, id: string, now: Date): Promise<PushRowOutcome> {
  const [outcome] = await pushRound(deps, sender, now, { due: sql`id = ${id}`, limit: 1 });
  return outcome ?? 'skipped';
}

type Mark = Record<string, unknown>;
interface Target {
  readonly row: PushOutboxRow;
  readonly device: PushSubscriptionRow;
  readonly attempts: number;
  readonly lastError: string | null;
}

/**
 * One poll round (docs/architecture.md, "Outbox senders" and "Web Push"): the rows are claimed
 * with one statement, their users' devices and their deliveries read with one each, the
 * deliveries due are written `sending` with one statement before the push service is called (so
 * a sender that crashed mid-round leaves rows the next round marks `interrupted` instead of
 * pushing again: at most once per device; the price is that the pushes a crashed round had
 * written but not yet made are not made either), one push per device, then the outcomes are
 * written with one statement per table: deliveries, subscriptions (404/410 drop them: one
 * delete), outbox rows.
 * Other failures wait with growing delays, bounded by PUSH_ATTEMPTS_MAX; a row is `done` once no
 * device is left to try.
 */
async function pushRound(deps: Deps, sender: PushSender, now: Date, which: { readonly due: RawBuilder<unknown>; readonly limit: number }): Promise<PushRowOutcome[]> {
  const lease = roundLease(now, PUSH_CLAIM_LEASE_MS, PUSH_ROUND_SENDING_MS);
  const rows = await claimRound(deps.db, 'push_outbox', lease, now, which);
  const live = rows.filter((row) => now.getTime() - row.created_at.getTime() <= PUSH_OUTBOX_TTL_MS);
  const { devices, deliveries } = await readTargets(deps.db, live);
  const deliveryMarks: Mark[] = [];
  const nextAttemptAt = new Map<string, Date>();
  const lastError = new Map<string, string>();
  const waitUntil = (rowId: string, at: Date) => nextAttemptAt.set(rowId, earliest(nextAttemptAt.get(rowId), at));
  const targets: Target[] = [];
  for (const row of live) {
    for (const device of devices.filter((d) => d.user_id === row.user_id)) {
      const delivery = deliveries.get(`${row.id}/${device.id}`);
      // Still `sending`: a sender stopped while pushing to this device; it is not pushed again.
      if (delivery?.status === 'sending') deliveryMarks.push({ ...delivery, status: 'interrupted', last_error: 'the sender stopped while pushing', updated_at: now });
      if (delivery && delivery.status !== 'retry') continue;
      if (delivery && delivery.next_attempt_at > now) waitUntil(row.id, delivery.next_attempt_at);
      else targets.push({ row, device, attempts: (delivery?.attempts ?? 0) + 1, lastError: delivery?.last_error ?? null });
    }
  }
  const claimed = await claimDeliveries(deps.db, targets, now);
  const subscriptions = new Map<string, PushSubscriptionRow>();
  const gone = new Set<string>();
  for (const target of targets) {
    const { row, device, attempts } = target;
    if (!claimed.has(`${row.id}/${device.id}`) || gone.has(device.id)) continue;
    const delivery = { outbox_id: row.id, subscription_id: device.id, attempts, next_attempt_at: now, last_error: null, updated_at: now, delivered_at: null };
    if (!lease.canStartSend()) {
      // Not reached in this round's time: given back as it was, due at once.
      deliveryMarks.push({ ...delivery, status: 'retry', attempts: attempts - 1, last_error: target.lastError });
      waitUntil(row.id, now);
      continue;
    }
    const outcome: PushOutcome = await sender.send({ endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth }, { id: row.id, title: row.title, url: row.url });
    const stored = subscriptions.get(device.id) ?? device;
    switch (outcome.kind) {
      case 'sent':
        deliveryMarks.push({ ...delivery, status: 'sent', delivered_at: now });
        subscriptions.set(device.id, { ...stored, last_success_at: now, last_error: null });
        break;
      case 'gone':
        // The push service says this subscription no longer exists: drop it (its deliveries go with it).
        gone.add(device.id);
        break;
      case 'failed': {
        const error = outcome.message.slice(0, ERROR_LENGTH_MAX);
        const retryAt = outcome.retryable && attempts < PUSH_ATTEMPTS_MAX ? new Date(now.getTime() + pushRetryDelayMs(attempts)) : undefined;
        deliveryMarks.push({ ...delivery, status: retryAt ? 'retry' : 'failed', next_attempt_at: retryAt ?? now, last_error: error });
        subscriptions.set(device.id, { ...stored, last_failure_at: now, last_error: error });
        if (retryAt) waitUntil(row.id, retryAt);
        lastError.set(row.id, error);
        break;
      }
    }
  }
  await updateEach(
    deps.db,
    'push_deliveries',
    { key: { outbox_id: 'uuid', subscription_id: 'uuid' }, set: { status: 'text', attempts: 'integer', next_attempt_at: 'timestamptz', last_error: 'text', updated_at: 'timestamptz', delivered_at: 'timestamptz' } },
    deliveryMarks,
    { where: sql`o.status = 'sending'` },
  );
  await updateEach(
    deps.db,
    'push_subscriptions',
    // Another round may be pushing to the same device: its times are never moved back.
    { key: { id: 'uuid' }, set: { last_error: 'text' }, latest: { last_success_at: 'timestamptz', last_failure_at: 'timestamptz' } },
    [...subscriptions.values()].filter((device) => !gone.has(device.id)),
  );
  if (gone.size > 0) await deps.db.deleteFrom('push_subscriptions').where('id', 'in', [...gone]).execute();
  const outcomes: PushRowOutcome[] = [];
  const rowMarks = rows.map((row): Mark => {
    const mark = { id: row.id, status: row.status, attempts: row.attempts, next_attempt_at: row.next_attempt_at, last_error: row.last_error, sent_at: row.sent_at };
    if (!live.includes(row)) {
      outcomes.push('expired');
      return { ...mark, status: 'expired', last_error: 'not delivered within a day' };
    }
    const next = nextAttemptAt.get(row.id);
    outcomes.push(next ? 'waiting' : 'done');
    const error = lastError.get(row.id) ?? null;
    return next ? { ...mark, attempts: row.attempts + 1, next_attempt_at: next, last_error: error } : { ...mark, status: 'done', attempts: row.attempts + 1, sent_at: now, last_error: error };
  });
  await updateEach(
    deps.db,
    'push_outbox',
    { key: { id: 'uuid' }, set: { status: 'text', attempts: 'integer', next_attempt_at: 'timestamptz', last_error: 'text', sent_at: 'timestamptz' } },
    rowMarks,
    // Only while the claim is still this round's (it is, unless the round outlived its lease).
    { set: sql`claimed_until = null`, where: sql`o.claimed_until = ${lease.until}` },
  );
  return outcomes;
}

function earliest(a: Date | undefined, b: Date): Date {
  return a && a <= b ? a : b;
}

/** The claimed rows' users' devices and the rows' deliveries so far: one statement each. */
async function readTargets(db: Kysely<Database>, rows: readonly PushOutboxRow[]): Promise<{ devices: PushSubscriptionRow[]; deliveries: Map<string, PushDeliveryRow> }> {
  if (rows.length === 0) return { devices: [], deliveries: new Map() };
  const devices = await db.selectFrom('push_subscriptions').selectAll().where('user_id', 'in', [...new Set(rows.map((row) => row.user_id))]).orderBy('created_at').orderBy('id').execute();
  const deliveries = await db.selectFrom('push_deliveries').selectAll().where('outbox_id', 'in', rows.map((row) => row.id)).execute();
  return { devices, deliveries: new Map(deliveries.map((d) => [`${d.outbox_id}/${d.subscription_id}`, d])) };
}

/**
 * Writes every due delivery `sending` with one statement, before any push: new ones inserted,
 * `retry` ones taken over; a device removed meanwhile (turned off, dropped) inserts nothing
 * instead of failing the foreign key. Returns the deliveries it wrote.
 */
async function claimDeliveries(db: Kysely<Database>, targets: readonly Target[], now: Date): Promise<Set<string>> {
  if (targets.length === 0) return new Set();
  const { rows } = await sql<{ outbox_id: string; subscription_id: string }>`
    insert into push_deliveries (outbox_id, subscription_id, status, attempts, next_attempt_at, updated_at)
    select v.outbox_id, s.id, 'sending', v.attempts, ${now}, ${now}
    from unnest(${targets.map((t) => t.row.id)}::uuid[], ${targets.map((t) => t.device.id)}::uuid[], ${targets.map((t) => t.attempts)}::integer[]) as v(outbox_id, subscription_id, attempts)
    join push_subscriptions s on s.id = v.subscription_id
    on conflict (outbox_id, subscription_id) do update set status = 'sending', attempts = excluded.attempts, updated_at = excluded.updated_at
    where push_deliveries.status = 'retry'
    returning outbox_id, subscription_id`.execute(db);
  return new Set(rows.map((row) => `${row.outbox_id}/${row.subscription_id}`));
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
  }, (handled) => handled >= PUSH_BATCH_SIZE);
}

async function defaultPushSender(deps: AppDeps): Promise<PushSender | undefined> {
  const keys = await vapidKeys(deps.config, deps.db, deps.clock.now());
  return keys ? webPushSender(keys) : undefined;
}
