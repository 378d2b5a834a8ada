import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { PhoneCodeSent, PhoneVerified } from '@wager/domain/contracts/accounts';
import { userQueries } from '../../auth';

/** `phone` is the number as the server stored it (E.164). */
export type { PhoneCodeSent };

/** POST /api/user/phone: a 6-digit code by SMS to the number as typed (the server reads it as E.164). */
export function useSendPhoneCode() {
  return useMutation({ mutationFn: (phone: string) => apiRequest<PhoneCodeSent>('POST', '/api/user/phone', { phone }) });
}

/** POST /api/user/phone/verify: on success the user (and its "fully verified" banner) is read again. */
export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest<PhoneVerified>('POST', '/api/user/phone/verify', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}
