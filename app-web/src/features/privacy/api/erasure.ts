import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getQueryFn } from '../../../lib/api-client';
import type { ErasureStatus, RequestErasureBody } from '@wager/domain/contracts/privacy';

/** GET /api/user/erasure (docs/api/accounts.md), typed by the privacy contract. */
export type { ErasureStatus };

export const erasureQuery = () => queryOptions({ queryKey: ['/api/user/erasure'], queryFn: getQueryFn<ErasureStatus>({ on401: 'throw' }) });

export function useErasureStatus() {
  return useQuery(erasureQuery());
}

export function useRequestErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiRequest<ErasureStatus>('POST', '/api/user/erasure', { password } satisfies RequestErasureBody),
    onSuccess: (status) => queryClient.setQueryData(erasureQuery().queryKey, status),
  });
}

export function useCancelErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ErasureStatus>('DELETE', '/api/user/erasure'),
    onSuccess: (status) => queryClient.setQueryData(erasureQuery().queryKey, status),
  });
}
