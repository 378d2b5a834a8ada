import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { AdminBet, AdminBetsPage, AdminTransaction, AdminTransactionsPage, RestrictionBody, UserNames } from '@wager/domain/contracts/admin';
import { adminQueries, type AdminUserDetail } from './admin-queries';

/** The user record's tables show this many rows a page (the server allows up to 100). */
export const USER_RECORD_PAGE_SIZE = 10;

/** The record's shapes are the admin contract's (`@wager/domain/contracts/admin`). */
export type Pagination = AdminTransactionsPage['pagination'];
export type RecordTransaction = AdminTransaction;
export type RecordBet = AdminBet;

export type RestrictionAct = 'suspend' | 'unsuspend' | 'freeze' | 'unfreeze';

const pageQuery = (page: number) => new URLSearchParams({ page: String(page), limit: String(USER_RECORD_PAGE_SIZE) }).toString();

/** The admin's user record (issue #29): the user's transactions and bets, paged, newest first. */
export const userRecordQueries = {
  transactions: (userId: string, page: number) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'users', userId, 'transactions', page] as const,
      queryFn: () => apiRequest<AdminTransactionsPage>('GET', `/api/admin/users/${encodeURIComponent(userId)}/transactions?${pageQuery(page)}`),
      placeholderData: keepPreviousData,
    }),
  bets: (userId: string, page: number) =>
    queryOptions({
      queryKey: [...adminQueries.all(), 'users', userId, 'bets', page] as const,
      queryFn: () => apiRequest<AdminBetsPage>('GET', `/api/admin/users/${encodeURIComponent(userId)}/bets?${pageQuery(page)}`),
      placeholderData: keepPreviousData,
    }),
};

/** Suspend, freeze or lift either, with the reason the player is shown. */
export function useRestrictAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; act: RestrictionAct; reason: string }) =>
      apiRequest<AdminUserDetail>('POST', `/api/admin/users/${encodeURIComponent(input.userId)}/${input.act}`, { reason: input.reason } satisfies RestrictionBody),
    onSuccess: () => client.invalidateQueries({ queryKey: adminQueries.all() }),
  });
}

/** The usernames of the users a list names by id: one request per list (`GET /api/admin/users/names`). */
export const userNamesQuery = (ids: readonly string[]) => {
  const sorted = [...new Set(ids)].sort();
  return queryOptions({
    queryKey: [...adminQueries.all(), 'users', 'names', sorted] as const,
    queryFn: async () => {
      const { users } = await apiRequest<UserNames>('GET', `/api/admin/users/names?ids=${sorted.map(encodeURIComponent).join(',')}`);
      return new Map(users.map((u) => [u.id, u.username]));
    },
    enabled: sorted.length > 0,
    staleTime: 60_000,
  });
};
