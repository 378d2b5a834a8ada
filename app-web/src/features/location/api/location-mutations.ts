import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ConfirmLocationBody, DetectedLocation, UserResult } from '@wager/domain/contracts/accounts';
import { userQueries } from '../../auth';

export function useDetectLocation() {
  return useMutation({ mutationFn: () => apiRequest<DetectedLocation>('POST', '/api/location/detect') });
}

export function useConfirmLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmLocationBody) => apiRequest<UserResult>('POST', '/api/location/confirm', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}

export function useSetCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currency: string) => apiRequest<UserResult>('PUT', '/api/user/currency', { currency, setByUser: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}
