import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ResendCodeResponse, VerifyEmailResponse } from '@wager/domain/contracts/accounts';
import { userQueries } from './user-queries';

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string; userId: string }) => apiRequest<VerifyEmailResponse>('POST', '/api/auth/verify-email', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}

export function useResendCode() {
  return useMutation({
    mutationFn: (input: { userId: string }) => apiRequest<ResendCodeResponse>('POST', '/api/auth/resend-code', input),
  });
}
