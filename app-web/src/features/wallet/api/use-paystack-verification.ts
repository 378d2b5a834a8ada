import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast';

import { formatMoney } from '../../../lib/money';
import { clearPaystackReference, storedPaystackReference } from './paystack-reference';
import { useRefreshBalances, useVerifyPaystack } from './wallet-queries';
import { errorMessage } from '../../../lib/error-message';

/**
 * Verifies a Paystack reference (spec section 4): success removes the stored reference and
 * refreshes the balance; failed or abandoned payments say so; a payment still pending keeps
 * its reference for the next check.
 */
export function usePaystackVerification() {
  const { t } = useTranslation();
  const verify = useVerifyPaystack();
  const refresh = useRefreshBalances();
  const run = useCallback(
    (reference: string, options: { quietWhilePending?: boolean } = {}) =>
      verify.mutateAsync({ reference }).then(
        async (response) => {
          const status = response.data?.status;
          if (response.status && status === 'success') {
            const amount = response.data?.amount !== undefined ? String(response.data.amount) : storedPaystackReference()?.amount;
            clearPaystackReference({ reference, status: 'success', amount: amount ?? null, reason: null });
            await refresh();
            toast({ title: t('deposit.paystack.successTitle'), description: t('deposit.paystack.successText', { amount: formatMoney(amount ?? '0', 'NGN') }), type: 'success' });
            return 'success' as const;
          }
          if (status === 'failed' || status === 'abandoned') {
            clearPaystackReference({ reference, status: 'failed', amount: storedPaystackReference()?.amount ?? null, reason: response.data?.gateway_response ?? null });
            await refresh();
            toast({ title: t('deposit.paystack.paymentFailedTitle'), description: response.data?.gateway_response || t('deposit.paystack.paymentFailedDefault'), type: 'error' });
            return 'failed' as const;
          }
          if (!options.quietWhilePending) toast({ title: t('deposit.paystack.paymentFailedTitle'), description: t('deposit.paystack.paymentFailedDefault'), type: 'warning' });
          return 'pending' as const;
        },
        (error: unknown) => {
          toast({ title: t('deposit.paystack.verificationErrorTitle'), description: errorMessage(error), type: 'error' });
          return 'error' as const;
        },
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t],
  );
  return { verify: run, verifying: verify.isPending };
}
