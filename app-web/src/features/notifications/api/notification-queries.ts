import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATIONS_PAGE_SIZE_DEFAULT,
  type MarkReadBody,
  type NotificationCountsView,
  type NotificationPageView,
  type NotificationPreferencesView,
  type NotificationView,
  type PreferencesChangeBody,
} from '@wager/domain/contracts/notifications';
import { apiRequest, getQueryFn } from '../../../lib/api-client';
import { userQueries } from '../../auth';

/** The notifications API's shapes are its contract's (`@wager/domain/contracts/notifications`); these names are the screens'. */
export type NotificationItem = NotificationView;
export type NotificationCounts = NotificationCountsView;
export type NotificationPage = NotificationPageView;
export type NotificationPreferencesAnswer = NotificationPreferencesView;

export const NOTIFICATIONS_PAGE_SIZE = NOTIFICATIONS_PAGE_SIZE_DEFAULT;

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
  return useMutation({ mutationFn: (target: MarkReadBody) => apiRequest<{ counts: NotificationCounts }>('POST', '/api/notifications/read', target), onSuccess: refresh });
}

export function useSetNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PreferencesChangeBody) => apiRequest<NotificationPreferencesAnswer>('PUT', '/api/user/notification-preferences', change),
    onSuccess: (answer) => queryClient.setQueryData(notificationQueries.preferences().queryKey, answer),
  });
}
