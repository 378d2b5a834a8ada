import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { Badge, Button, Card } from '../../../components/ui/primitives';
import { Tabs } from '../../../components/ui/tabs';
import { formatMoney } from '../../../lib/money';
import { WalletAmount } from '../../../components/ui/wallet-amount';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { RECENT_PAYSTACK_DEPOSITS, walletQueries } from '../api/wallet-queries';
import { CryptoDepositForm, statusTone } from './crypto-deposit-form';
import { PaystackDepositForm } from './paystack-deposit-form';
import { WithdrawDialog } from './withdraw-dialog';
import { BankWithdrawDialog } from './bank-withdraw-dialog';
import { FrozenMoneyNotice, freezeInForce } from '../../auth';
import { BankWithdrawalHistory, useBankWithdrawals } from './bank-withdrawals';
import { formatDateTime } from '../../../lib/date-time';

const formatDate = formatDateTime;

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Badge tone={statusTone(status)}>{t(`wallet.status.${status}`, { defaultValue: status })}</Badge>;
}

/** The deposit lists: the first 5 Paystack deposits, then crypto deposits. */
export function DepositHistory() {
  const { t } = useTranslation();
  const paystack = useQuery(walletQueries.paystackDeposits());
  const crypto = useQuery(walletQueries.cryptoDeposits());
  const paystackRows = (paystack.data ?? []).slice(0, RECENT_PAYSTACK_DEPOSITS);
  const cryptoRows = crypto.data ?? [];
  if (paystackRows.length === 0 && cryptoRows.length === 0) return <p className="muted">{t('wallet.noDeposits')}</p>;
  return (
    <div className="stack">
      {paystackRows.length > 0 ? (
        <>
          <h4>{t('deposit.paystack.recent')}</h4>
          <ul className="list" data-testid="paystack-deposits">
            {paystackRows.map((d) => (
              <li key={d.id} className="list-row">
                <span>{formatMoney(d.amount, 'NGN')}</span>
                <span className="muted">{d.reference}</span>
                <span className="muted">{formatDate(d.created_at)}</span>
                <StatusBadge status={d.status} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {cryptoRows.length > 0 ? (
        <>
          <h4>{t('deposit.crypto.history')}</h4>
          <ul className="list" data-testid="crypto-deposits">
            {cryptoRows.map((d) => (
              <li key={d.id} className="list-row">
                <span>
                  {d.amount} {d.currency}
                </span>
                <span className="muted">{formatMoney(d.usdAmount, 'USD')}</span>
                <span className="muted">{formatDate(d.createdAt)}</span>
                <StatusBadge status={d.status} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

export function WithdrawalHistory() {
  const { t } = useTranslation();
  const withdrawals = useQuery(walletQueries.cryptoWithdrawals());
  const bankRows = useBankWithdrawals();
  const rows = withdrawals.data ?? [];
  const bank = <BankWithdrawalHistory />;
  // "No withdrawals yet" only when neither list has one (a paid bank withdrawal is a withdrawal).
  if (rows.length === 0) {
    const none = withdrawals.isSuccess && bankRows.isSuccess && (bankRows.data ?? []).length === 0;
    return (
      <>
        {bank}
        {none ? <p className="muted">{t('wallet.noWithdrawals')}</p> : null}
      </>
    );
  }
  return (
    <>
    {bank}
    <ul className="list" data-testid="crypto-withdrawals">
      {rows.map((w) => (
        <li key={w.id} className="list-row">
          <span>
            {w.amount} {w.currency}
          </span>
          <span className="muted">{formatMoney(w.usdAmount, 'USD')}</span>
          <span className="muted">{formatDate(w.createdAt)}</span>
          <StatusBadge status={w.status} />
          {w.kycStatus === 'pending' ? <span className="text-warning">{t('wallet.kycRequiredNote')}</span> : null}
        </li>
      ))}
    </ul>
    </>
  );
}

/** recharts comes with the chart, not with the page. */
const BalanceChart = lazy(() => import('./balance-chart'));

/** Wallet panel (spec section 2): balances, Deposit Funds and Withdraw Crypto dialogs, history, the balance over time. */
export function WalletPanel({ user }: { user: User }) {
  const { t } = useTranslation();
  const [depositOpen, setDepositOpen] = useState(false);
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  const [bankOpen, setBankOpen] = useState(false);
  // A freeze closes every money button here up front (the server refuses them anyway: account_frozen).
  const frozen = freezeInForce(user);
  return (
    <Card title={t('wallet.title')} data-testid="wallet-panel">
      <div className="grid-2">
        <div className="stat">
          <span className="stat-label">{t('wallet.balance')}</span>
          <span className="stat-value">
            <WalletAmount amount={user.balance} displayCurrency={user.preferredCurrency} />
          </span>
        </div>
        <div className="stat">
          <span className="stat-label">{t('pages.money.cryptoBalanceUsd')}</span>
          <span className="stat-value">{formatMoney(user.cryptoBalance, 'USD')}</span>
        </div>
      </div>
      <FrozenMoneyNotice reason={frozen} />
      <div className="row">
        <Button disabled={frozen !== null} onClick={() => setDepositOpen(true)}>
          {t('wallet.depositFunds')}
        </Button>
        <Button variant="outline" disabled={frozen !== null} onClick={() => setWithdrawOpen(true)}>
          {t('wallet.withdrawCrypto')}
        </Button>
        <Button variant="outline" disabled={frozen !== null} onClick={() => setBankOpen(true)} data-testid="withdraw-bank">
          {t('bankPayout.title')}
        </Button>
      </div>
      <Suspense fallback={null}>
        <BalanceChart />
      </Suspense>
      <Tabs
        label={t('wallet.transactionHistory')}
        defaultValue="deposits"
        tabs={[
          { value: 'deposits', label: t('wallet.deposits'), content: <DepositHistory /> },
          { value: 'withdrawals', label: t('wallet.withdrawals'), content: <WithdrawalHistory /> },
        ]}
      />
      <Dialog open={depositOpen} onOpenChange={setDepositOpen} title={t('wallet.depositFunds')} wide>
        <Tabs
          label={t('wallet.depositFunds')}
          defaultValue="paystack"
          tabs={[
            { value: 'paystack', label: t('wallet.paystackTab'), content: <PaystackDepositForm user={user} /> },
            { value: 'crypto', label: t('wallet.cryptoTab'), content: <CryptoDepositForm /> },
          ]}
        />
      </Dialog>
      <WithdrawDialog user={user} open={withdrawOpen} onOpenChange={setWithdrawOpen} />
      <BankWithdrawDialog user={user} open={bankOpen} onOpenChange={setBankOpen} />
    </Card>
  );
}
