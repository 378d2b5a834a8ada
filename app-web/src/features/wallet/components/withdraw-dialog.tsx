import { useQuery } from '@tanstack/react-query';
import { cryptoCurrency } from '@wager/domain/wallet/crypto-currencies';
import { Money } from '@wager/domain/money/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { Alert, Button, Field, Input, Select } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';

import { translateMessage } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { useCreateCryptoWithdrawal, walletQueries } from '../api/wallet-queries';
import { CryptoCurrencyFields } from './crypto-currency-fields';
import { cryptoAmountRefusal } from './crypto-deposit-form';
import { errorMessage } from '../../../lib/error-message';
import { isProcessing } from '../../../lib/api-client';
import { toastProcessing } from '../../../components/ui/processing-toast';

/** Spec section 5: rough USD rates for the balance check (USDT 1, BTC 45000, others 2500). */
export function roughUsdValue(code: string, amount: string): Money {
  const rate = cryptoCurrency(code)?.rate ?? (code === 'USDT' ? '1' : code === 'BTC' ? '45000' : '2500');
  return new Money(amount).mul(rate);
}

/** Withdraw Crypto: KYC warning unless email and phone are verified; the server flags requiresKyc. */
export function WithdrawDialog({ user, open, onOpenChange }: { user: User; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const currencies = useQuery({ ...walletQueries.cryptoCurrencies(), enabled: open });
  const withdraw = useCreateCryptoWithdrawal();
  const [code, setCode] = useState('');
  const [network, setNetwork] = useState('');
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const option = currencies.data?.find((c) => c.code === code);
  const needsKyc = !(user.isEmailVerified && user.isPhoneVerified);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const chosenNetwork = network || option?.networks[0] || '';
    if (!code || !chosenNetwork || !address.trim() || !amount.trim()) {
      return toast({ title: t('withdraw.incompleteTitle'), description: t('withdraw.incompleteText'), type: 'error' });
    }
    const refusal = cryptoAmountRefusal(option, amount);
    if (refusal) return toast({ title: t('withdraw.invalidAmountTitle'), description: translateMessage(refusal), type: 'error' });
    if (roughUsdValue(code, amount.trim()).gt(user.cryptoBalance || '0')) {
      return toast({ title: t('withdraw.insufficientTitle'), description: t('withdraw.insufficientText'), type: 'error' });
    }
    withdraw.mutate(
      { cryptocurrency: code, cryptoAmount: amount.trim(), withdrawalAddress: address.trim(), network: chosenNetwork },
      {
        onSuccess: (result) => {
          // A 202: the withdrawal is recorded, the read models are behind; the list shows it once they catch up.
          if (isProcessing(result)) toastProcessing();
          else toast({ title: t('withdraw.successTitle'), description: result.requiresKyc ? t('withdraw.successKycText') : t('withdraw.successText'), type: 'success' });
          onOpenChange(false);
          setAmount('');
          setAddress('');
        },
        onError: (failure) => toast({ title: t('withdraw.errorTitle'), description: errorMessage(failure), type: 'error' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('withdraw.title')} description={t('withdraw.available', { amount: formatMoney(user.cryptoBalance, 'USD') })}>
      <form className="form" noValidate onSubmit={submit} aria-label={t('withdraw.title')}>
        {needsKyc ? (
          <Alert tone="warning" data-testid="kyc-warning">
            <strong>{t('withdraw.kycWarningTitle')}</strong> {t('withdraw.kycWarning')}
          </Alert>
        ) : null}
        <CryptoCurrencyFields
          currencies={currencies.data ?? []}
          code={code}
          network={network}
          onChange={(next) => {
            setCode(next.code);
            setNetwork(next.network);
          }}
          labels={{ currency: t('withdraw.currency'), network: t('withdraw.network') }}
        />
        <Field label={t('withdraw.address')}>{(control) => <Input {...control} value={address} onChange={(e) => setAddress(e.target.value)} />}</Field>
        <Field label={t('withdraw.amount')} hint={option ? t('deposit.crypto.range', { min: option.minAmount, max: option.maxAmount, code: option.code }) : undefined}>
          {(control) => <Input {...control} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />}
        </Field>
        <Button type="submit" disabled={withdraw.isPending}>
          {withdraw.isPending ? t('withdraw.submitting') : t('withdraw.submit')}
        </Button>
      </form>
    </Dialog>
  );
}
