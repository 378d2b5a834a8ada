import { useQuery } from '@tanstack/react-query';
import { Money } from '@wager/domain/money/money';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Alert, Badge, Button, Field, Input, Select, Spinner } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { errorStatus, getAuthToken } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import type { CryptoCurrencyOption, CryptoDeposit } from '@wager/domain/contracts/wallet';
import { CryptoCurrencyFields } from './crypto-currency-fields';
import { CRYPTO_CONFIRMATIONS_REQUIRED, useCreateCryptoDeposit, useRefreshBalances, walletQueries } from '../api/wallet-queries';
import { errorMessage } from '../../../lib/error-message';
import { FrozenMoneyNotice, freezeInForce, useUser } from '../../auth';
import { SaferPlayBanner, breakInForce } from '../../profile';

/** Spec section 9: without a session the crypto form sends the visitor to sign in after 2 s. */
export const LOGIN_REDIRECT_DELAY_MS = 2000;

/** Spec section 5: "Amount must be between {min} and {max} {code}", checked without floats. */
export function cryptoAmountRefusal(option: CryptoCurrencyOption | undefined, amount: string): string | null {
  if (!option || !amount.trim()) return 'Cryptocurrency and amount are required';
  const outOfRange = `Amount must be between ${option.minAmount} and ${option.maxAmount} ${option.code}`;
  if (!/^\d+(\.\d{1,8})?$/.test(amount.trim())) return outOfRange;
  const value = new Money(amount.trim());
  return value.lt(option.minAmount) || value.gt(option.maxAmount) ? outOfRange : null;
}

export function statusTone(status: string): 'success' | 'warning' | 'danger' | 'info' | 'neutral' {
  if (['confirmed', 'success', 'completed'].includes(status)) return 'success';
  if (['pending', 'confirming', 'processing'].includes(status)) return 'warning';
  if (['failed', 'expired', 'abandoned', 'cancelled'].includes(status)) return 'danger';
  return 'neutral';
}

/** A created deposit: address as text and QR, status and confirmations, polled until settled. */
export function CryptoDepositStatus({ deposit: created, onComplete }: { deposit: CryptoDeposit; onComplete?: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshBalances();
  const { data } = useQuery({ ...walletQueries.cryptoDeposit(created.id), initialData: created });
  const deposit = data ?? created;
  const previous = useRef(created.status);
  useEffect(() => {
    if (previous.current !== 'confirmed' && deposit.status === 'confirmed') {
      toast({ title: t('deposit.crypto.confirmedTitle'), description: t('deposit.crypto.confirmedText', { amount: deposit.amount, code: deposit.currency }), type: 'success' });
      void refresh();
      onComplete?.();
    }
    previous.current = deposit.status;
  }, [deposit.status, deposit.amount, deposit.currency, refresh, onComplete, t]);
  return (
    <div className="crypto-deposit" data-testid="crypto-deposit">
      <p>{t('deposit.crypto.sendExactly', { amount: deposit.amount, code: deposit.currency, network: deposit.network ?? '' })}</p>
      <div className="qr">
        <QRCodeSVG value={deposit.address} size={176} role="img" aria-label={t('deposit.crypto.qrLabel')} />
      </div>
      <Field label={t('deposit.crypto.address')}>
        {(control) => <Input {...control} readOnly value={deposit.address} data-testid="crypto-address" onFocus={(e) => e.target.select()} />}
      </Field>
      <div className="row">
        <span>{t('deposit.crypto.statusLabel')}:</span>
        <Badge tone={statusTone(deposit.status)} data-testid="crypto-status">
          {t(`wallet.status.${deposit.status}`, { defaultValue: deposit.status })}
        </Badge>
        <span data-testid="crypto-confirmations">{t('deposit.crypto.confirmations', { count: Math.min(deposit.confirmations ?? 0, CRYPTO_CONFIRMATIONS_REQUIRED) })}</span>
        <span className="muted">{t('deposit.crypto.usdValue', { amount: deposit.usdAmount })}</span>
      </div>
    </div>
  );
}

/** Crypto deposit: currency and network pickers, amount within the currency's limits. */
export function CryptoDepositForm({ onComplete }: { onComplete?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const currencies = useQuery(walletQueries.cryptoCurrencies());
  const create = useCreateCryptoDeposit();
  const { data: user } = useUser();
  const closedUntil = breakInForce(user);
  const [code, setCode] = useState('');
  const [network, setNetwork] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deposit, setDeposit] = useState<CryptoDeposit | null>(null);
  const option = currencies.data?.find((c) => c.code === code);

  const requireLogin = () => {
    toast({ title: t('deposit.crypto.authRequiredTitle'), description: t('deposit.crypto.authRequiredText'), type: 'error' });
    setTimeout(() => void navigate(paths.auth.getHref(paths.deposit.getHref())), LOGIN_REDIRECT_DELAY_MS);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const refusal = cryptoAmountRefusal(option, amount);
    if (refusal) return setError(translateMessage(refusal));
    if (!getAuthToken()) return requireLogin();
    setError(null);
    create.mutate(
      { cryptocurrency: code, cryptoAmount: amount.trim(), network: network || option?.networks[0] || '' },
      {
        onSuccess: setDeposit,
        onError: (failure) => {
          if (errorStatus(failure) === 401) return requireLogin();
          toast({ title: t('deposit.crypto.depositErrorTitle'), description: errorMessage(failure) || t('deposit.crypto.depositErrorDefault'), type: 'error' });
        },
      },
    );
  };

  if (currencies.isPending) return <Spinner />;
  if (currencies.isError) return <Alert tone="danger">{t('deposit.crypto.loadFailed')}</Alert>;
  if (deposit) {
    return (
      <div className="form">
        <CryptoDepositStatus deposit={deposit} onComplete={onComplete} />
        <Button variant="outline" onClick={() => setDeposit(null)}>
          {t('deposit.crypto.newDeposit')}
        </Button>
      </div>
    );
  }
  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t('deposit.crypto.title')}>
      <h3>{t('deposit.crypto.title')}</h3>
      <CryptoCurrencyFields
        currencies={currencies.data}
        code={code}
        network={network}
        onChange={(next) => {
          setCode(next.code);
          setNetwork(next.network);
        }}
        labels={{ currency: t('deposit.crypto.currency'), network: t('deposit.crypto.network') }}
      />
      <Field
        label={t('deposit.crypto.amount')}
        error={error ?? undefined}
        hint={option ? t('deposit.crypto.range', { min: option.minAmount, max: option.maxAmount, code: option.code }) : undefined}
      >
        {(control) => <Input {...control} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />}
      </Field>
      <SaferPlayBanner selfExcludedUntil={user?.selfExcludedUntil} coolOffUntil={user?.coolOffUntil} />
      <FrozenMoneyNotice reason={freezeInForce(user)} />
      <Button type="submit" size="lg" disabled={create.isPending || closedUntil !== null || freezeInForce(user) !== null}>
        {create.isPending ? t('deposit.crypto.creating') : t('deposit.crypto.create')}
      </Button>
    </form>
  );
}
