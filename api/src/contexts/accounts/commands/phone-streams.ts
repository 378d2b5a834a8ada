/**
 * The phone number's stream is named by the number's key, HMAC-SHA256 of the E.164 number under
 * the server's secret (`PHONE_STREAM_SECRET`, or else a per-installation key kept in the
 * database, as the bank account fingerprint): stream names are never sealed, so they must not
 * name the number. A stream named `phone-<e164>` (before) is moved by events the first time the
 * number is used again: `PhoneStreamCarriedOver` starts the keyed stream with who holds the
 * number and the times of its recent codes (the 24-hour cap carries over), then
 * `PhoneStreamMoved` closes the old one. Nothing reads the old name but this move.
 */
import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@wager/projections';
import { PHONE_STREAM_TYPE, legacyPhoneStreamId, phoneDecider, phoneStreamId } from '@wager/domain/accounts/index';
import type { Config } from '../../../config.js';
import type { AppDeps } from '../../../deps.js';
import { runCommand, streamState } from '../../../runtime/command-pipeline.js';
import { appSecret } from '../../../adapters/database/app-secret.js';
import { IntervalJob } from '../../../runtime/jobs.js';
import { legacyPhoneStreamIds } from '../store.js';

export const PHONE_STREAM_SECRET_NAME = 'phone-stream-key';

type Deps = Pick<AppDeps, 'store' | 'db' | 'clock' | 'ids' | 'config' | 'projections'>;

export async function phoneStreamKey(deps: { db: Kysely<Database>; config: Pick<Config, 'PHONE_STREAM_SECRET'> }, now: Date): Promise<Buffer> {
  const configured = deps.config.PHONE_STREAM_SECRET;
  return configured ? Buffer.from(configured, 'utf8') : appSecret(deps.db, PHONE_STREAM_SECRET_NAME, now);
}

/** The number's key: HMAC-SHA256 of the E.164 number (base64url, no `+`, so never mistaken for a number). */
export function phoneNumberKey(key: Buffer, e164: string): string {
  return createHmac('sha256', key).update(`phone\u001f${e164}`).digest('base64url');
}

/** The keyed stream of a number, with a `phone-<e164>` stream it had before moved to it first. */
export async function phoneStreamIdFor(deps: Deps, e164: string): Promise<string> {
  const streamId = phoneStreamId(phoneNumberKey(await phoneStreamKey(deps, deps.clock.now()), e164));
  await moveLegacyPhoneStream(deps, e164, streamId);
  return streamId;
}

/**
 * Moves `phone-<e164>` to the keyed stream, once: carry-over first (decides nothing when the keyed
 * stream has it already), then the closing event (nothing when closed already), so an
 * interrupted move is finished by the next one. Returns whether there was anything to move.
 */
export async function moveLegacyPhoneStream(deps: Deps, e164: string, to: string): Promise<boolean> {
  const from = legacyPhoneStreamId(e164);
  const old = await streamState(deps.store, from, phoneDecider);
  if (old.movedTo !== null) return false;
  if ((await deps.store.readStream(from)).length === 0) return false;
  const now = deps.clock.now();
  const metadata = { now, actor: 'system' };
  await runCommand(deps, {
    streamId: to,
    decider: phoneDecider,
    command: { type: 'CarryOverPhoneStream', data: { claimedBy: old.claimedBy, recentRequests: old.recentRequests }, metadata },
    eventIds: (events) => events.map(() => deps.ids.uuid()),
  });
  await runCommand(deps, {
    streamId: from,
    decider: phoneDecider,
    command: { type: 'ClosePhoneStream', data: { to }, metadata },
    eventIds: (events) => events.map(() => deps.ids.uuid()),
  });
  return true;
}

export const LEGACY_PHONE_STREAM_INTERVAL_MS = 60 * 60_000;

/**
 * Moves every `phone-<e164>` stream still open (found in `es_streams`: the PostgreSQL store; with
 * EventStoreDB the streams move on first use only). Safe in several processes at once: each step
 * of a move decides nothing when done already. Once none is left, the old names can be rewritten
 * away (docs/runbook.md, "Old phone stream names").
 */
export class LegacyPhoneStreamJob extends IntervalJob {
  readonly name = 'accounts-phone-streams';

  constructor(private readonly deps: AppDeps, intervalMs = LEGACY_PHONE_STREAM_INTERVAL_MS) {
    super(intervalMs);
  }

  /** One pass; returns how many streams it moved. */
  async tick(): Promise<number> {
    if (this.deps.config.EVENTSTORE_URL) return 0;
    let moved = 0;
    for (const streamId of await legacyPhoneStreamIds(this.deps.db)) {
      const e164 = streamId.slice(`${PHONE_STREAM_TYPE}-`.length);
      const to = phoneStreamId(phoneNumberKey(await phoneStreamKey(this.deps, this.deps.clock.now()), e164));
      if (await moveLegacyPhoneStream(this.deps, e164, to)) moved++;
    }
    return moved;
  }
}
