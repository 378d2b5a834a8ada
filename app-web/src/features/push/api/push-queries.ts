import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushDeviceAnswer, PushDevicesView, PushDeviceView, UnsubscribeEndpointBody, VapidPublicKeyView } from '@wager/domain/contracts/push';
import { apiRequest, getQueryFn } from '../../../lib/api-client';
import { browserPushState, subscribeThisBrowser, thisBrowserEndpoint, unsubscribeThisBrowser } from './browser-push';

/** GET /api/user/push-subscriptions (docs/api/push.md): the contract's device (`@wager/domain/contracts/push`). */
export type PushDevice = PushDeviceView;

/** The id the server gave this browser's device, kept so the list can say "this device". */
export const THIS_DEVICE_STORAGE_KEY = 'push_device_id';

export const pushQueries = {
  all: () => ['push'] as const,
  devices: () => queryOptions({ queryKey: ['/api/user/push-subscriptions'], queryFn: getQueryFn<PushDevicesView>({ on401: 'throw' }) }),
  browser: () => queryOptions({ queryKey: ['push', 'browser'], queryFn: browserPushState, staleTime: Infinity }),
};

export function usePushDevices() {
  return useQuery(pushQueries.devices());
}

export function useBrowserPush() {
  return useQuery(pushQueries.browser());
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: pushQueries.devices().queryKey }), queryClient.invalidateQueries({ queryKey: pushQueries.browser().queryKey })]);
}

/** Turns push on here: permission, the browser's subscription with the server's key, then the server keeps it. */
export function useTurnPushOn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async () => {
      const { publicKey } = await apiRequest<VapidPublicKeyView>('GET', '/api/push/vapid-public-key');
      const subscription = await subscribeThisBrowser(publicKey);
      const { device } = await apiRequest<PushDeviceAnswer>('POST', '/api/user/push-subscriptions', subscription);
      localStorage.setItem(THIS_DEVICE_STORAGE_KEY, device.id);
      return device;
    },
    onSettled: refresh,
  });
}

/** Turns push off here: the server forgets this device first, then the browser drops its subscription. */
export function useTurnPushOff() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async () => {
      const endpoint = await thisBrowserEndpoint();
      if (endpoint) await apiRequest('DELETE', '/api/user/push-subscriptions', { endpoint } satisfies UnsubscribeEndpointBody);
      await unsubscribeThisBrowser();
      localStorage.removeItem(THIS_DEVICE_STORAGE_KEY);
    },
    onSettled: refresh,
  });
}

/** Turns push off for a device from the list (another phone, an old laptop). */
export function useRemovePushDevice() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (device: PushDevice) => apiRequest('DELETE', `/api/user/push-subscriptions/${device.id}`), onSettled: refresh });
}
