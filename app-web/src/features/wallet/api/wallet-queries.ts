import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequest, getQueryFn } from '../../../lib/api-client';
import type {
  CryptoCurrencyOption,
  CryptoDeposit,
  CryptoDepositInput,
  CryptoWithdrawal,
  CryptoWithdrawalInput,
  PaystackDeposit,
  PaystackInitializeResponse,
  PaystackVerifyResponse,
  Transaction,
} from '@wager/domain/contracts/wallet';
import type { ProcessingAnswer } from '../../../lib/api-client';
import { userQueries } from '../../auth';

/** Spec section 9: currencies cached 5 min, the Paystack list 30 s, a pending deposit polled every 10 s. */
export const CRYPTO_CURRENCIES_STALE_MS = 5 * 60_000;
export const PAYSTACK_LIST_STALE_MS = 30_000;
export const CRYPTO_DEPOSIT_POLL_MS = 10_000;
export const CRYPTO_CONFIRMATIONS_REQUIRED = 3;
export const RECENT_PAYSTACK_DEPOSITS = 5;

const get = <T>() => getQueryFn<T>({ on401: 'throw' });

/** Query options per read; keys name the API path, general to specific (TkDodo). */
export const walletQueries = {
  cryptoCurrencies: () =>
    queryOptions({ queryKey: ['/api/crypto/currencies'], queryFn: get<CryptoCurrencyOption[]>(), staleTime: CRYPTO_CURRENCIES_STALE_MS }),
  cryptoDeposits: () => queryOptions({ queryKey: ['/api/crypto/deposits'], queryFn: get<CryptoDeposit[]>() }),
  cryptoDeposit: (id: string) =>
    queryOptions({
      queryKey: ['/api/crypto/deposits', id],
      queryFn: get<CryptoDeposit>(),
      // Pending and confirming deposits change on the provider's side; poll until they settle.
      refetchInterval: (query) => (['pending', 'confirming'].includes(query.state.data?.status ?? 'pending') ? CRYPTO_DEPOSIT_POLL_MS : false),
    }),
  cryptoWithdrawals: () => queryOptions({ queryKey: ['/api/crypto/withdrawals'], queryFn: get<CryptoWithdrawal[]>() }),
  paystackDeposits: () => queryOptions({ queryKey: ['/api/paystack/deposits'], queryFn: get<PaystackDeposit[]>(), staleTime: PAYSTACK_LIST_STALE_MS }),
  transactions: () => queryOptions({ queryKey: ['/api/transactions'], queryFn: get<Transaction[]>() }),
};

/**
 * Every read that shows the user's money: the user (balances), the ledger, and the deposit and
 * withdrawal lists (the crypto deposits key is also the prefix of each single deposit's key).
 */
export function walletReadKeys(): QueryKey[] {
  return [
    userQueries.all(),
    walletQueries.transactions().queryKey,
    walletQueries.paystackDeposits().queryKey,
    walletQueries.cryptoDeposits().queryKey,
    walletQueries.cryptoWithdrawals().queryKey,
    // Bank withdrawals live in the wallet stream (bank-payouts.ts; a literal key avoids an import cycle).
    ['/api/withdrawals/bank'],
    // The balance chart (balance-chart.tsx) reads the same ledger.
    ['/api/wallet/balance-history'],
  ];
}

/** After money moves: the user (balances) and every list that shows it are refetched. */
export function useRefreshBalances() {
  const queryClient = useQueryClient();
  return () => Promise.all(walletReadKeys().map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export type { CryptoCurrencyOption, CryptoDeposit, CryptoWithdrawal, PaystackDeposit, PaystackInitializeResponse, PaystackVerifyResponse, Transaction };

export function useInitializePaystack() {
  return useMutation({
    mutationFn: (input: { amount: string; email: string }) => apiRequest<PaystackInitializeResponse>('POST', '/api/paystack/deposits/initialize', input),
  });
}

export function useVerifyPaystack() {
  return useMutation({
    mutationFn: (input: { reference: string }) => apiRequest<PaystackVerifyResponse>('POST', '/api/paystack/deposits/verify', input),
  });
}

export function useCreateCryptoDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CryptoDepositInput) =>
      apiRequest<CryptoDeposit>('POST', '/api/crypto/deposits/create', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/crypto/deposits'] }),
  });
}

export function useCreateCryptoWithdrawal() {
  const refresh = useRefreshBalances();
  return useMutation({
    mutationFn: (input: CryptoWithdrawalInput) =>
      apiRequest<CryptoWithdrawal | ProcessingAnswer>('POST', '/api/crypto/withdrawals/create', input),
    onSuccess: () => refresh(),
  });
}
