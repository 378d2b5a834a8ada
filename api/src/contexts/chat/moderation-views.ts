/**
 * The moderation queue's JSON (docs/api/moderation.md): one request with its bet, both players,
 * who claimed, escalated or resolved it, and how long it waited.
 */
import type { ModerationItemView as ModerationItemJson } from '@wager/domain/contracts/chat';
import type { ModerationQueueItem } from '@wager/projections/chat/queries';

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
