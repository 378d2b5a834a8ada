/**
 * A player's push devices: turning push on (keeping the browser's subscription) and off. Device
 * state, not money, so a table and no events; the push sender (api/src/adapters/push) reads it.
 */
import { ConflictError, NotFoundError } from '@wager/domain';
import { PUSH_DEVICES_PER_USER_MAX, deviceLabelOf, pushMessages, type PushSubscriptionInput } from '@wager/domain/push/index';
import type { PushSubscriptionRow } from '@wager/projections';
import { countPushDevices } from '@wager/projections/push/queries';
import type { AppDeps } from '../../deps.js';
import { deletePushSubscription, deletePushSubscriptionByEndpoint, lockPushDevicesOf, upsertPushSubscription } from './store.js';

export const USER_AGENT_LENGTH_MAX = 512;

/**
 * Keeps this device's subscription for the player. The endpoint is the device's: subscribing it
 * again updates its keys, and when another account subscribed it before (a shared browser) it
 * moves to this player, since the browser holds one subscription for the site and the earlier
 * account must no longer reach it.
 */
export async function subscribeDevice(deps: Pick<AppDeps, 'db' | 'clock' | 'ids'>, userId: string, input: PushSubscriptionInput, userAgent: string | undefined): Promise<{ device: PushSubscriptionRow; created: boolean }> {
  const agent = userAgent?.slice(0, USER_AGENT_LENGTH_MAX) ?? null;
  const values = { user_id: userId, p256dh: input.keys.p256dh, auth: input.keys.auth, user_agent: agent, device_label: deviceLabelOf(userAgent) };
  // Two statements under the player's transaction-scoped lock, so two devices subscribing at once
  // cannot both pass the count; no I/O happens inside.
  return deps.db.transaction().execute(async (trx) => {
    await lockPushDevicesOf(trx, userId);
    if ((await countPushDevices(trx, userId, input.endpoint)) >= PUSH_DEVICES_PER_USER_MAX) {
      throw new ConflictError(pushMessages.tooManyDevices, { code: 'too_many_push_devices', params: { max: PUSH_DEVICES_PER_USER_MAX } });
    }
    return upsertPushSubscription(trx, { id: deps.ids.uuid(), endpoint: input.endpoint, created_at: deps.clock.now(), ...values });
  });
}

/** Turns push off for the device with this endpoint, if it is the player's (nothing to do otherwise). */
export async function unsubscribeEndpoint(deps: Pick<AppDeps, 'db'>, userId: string, endpoint: string): Promise<void> {
  await deletePushSubscriptionByEndpoint(deps.db, userId, endpoint);
}

/** Turns push off for one of the player's devices, by id (from the device list). */
export async function removeDevice(deps: Pick<AppDeps, 'db'>, userId: string, deviceId: string): Promise<void> {
  if (!(await deletePushSubscription(deps.db, userId, deviceId))) throw new NotFoundError(pushMessages.deviceNotFound, { code: 'push_device_not_found' });
}
