import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { DetectedLocation } from '../../../types/api';
import { userQueries } from '../../auth';

export function useDetectLocation() {
  return useMutation({ mutationFn: () => apiRequest<DetectedLocation>('POST', '/api/location/detect') });
}

export function useConfirmLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { acceptLocation: boolean; detectedLocation: DetectedLocation | null }) => apiRequest('POST', '/api/location/confirm', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}

export function useSetCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currency: string) => apiRequest('PUT', '/api/user/currency', { currency, setByUser: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}
