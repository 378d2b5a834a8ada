import { parsePaystackDeposit, PAYSTACK_MESSAGES } from '@wager/domain/wallet/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Field, Input } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';
import { getAuthToken } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { paystackOutcome, storePaystackReference, useStoredPaystackReference } from '../api/paystack-reference';
import { formatMoney } from '../../../lib/money';
import { usePaystackVerification } from '../api/use-paystack-verification';
import { useInitializePaystack } from '../api/wallet-queries';
import { SaferPlayBanner, breakInForce } from '../../profile';
import { FrozenMoneyNotice, freezeInForce } from '../../auth';
import { errorMessage } from '../../../lib/error-message';

/** The toast title of each refusal of the amount/email rules (spec section 8). */
function refusalTitleKey(message: string): string {
  if (message === PAYSTACK_MESSAGES.maximum) return 'deposit.paystack.amountTooHighTitle';
  if (message === PAYSTACK_MESSAGES.email) return 'deposit.paystack.invalidEmailTitle';
  return 'deposit.paystack.invalidAmountTitle';
}

/** The same rules as the server (`parsePaystackDeposit`), answered with the first refusal's message. */
export function paystackRefusal(amount: string, email: string): string | null {
  try {
    parsePaystackDeposit({ amount: amount.trim(), email });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Paystack (NGN): initialize, open the checkout in a new window, verify with the stored reference. */
export function PaystackDepositForm({ user }: { user: User | null | undefined }) {
  const { t } = useTranslation();
  const initialize = useInitializePaystack();
  const { verify, verifying } = usePaystackVerification();
  const [amount, setAmount] = useState('');
  const [email, setEmail] = useState(user?.email ?? '');
  const [error, setError] = useState<{ field: 'amount' | 'email'; message: string } | null>(null);
  const [checkoutUrl, setCheckoutUrl] = useState<string | null>(null);
  /** The reference of the checkout this form opened, to find its outcome once another window settles it. */
  const [openedReference, setOpenedReference] = useState<string | null>(null);
  const [popupBlocked, setPopupBlocked] = useState(false);
  const loggedIn = Boolean(user && getAuthToken());
  const storedReference = useStoredPaystackReference();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!loggedIn) return;
    const refusal = paystackRefusal(amount, email);
    if (refusal) {
      setError({ field: refusal === PAYSTACK_MESSAGES.email ? 'email' : 'amount', message: translateMessage(refusal) });
      toast({ title: t(refusalTitleKey(refusal)), description: translateMessage(refusal), type: 'error' });
      return;
    }
    setError(null);
    initialize.mutate(
      { amount: amount.trim(), email: email.trim() },
      {
        onSuccess: (response) => {
          if (!response.status || !response.data?.authorization_url) {
            toast({ title: t('deposit.paystack.paymentErrorTitle'), description: translateMessage(response.message) || t('deposit.paystack.paymentErrorDefault'), type: 'error' });
            return;
          }
          storePaystackReference(response.data.reference, amount.trim());
          setOpenedReference(response.data.reference);
          setCheckoutUrl(response.data.authorization_url);
          const opened = window.open(response.data.authorization_url, '_blank');
          setPopupBlocked(!opened);
        },
        onError: (failure) =>
          toast({ title: t('deposit.paystack.paymentErrorTitle'), description: errorMessage(failure) || t('deposit.paystack.paymentErrorDefault'), type: 'error' }),
      },
    );
  };

  const stored = checkoutUrl && storedReference ? { reference: storedReference } : null;
  // Settled (here or in the checkout window): say how it ended instead of "complete the payment".
  const outcome = checkoutUrl && storedReference !== openedReference ? paystackOutcome(openedReference) : null;
  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t('deposit.paystack.title')}>
      <h3>{t('deposit.paystack.title')}</h3>
      {!loggedIn ? <Alert tone="danger">{t('deposit.paystack.notLoggedIn')}</Alert> : null}
      <SaferPlayBanner selfExcludedUntil={user?.selfExcludedUntil} coolOffUntil={user?.coolOffUntil} />
      <FrozenMoneyNotice reason={freezeInForce(user)} />
      <Field label={t('deposit.paystack.amount')} error={error?.field === 'amount' ? error.message : undefined}>
        {(control) => <Input {...control} inputMode="decimal" placeholder="5000" value={amount} onChange={(e) => setAmount(e.target.value)} />}
      </Field>
      <Field label={t('deposit.paystack.email')} error={error?.field === 'email' ? error.message : undefined}>
        {(control) => <Input {...control} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
      </Field>
      <Button type="submit" size="lg" disabled={!loggedIn || initialize.isPending || breakInForce(user) !== null || freezeInForce(user) !== null}>
        {initialize.isPending ? t('deposit.paystack.initializing') : t('deposit.paystack.pay')}
      </Button>
      {outcome ? (
        <Alert tone={outcome.status === 'success' ? 'success' : 'danger'} data-testid="paystack-outcome" data-status={outcome.status}>
          {outcome.status === 'success'
            ? t('deposit.paystack.settledSuccess', { amount: formatMoney(outcome.amount ?? '0', 'NGN') })
            : t('deposit.paystack.settledFailed', { reason: outcome.reason || t('deposit.paystack.paymentFailedDefault') })}
        </Alert>
      ) : checkoutUrl ? (
        <Alert tone="info" data-testid="paystack-checkout-opened">
          <p>{t('deposit.paystack.checkoutOpened')}</p>
          {popupBlocked ? (
            <p>
              {t('deposit.paystack.popupBlocked')}{' '}
              <a href={checkoutUrl} target="_blank" rel="noreferrer">
                {t('deposit.paystack.openCheckout')}
              </a>
            </p>
          ) : null}
          {stored ? (
            <Button variant="outline" disabled={verifying} onClick={() => void verify(stored.reference).then((result) => result !== 'pending' && setCheckoutUrl(null))}>
              {verifying ? t('deposit.paystack.verifying') : t('deposit.paystack.verifyNow')}
            </Button>
          ) : null}
        </Alert>
      ) : null}
    </form>
  );
}
