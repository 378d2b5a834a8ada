import { sql } from 'kysely';
import type { SmsOutboxRow } from '@wager/projections';
import type { AppDeps } from '../../deps.js';
import { pollingJob, type BackgroundJob } from '../../runtime/jobs.js';
import { claimRound, roundLease, updateEach, type RoundLease } from '../database/outbox-round.js';
import { SmsSendError, type SmsSender } from './port.js';

export const SMS_BATCH_SIZE = 20;
export const SMS_POLL_INTERVAL_MS = 500;
export const SMS_ATTEMPTS_MAX = 6;
/** 2 s, 4 s, 8 s, …: a code lives 10 minutes, so retries are short and stop at its expiry. */
export const SMS_RETRY_DELAY_MS_BASE = 2000;
/** A round starts no send after this long; the rows it did not reach are given back. */
export const SMS_ROUND_SENDING_MS = 30_000;
/** A round's claim: beyond its sending time plus one provider call's timeout; short, as a code lives 10 minutes. */
export const SMS_CLAIM_LEASE_MS = 2 * 60 * 1000;

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Outcome = 'sent' | 'retry' | 'failed' | 'skipped';

/**
 * Sends due outbox rows through the provider: one poll round (docs/architecture.md, "Outbox
 * senders"): up to SMS_BATCH_SIZE rows claimed with one statement, one provider call each, the
 * outcomes marked with one statement. A refusal that cannot change (bad key, bad sender ID)
 * fails the row at once; an outage is retried with growing delays until SMS_ATTEMPTS_MAX or the
 * row's expiry. The event that asked for the message is never touched: a failed row is visible
 * in the dev mailbox and to operators, and the player may ask for a new code after 60 s.
 */
export async function sendDueSms(deps: Deps, sender: SmsSender): Promise<number> {
  const now = deps.clock.now();
  const lease = roundLease(now, SMS_CLAIM_LEASE_MS, SMS_ROUND_SENDING_MS);
  const rows = await claimRound(deps.db, 'sms_outbox', lease, now, { due: sql`next_attempt_at <= ${now}`, limit: SMS_BATCH_SIZE });
  const marks: Record<string, unknown>[] = [];
  let handled = 0;
  for (const row of rows) {
    const [outcome, mark] = await sendOne(sender, row, lease, now);
    marks.push(mark);
    if (outcome !== 'skipped') handled++;
  }
  await updateEach(
    deps.db,
    'sms_outbox',
    { key: { id: 'uuid' }, set: { status: 'text', attempts: 'integer', last_error: 'text', next_attempt_at: 'timestamptz', sent_at: 'timestamptz', provider_message_id: 'text', transport: 'text' } },
    marks,
    // Only while the claim is still this round's (it is, unless the round outlived its lease).
    { set: sql`claimed_until = null`, where: sql`o.claimed_until = ${lease.until}` },
  );
  return handled;
}

async function sendOne(sender: SmsSender, row: SmsOutboxRow, lease: RoundLease, now: Date): Promise<[Outcome, Record<string, unknown>]> {
  const mark = { id: row.id, status: row.status, attempts: row.attempts, last_error: row.last_error, next_attempt_at: row.next_attempt_at, sent_at: row.sent_at, provider_message_id: row.provider_message_id, transport: row.transport };
  if (row.expires_at.getTime() <= now.getTime()) return ['failed', { ...mark, status: 'failed', last_error: row.last_error ?? 'expired before it could be sent' }];
  if (!lease.canStartSend()) return ['skipped', mark];
  const attempts = row.attempts + 1;
  try {
    const sent = await sender.send({ id: row.id, to: row.to_phone, text: row.body });
    return ['sent', { ...mark, status: 'sent', sent_at: now, attempts, last_error: null, provider_message_id: sent.providerMessageId, transport: sender.name }];
  } catch (error) {
    const permanent = error instanceof SmsSendError && !error.retryable;
    const failed = permanent || attempts >= SMS_ATTEMPTS_MAX;
    const next = new Date(now.getTime() + SMS_RETRY_DELAY_MS_BASE * 2 ** Math.min(attempts - 1, 10));
    return [failed ? 'failed' : 'retry', { ...mark, status: failed ? 'failed' : 'queued', attempts, last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500), next_attempt_at: next, transport: sender.name }];
  }
}

/** The outbox sender as a background job; `sender` is asked for at each pass (the sandbox's port is known only once the server listens). */
export function smsOutboxJob(deps: AppDeps, sender: () => SmsSender): BackgroundJob {
  return pollingJob('sms-outbox', SMS_POLL_INTERVAL_MS, () => sendDueSms(deps, sender()));
}
