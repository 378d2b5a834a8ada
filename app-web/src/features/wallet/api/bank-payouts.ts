import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getQueryFn } from '../../../lib/api-client';
import type { Bank, BankAccount, BankAccountInput, BankPayoutTime, BankWithdrawal, BankWithdrawalInput, ResolvedBankAccount } from '@wager/domain/contracts/wallet';
import type { ProcessingAnswer } from '../../../lib/api-client';
import { useRefreshBalances } from './wallet-queries';

/** Bank payouts (docs/api/wallet.md "Bank withdrawals"), typed by the wallet contract. */
export type { Bank, BankAccount, BankWithdrawal };
export type BankWithdrawalStatus = BankWithdrawal['status'];
/** GET /api/withdrawals/bank/payout-time: the median over automatic payouts only; null below `sampleMin` of them. */
export type PayoutTime = BankPayoutTime;


/** Banks change rarely: cached for an hour. */
export const BANKS_STALE_MS = 60 * 60_000;
export const BANK_WITHDRAWAL_MIN = '1000';

const get = <T>() => getQueryFn<T>({ on401: 'throw' });


export const bankPayoutQueries = {
  banks: () => queryOptions({ queryKey: ['/api/banks'], queryFn: get<Bank[]>(), staleTime: BANKS_STALE_MS }),
  accounts: () => queryOptions({ queryKey: ['/api/bank-accounts'], queryFn: get<BankAccount[]>() }),
  // The wallet stream's changes (sent, paid, returned) invalidate this key (walletReadKeys).
  withdrawals: () => queryOptions({ queryKey: ['/api/withdrawals/bank'], queryFn: get<BankWithdrawal[]>() }),
  payoutTime: () => queryOptions({ queryKey: ['/api/withdrawals/bank/payout-time'], queryFn: get<PayoutTime>() }),
};

export function useResolveBankAccount() {
  return useMutation({
    mutationFn: (input: BankAccountInput) => apiRequest<ResolvedBankAccount>('POST', '/api/bank-accounts/resolve', input),
  });
}

export function useAddBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BankAccountInput) => apiRequest<BankAccount>('POST', '/api/bank-accounts', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankPayoutQueries.accounts().queryKey }),
  });
}

export function useBankWithdrawal() {
  const refresh = useRefreshBalances();
  return useMutation({
    mutationFn: (input: BankWithdrawalInput) => apiRequest<BankWithdrawal | ProcessingAnswer>('POST', '/api/withdrawals/bank', input),
    onSuccess: () => refresh(),
  });
}
