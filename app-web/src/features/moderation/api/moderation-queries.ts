import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EscalateModerationBody, ModerationItemView, ModerationPerson, ModerationQueueView, ModerationScope, ModerationStatus, ResolveModerationBody } from '@wager/domain/contracts/chat';
import { apiRequest } from '../../../lib/api-client';
import { chatQueries } from '../../chat';

/** The queue's shapes are its contract's (`@wager/domain/contracts/chat`); these names are the screens'. */
export type { ModerationPerson, ModerationStatus };
/** One request of GET /api/moderation/queue (docs/api/moderation.md). */
export type ModerationRequest = ModerationItemView;
export type QueueScope = ModerationScope;

/**
 * The moderation queue's reads, keyed by API path (TkDodo). The `moderation-queue` change over /ws
 * (a request made, claimed, escalated or resolved anywhere) invalidates `all()`.
 */
export const moderationQueries = {
  all: () => ['/api/moderation'] as const,
  queue: (scope: QueueScope) =>
    queryOptions({
      queryKey: [...moderationQueries.all(), 'queue', scope] as const,
      queryFn: () => apiRequest<ModerationQueueView>('GET', `/api/moderation/queue?status=${scope}`),
      retry: false,
    }),
};

/** Claim, resolve (`{ note }`) or escalate (`{ reason }`) a request; the queue and the chat reads follow. */
export function useModerationAction(step: 'claim' | 'resolve' | 'escalate') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { chatId: string; body?: ResolveModerationBody | EscalateModerationBody }) =>
      apiRequest<ModerationRequest>('POST', `/api/moderation/${encodeURIComponent(input.chatId)}/${step}`, input.body),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: moderationQueries.all() }), queryClient.invalidateQueries({ queryKey: chatQueries.all() })]),
  });
}
