/**
 * The admin's view of one player's safer play (issue 15: "each is an event; the admin's user
 * view shows them"): the limits in force with any pending raise and its time, the cool-off or
 * self-exclusion and its end, the reality check, and every safer-play event of the wallet stream
 * with its actor and time, oldest first. Read from the stream itself, like the player's own page.
 */
import * as contract from '@wager/domain/contracts/wallet';
import { walletStreamId, type SaferPlayEvent } from '@wager/domain/wallet/index';
import type { AppDeps } from '../../deps.js';
import { saferPlayOf } from './safer-play.js';
import { toLimitsJson } from './safer-play-routes.js';

const HISTORY_TYPES = contract.SAFER_PLAY_HISTORY_TYPES;
type HistoryType = (typeof HISTORY_TYPES)[number];

/** The wallet contract's names for the admin's view of a player's safer play. */
export const saferPlayHistoryEntryJson = contract.saferPlayHistoryEntry;
export type SaferPlayHistoryEntry = contract.SaferPlayHistoryEntry;
export const saferPlayAdminJson = contract.saferPlayForAdmin;
export type SaferPlayAdminJson = contract.SaferPlayForAdmin;


function historyEntry(event: SaferPlayEvent, actor: string | null): SaferPlayHistoryEntry {
  switch (event.type) {
    case 'SpendingLimitChanged': {
      const d = event.data;
      return { type: event.type, actor, at: d.changedAt, limit: d.limit, value: d.value, previous: d.previous, status: d.status, effectiveAt: d.effectiveAt };
    }
    case 'SelfExclusionStarted':
      return { type: event.type, actor, at: event.data.startedAt, period: event.data.period, kind: event.data.kind, until: event.data.until };
    case 'RealityCheckSet':
      return { type: event.type, actor, at: event.data.setAt, intervalMinutes: event.data.intervalMinutes };
    default:
      throw new Error(`not a safer-play history event: ${event.type}`);
  }
}

export async function saferPlayForAdmin(deps: Pick<AppDeps, 'store' | 'clock' | 'config' | 'db'>, userId: string): Promise<SaferPlayAdminJson> {
  const [view, stream] = await Promise.all([saferPlayOf(deps, userId), deps.store.readStream(walletStreamId(userId))]);
  const history = stream
    .filter((e) => (HISTORY_TYPES as readonly string[]).includes(e.type))
    .map((e) => historyEntry({ type: e.type as HistoryType, data: e.data } as SaferPlayEvent, typeof e.metadata.actor === 'string' ? e.metadata.actor : null));
  return { ...toLimitsJson(view), history };
}
