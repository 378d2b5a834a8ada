import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

/**
 * Spec section 7 defaults: the default query function GETs the path its key names and raises
 * on a 401; no refetch interval, no refetch on window focus, data never stale, no retries.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
