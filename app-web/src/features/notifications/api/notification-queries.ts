import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationCategory, NotificationChannel, NotificationParams, NotificationType } from '@wager/domain/notifications/index';
import { apiRequest, getQueryFn } from '../../../lib/api-client';
import { userQueries } from '../../auth/api/user-queries';

/** One item of GET /api/notifications (docs/api/notifications.md). */
export interface NotificationItem {
  id: string;
  type: NotificationType;
  category: NotificationCategory;
  params: NotificationParams;
  link: string;
  occurredAt: string;
  showAt: string;
  readAt: string | null;
}
export interface NotificationCounts {
  unread: number;
  total: number;
}
export interface NotificationPage {
  notifications: NotificationItem[];
  nextCursor: string | null;
  counts: NotificationCounts;
}
export interface NotificationPreferencesAnswer {
  preferences: Record<NotificationCategory, Record<NotificationChannel, boolean>>;
  locked: Record<NotificationCategory, NotificationChannel[]>;
}

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationQueries = {
  all: () => ['/api/notifications'] as const,
  list: () =>
    infiniteQueryOptions({
      queryKey: [...notificationQueries.all(), 'list'] as const,
      queryFn: ({ pageParam }) => apiRequest<NotificationPage>('GET', `/api/notifications?limit=${NOTIFICATIONS_PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  preferences: () => queryOptions({ queryKey: ['/api/user/notification-preferences'] as const, queryFn: getQueryFn<NotificationPreferencesAnswer>({ on401: 'throw' }) }),
};

export function useNotifications() {
  return useInfiniteQuery(notificationQueries.list());
}

export function useNotificationPreferences() {
  return useQuery(notificationQueries.preferences());
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: notificationQueries.all() }), queryClient.invalidateQueries({ queryKey: userQueries.all() })]);
}

export function useMarkNotificationsRead() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (target: { ids: string[] } | { all: true }) => apiRequest<{ counts: NotificationCounts }>('POST', '/api/notifications/read', target), onSuccess: refresh });
}

export function useSetNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<Record<NotificationCategory, Partial<Record<NotificationChannel, boolean>>>>) => apiRequest<NotificationPreferencesAnswer>('PUT', '/api/user/notification-preferences', change),
    onSuccess: (answer) => queryClient.setQueryData(notificationQueries.preferences().queryKey, answer),
  });
}
