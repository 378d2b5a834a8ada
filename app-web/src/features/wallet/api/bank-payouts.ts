import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getQueryFn } from '../../../lib/api-client';
import { useRefreshBalances } from './wallet-queries';

/** Bank payouts (docs/api/wallet.md "Bank withdrawals"). */
export interface Bank {
  name: string;
  code: string;
}
export interface BankAccount {
  id: string;
  bankCode: string;
  bankName: string;
  accountName: string;
  /** Masked: `******6789`. */
  accountNumber: string;
  addedAt: string;
}
export type BankWithdrawalStatus = 'requested' | 'sent' | 'paid' | 'returned';
export interface BankWithdrawal {
  id: string;
  amount: string;
  currency: string;
  status: BankWithdrawalStatus;
  reference: string;
  bankAccountId: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  requiresKyc: boolean;
  waiting: 'review' | 'admin_hold' | 'new_account' | null;
  notBefore: string;
  returnReason: string | null;
  requestedAt: string;
  sentAt: string | null;
  paidAt: string | null;
  returnedAt: string | null;
}

/** Banks change rarely: cached for an hour. */
export const BANKS_STALE_MS = 60 * 60_000;
export const BANK_WITHDRAWAL_MIN = '1000';

const get = <T>() => getQueryFn<T>({ on401: 'throw' });

/** GET /api/withdrawals/bank/payout-time: the median over automatic payouts only; null below `sampleMin` of them. */
export interface PayoutTime {
  medianMinutes: number | null;
  sample: number;
  sampleMin: number;
  automaticOnly: true;
}

export const bankPayoutQueries = {
  banks: () => queryOptions({ queryKey: ['/api/banks'], queryFn: get<Bank[]>(), staleTime: BANKS_STALE_MS }),
  accounts: () => queryOptions({ queryKey: ['/api/bank-accounts'], queryFn: get<BankAccount[]>() }),
  // The wallet stream's changes (sent, paid, returned) invalidate this key (walletReadKeys).
  withdrawals: () => queryOptions({ queryKey: ['/api/withdrawals/bank'], queryFn: get<BankWithdrawal[]>() }),
  payoutTime: () => queryOptions({ queryKey: ['/api/withdrawals/bank/payout-time'], queryFn: get<PayoutTime>() }),
};

export function useResolveBankAccount() {
  return useMutation({
    mutationFn: (input: { bankCode: string; accountNumber: string }) => apiRequest<{ bankCode: string; bankName: string; accountName: string }>('POST', '/api/bank-accounts/resolve', input),
  });
}

export function useAddBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { bankCode: string; accountNumber: string }) => apiRequest<BankAccount>('POST', '/api/bank-accounts', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankPayoutQueries.accounts().queryKey }),
  });
}

export function useBankWithdrawal() {
  const refresh = useRefreshBalances();
  return useMutation({
    mutationFn: (input: { amount: string; bankAccountId: string }) => apiRequest<BankWithdrawal>('POST', '/api/withdrawals/bank', input),
    onSuccess: () => refresh(),
  });
}
