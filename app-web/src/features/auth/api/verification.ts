import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userQueries } from './user-queries';

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string; userId: string }) => apiRequest('POST', '/api/auth/verify-email', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}

export function useResendCode() {
  return useMutation({
    mutationFn: (input: { userId: string }) => apiRequest('POST', '/api/auth/resend-code', input),
  });
}
