/**
 * The moderation queue's JSON (docs/api/moderation.md): one request with its bet, both players,
 * who claimed, escalated or resolved it, and how long it waited.
 */
import { z } from 'zod';
import type { ModerationQueueItem } from '@wager/projections/chat/queries';

const person = z.object({ id: z.string(), username: z.string() });

export const moderationItemJson = z.object({
  chatId: z.string(),
  betId: z.string(),
  /** Where the web app shows the chat. */
  chatPath: z.string(),
  status: z.enum(['open', 'claimed', 'escalated', 'resolved']),
  requestedAt: z.string(),
  requestedBy: person,
  /** From the request until it was claimed, or until now while nobody has. */
  waitedSeconds: z.number().int().nonnegative(),
  bet: z.object({ gameType: z.string(), amount: z.string(), currency: z.string(), status: z.string() }).nullable(),
  challenger: person.nullable(),
  opponent: person.nullable(),
  claimedBy: person.nullable(),
  claimedAt: z.string().nullable(),
  escalatedBy: person.nullable(),
  escalatedAt: z.string().nullable(),
  escalationReason: z.string().nullable(),
  resolvedBy: person.nullable(),
  resolvedAt: z.string().nullable(),
  resolutionNote: z.string().nullable(),
});
export type ModerationItemJson = z.infer<typeof moderationItemJson>;

export function toModerationItemJson(item: ModerationQueueItem, now: Date): ModerationItemJson {
  const r = item.request;
  const who = (id: string | null) => (id === null ? null : { id, username: item.names.get(id) ?? '' });
  const waitedUntil = r.claimed_at ?? r.resolved_at ?? now;
  return {
    chatId: r.chat_id,
    betId: item.betId,
    chatPath: `/chat/${item.betId}`,
    status: r.status,
    requestedAt: r.requested_at.toISOString(),
    requestedBy: who(r.requested_by)!,
    waitedSeconds: Math.max(0, Math.floor((waitedUntil.getTime() - r.requested_at.getTime()) / 1000)),
    bet: item.bet,
    challenger: item.challenger,
    opponent: item.opponent,
    claimedBy: who(r.claimed_by),
    claimedAt: r.claimed_at?.toISOString() ?? null,
    escalatedBy: who(r.escalated_by),
    escalatedAt: r.escalated_at?.toISOString() ?? null,
    escalationReason: r.escalation_reason,
    resolvedBy: who(r.resolved_by),
    resolvedAt: r.resolved_at?.toISOString() ?? null,
    resolutionNote: r.resolution_note,
  };
}
