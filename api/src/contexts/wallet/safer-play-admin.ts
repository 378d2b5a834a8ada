/**
 * The admin's view of one player's safer play (issue 15: "each is an event; the admin's user
 * view shows them"): the limits in force with any pending raise and its time, the cool-off or
 * self-exclusion and its end, the reality check, and every safer-play event of the wallet stream
 * with its actor and time, oldest first. Read from the stream itself, like the player's own page.
 */
import { z } from 'zod';
import { walletStreamId, type SaferPlayEvent } from '@wager/domain/wallet/index';
import type { AppDeps } from '../../deps.js';
import { saferPlayOf } from './safer-play.js';
import { limitsJson, toLimitsJson } from './safer-play-routes.js';

const HISTORY_TYPES = ['SpendingLimitChanged', 'SelfExclusionStarted', 'RealityCheckSet'] as const;
type HistoryType = (typeof HISTORY_TYPES)[number];

export const saferPlayHistoryEntryJson = z.object({
  type: z.enum(HISTORY_TYPES),
  /** `metadata.actor` of the event: the player's id for their own changes. */
  actor: z.string().nullable(),
  at: z.string(),
  /** SpendingLimitChanged: which limit, to what (null = none), from what, applied at once or pending until effectiveAt. */
  limit: z.string().optional(),
  value: z.string().nullable().optional(),
  previous: z.string().nullable().optional(),
  status: z.enum(['applied', 'pending']).optional(),
  effectiveAt: z.string().optional(),
  /** SelfExclusionStarted. */
  period: z.string().optional(),
  kind: z.enum(['cool_off', 'self_exclusion']).optional(),
  until: z.string().optional(),
  /** RealityCheckSet (null = off). */
  intervalMinutes: z.number().nullable().optional(),
});
export type SaferPlayHistoryEntry = z.infer<typeof saferPlayHistoryEntryJson>;

export const saferPlayAdminJson = limitsJson.extend({ history: z.array(saferPlayHistoryEntryJson) });
export type SaferPlayAdminJson = z.infer<typeof saferPlayAdminJson>;

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
