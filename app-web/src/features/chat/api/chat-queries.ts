import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface Chat {
  id: string;
  betId: string;
  participant1Id: string;
  participant2Id: string;
  moderatorId: string | null;
  isModeratorRequested: boolean;
  createdAt: string;
}

/**
 * Chat reads (GET /api/chats/:betId), keyed by API path from general to specific. The chat
 * screen is still "coming soon"; the key exists now so live updates already know what a
 * `chat-…` change invalidates.
 */
export const chatQueries = {
  all: () => ['/api/chats'] as const,
  byBet: (betId: string) =>
    queryOptions({ queryKey: [...chatQueries.all(), betId] as const, queryFn: () => apiRequest<Chat>('GET', `/api/chats/${encodeURIComponent(betId)}`) }),
};
