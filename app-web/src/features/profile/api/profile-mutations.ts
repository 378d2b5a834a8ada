import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { SessionUser as User, UserResult } from '@wager/domain/contracts/accounts';
import { userQueries } from '../../auth';
import type { ProfileForm } from '../../auth';

export const PROFILE_FIELDS = ['username', 'email', 'phoneNumber', 'psnUsername', 'activisionId', 'country', 'timezone'] as const;

/** Spec section 5: only non-empty values that differ from the current ones are sent. */
export function changedProfileFields(form: Partial<Record<keyof ProfileForm, string | null | undefined>>, user: User): Partial<ProfileForm> {
  const changes: Partial<ProfileForm> = {};
  for (const field of PROFILE_FIELDS) {
    const value = (form[field] ?? '').trim();
    if (value && value !== (user[field] ?? '')) changes[field] = value;
  }
  return changes;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<ProfileForm>) => apiRequest<UserResult>('PATCH', '/api/user/profile', changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
  });
}
