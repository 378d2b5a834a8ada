import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chatQueries } from '../../chat/api/chat-queries';

export interface ModerationPerson {
  id: string;
  username: string;
}
export type ModerationStatus = 'open' | 'claimed' | 'escalated' | 'resolved';

/** One request of GET /api/moderation/queue (docs/api/moderation.md). */
export interface ModerationRequest {
  chatId: string;
  betId: string;
  chatPath: string;
  status: ModerationStatus;
  requestedAt: string;
  requestedBy: ModerationPerson;
  waitedSeconds: number;
  bet: { gameType: string; amount: string; currency: string; status: string } | null;
  challenger: ModerationPerson | null;
  opponent: ModerationPerson | null;
  claimedBy: ModerationPerson | null;
  claimedAt: string | null;
  escalatedBy: ModerationPerson | null;
  escalatedAt: string | null;
  escalationReason: string | null;
  resolvedBy: ModerationPerson | null;
  resolvedAt: string | null;
  resolutionNote: string | null;
}
export type QueueScope = 'active' | 'resolved';

/**
 * The moderation queue's reads, keyed by API path (TkDodo). The `moderation-queue` change over /ws
 * (a request made, claimed, escalated or resolved anywhere) invalidates `all()`.
 */
export const moderationQueries = {
  all: () => ['/api/moderation'] as const,
  queue: (scope: QueueScope) =>
    queryOptions({
      queryKey: [...moderationQueries.all(), 'queue', scope] as const,
      queryFn: () => apiRequest<{ requests: ModerationRequest[] }>('GET', `/api/moderation/queue?status=${scope}`),
      retry: false,
    }),
};

/** Claim, resolve (`{ note }`) or escalate (`{ reason }`) a request; the queue and the chat reads follow. */
export function useModerationAction(step: 'claim' | 'resolve' | 'escalate') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { chatId: string; body?: { note: string } | { reason: string } }) =>
      apiRequest<ModerationRequest>('POST', `/api/moderation/${encodeURIComponent(input.chatId)}/${step}`, input.body),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: moderationQueries.all() }), queryClient.invalidateQueries({ queryKey: chatQueries.all() })]),
  });
}
