import { useQuery } from '@tanstack/react-query';
import { Money } from '@wager/domain/money/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { Alert, Button, Field, Input, Select } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/error-message';
import { isProcessing } from '../../../lib/api-client';
import { toastProcessing } from '../../../components/ui/processing-toast';
import { formatMoney } from '../../../lib/money';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { formatDateTime } from '../../bets';
import { BANK_WITHDRAWAL_MIN, bankPayoutQueries, useAddBankAccount, useBankWithdrawal, useResolveBankAccount, type BankAccount } from '../api/bank-payouts';

/** Bank, account number, Resolve → the bank's account name shown for confirmation → Add. */
export function AddBankAccountForm({ onAdded }: { onAdded: (account: BankAccount) => void }) {
  const { t } = useTranslation();
  const banks = useQuery(bankPayoutQueries.banks());
  const resolve = useResolveBankAccount();
  const add = useAddBankAccount();
  const [bankCode, setBankCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const resolved = resolve.data && resolve.data.bankCode === bankCode ? resolve.data : null;

  const onResolve = () => resolve.mutate({ bankCode, accountNumber: accountNumber.replace(/\s+/g, '') }, { onError: (e) => toast({ title: t('bankPayout.resolveError'), description: errorMessage(e), type: 'error' }) });
  const onAdd = () =>
    add.mutate(
      { bankCode, accountNumber: accountNumber.replace(/\s+/g, '') },
      {
        onSuccess: (account) => {
          toast({ title: t('bankPayout.accountAdded'), type: 'success' });
          resolve.reset();
          setAccountNumber('');
          onAdded(account);
        },
        onError: (e) => toast({ title: t('bankPayout.resolveError'), description: errorMessage(e), type: 'error' }),
      },
    );

  return (
    <div className="stack" data-testid="add-bank-account">
      <Field label={t('bankPayout.bank')}>
        {(control) => (
          <Select {...control} value={bankCode} onChange={(e) => { setBankCode(e.target.value); resolve.reset(); }}>
            <option value="">{t('bankPayout.chooseBank')}</option>
            {(banks.data ?? []).map((b) => (
              <option key={b.code} value={b.code}>
                {b.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('bankPayout.accountNumber')} hint={t('bankPayout.accountNumberHint')}>
        {(control) => <Input {...control} inputMode="numeric" maxLength={12} value={accountNumber} onChange={(e) => { setAccountNumber(e.target.value); resolve.reset(); }} />}
      </Field>
      {resolved ? (
        <Alert tone="info" data-testid="resolved-account-name">
          {t('bankPayout.confirmName', { name: resolved.accountName, bank: resolved.bankName })}
        </Alert>
      ) : null}
      {resolved ? (
        <Button onClick={onAdd} disabled={add.isPending}>
          {t('bankPayout.confirmAdd')}
        </Button>
      ) : (
        <Button variant="outline" onClick={onResolve} disabled={!bankCode || accountNumber.replace(/\s+/g, '').length !== 10 || resolve.isPending}>
          {resolve.isPending ? t('bankPayout.resolving') : t('bankPayout.resolve')}
        </Button>
      )}
    </div>
  );
}

/** Withdraw to bank: ₦1,000 minimum, up to the balance; held at once and sent through Paystack. */
export function BankWithdrawDialog({ user, open, onOpenChange }: { user: User; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const accounts = useQuery({ ...bankPayoutQueries.accounts(), enabled: open });
  const withdraw = useBankWithdrawal();
  const [accountId, setAccountId] = useState('');
  const [amount, setAmount] = useState('');
  const [adding, setAdding] = useState(false);
  const list = accounts.data ?? [];
  const chosen = accountId || list[0]?.id || '';
  const needsKyc = !(user.isEmailVerified && user.isPhoneVerified);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const value = amount.trim();
    if (!chosen || !value) return toast({ title: t('withdraw.incompleteTitle'), description: t('withdraw.incompleteText'), type: 'error' });
    if (!/^\d+(\.\d{1,2})?$/.test(value) || new Money(value).lt(BANK_WITHDRAWAL_MIN)) return toast({ title: t('withdraw.invalidAmountTitle'), description: t('bankPayout.minimum'), type: 'error' });
    if (new Money(value).gt(user.balance || '0')) return toast({ title: t('withdraw.insufficientTitle'), description: t('bankPayout.insufficient'), type: 'error' });
    withdraw.mutate(
      { amount: value, bankAccountId: chosen },
      {
        onSuccess: (w) => {
          // A 202: the request is recorded, the read models are behind; the list shows it once they catch up.
          if (isProcessing(w)) toastProcessing();
          else toast({ title: t('withdraw.successTitle'), description: w.waiting ? t(`bankPayout.waiting.${w.waiting}`, { time: formatDateTime(w.notBefore) }) : t('bankPayout.sentText'), type: 'success' });
          setAmount('');
          onOpenChange(false);
        },
        onError: (e) => toast({ title: t('withdraw.errorTitle'), description: errorMessage(e), type: 'error' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('bankPayout.title')} description={t('withdraw.available', { amount: formatMoney(user.balance, 'NGN') })}>
      {needsKyc ? (
        <Alert tone="warning" data-testid="bank-kyc-warning">
          <strong>{t('withdraw.kycWarningTitle')}</strong> {t('bankPayout.kycWarning')}
        </Alert>
      ) : null}
      {list.length === 0 || adding ? (
        <AddBankAccountForm
          onAdded={(account) => {
            setAccountId(account.id);
            setAdding(false);
          }}
        />
      ) : (
        <form className="form" noValidate onSubmit={submit} aria-label={t('bankPayout.title')}>
          <Field label={t('bankPayout.toAccount')} hint={t('bankPayout.newAccountNote')}>
            {(control) => (
              <Select {...control} value={chosen} onChange={(e) => setAccountId(e.target.value)}>
                {list.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.bankName} {a.accountNumber} — {a.accountName}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Button variant="ghost" size="sm" onClick={() => setAdding(true)}>
            {t('bankPayout.addAccount')}
          </Button>
          <Field label={t('withdraw.amount')} hint={t('bankPayout.minimum')}>
            {(control) => <Input {...control} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />}
          </Field>
          <Button type="submit" disabled={withdraw.isPending}>
            {withdraw.isPending ? t('withdraw.submitting') : t('bankPayout.submit')}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
