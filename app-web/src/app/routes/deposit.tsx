import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Badge, Button, Card } from '../../components/ui/primitives';
import { Tabs } from '../../components/ui/tabs';
import { paths } from '../../config/paths';
import { useUser } from '../../features/auth/api/user-queries';
import { CryptoDepositForm } from '../../features/wallet/components/crypto-deposit-form';
import { PaystackDepositForm } from '../../features/wallet/components/paystack-deposit-form';
import { PayoutTimeNote } from '../../features/wallet/components/bank-withdrawals';
import { DepositHistory } from '../../features/wallet/components/wallet-panel';
import { DAILY_LIMIT_DEFAULT } from '../../features/bets/components/create-challenge-dialog';
import { formatMoney } from '../../lib/money';
import { PAYSTACK_DEPOSIT_MAX, PAYSTACK_DEPOSIT_MIN } from '@wager/domain/wallet/rules';
import { formatAmount } from '@wager/domain/money/money';
import { WalletAmount } from '../../components/ui/wallet-amount';

/** /deposit (spec section 2): crypto (recommended) and Bank/Card tabs, side cards, deposit lists. */
export function DepositRoute() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const [searchParams] = useSearchParams();
  // Back from the Paystack checkout (?reference=…): open on the tab the payment was made on.
  const returningFromPaystack = searchParams.has('reference') || searchParams.has('trxref');
  if (!user) {
    return (
      <div className="page-center">
        <Card title={t('deposit.authRequired')}>
          <p>{t('deposit.authRequiredText')}</p>
          <div className="row">
            <Link className="btn btn-primary" to={paths.auth.getHref(paths.deposit.getHref())}>
              {t('deposit.logIn')}
            </Link>
            <Link className="btn btn-outline" to={paths.dashboard.getHref()}>
              {t('common.backToDashboard')}
            </Link>
          </div>
        </Card>
      </div>
    );
  }
  return (
    <div className="page">
      <header className="page-header row-between">
        <div>
          <h1>{t('deposit.title')}</h1>
          <p className="muted">{t('deposit.subtitle')}</p>
        </div>
        <div className="row">
          <div className="stat">
            <span className="stat-label">{t('deposit.balance')}</span>
            <span className="stat-value">
              <WalletAmount amount={user.balance} displayCurrency={user.preferredCurrency} testId="deposit-balance" />
            </span>
          </div>
          <div className="stat">
            <span className="stat-label">{t('pages.money.cryptoBalanceUsd')}</span>
            <span className="stat-value" data-testid="deposit-crypto-balance">
              {formatMoney(user.cryptoBalance, 'USD')}
            </span>
          </div>
        </div>
      </header>
      <div className="layout-sidebar">
        <div className="stack">
          <Card>
            <Tabs
              label={t('deposit.title')}
              defaultValue={returningFromPaystack ? 'bank' : 'crypto'}
              tabs={[
                {
                  value: 'crypto',
                  label: (
                    <>
                      {t('deposit.cryptoTab')} <Badge tone="success">{t('deposit.recommended')}</Badge>
                    </>
                  ),
                  content: <CryptoDepositForm />,
                },
                {
                  value: 'bank',
                  label: t('deposit.bankTab'),
                  content: (
                    <>
                      <PaystackDepositForm user={user} />
                      <PayoutTimeNote />
                    </>
                  ),
                },
              ]}
            />
          </Card>
          <Card title={t('wallet.deposits')}>
            <DepositHistory />
          </Card>
        </div>
        <aside className="stack">
          <Card title={t('deposit.benefitsTitle')}>
            <ul className="checklist">
              <li>🔒 {t('deposit.benefitSsl')}</li>
              <li>⚡ {t('deposit.benefitCrypto')}</li>
              <li>💳 {t('deposit.benefitMethods')}</li>
            </ul>
          </Card>
          <Card title={t('deposit.limitsTitle')}>
            <dl className="readonly-list">
              <div className="readonly-field">
                <dt>{t('deposit.minimum')}</dt>
                <dd data-testid="deposit-minimum">{formatMoney(formatAmount(PAYSTACK_DEPOSIT_MIN))}</dd>
              </div>
              <div className="readonly-field">
                <dt>{t('deposit.maximum')}</dt>
                <dd data-testid="deposit-maximum">{formatMoney(formatAmount(PAYSTACK_DEPOSIT_MAX))}</dd>
              </div>
              <div className="readonly-field">
                <dt>{t('pages.money.dailyStakeLimit')}</dt>
                <dd data-testid="daily-stake-limit">{user.dailyLimit === null ? t('noLimit', { ns: 'safer' }) : formatMoney(user.dailyLimit || DAILY_LIMIT_DEFAULT)}</dd>
              </div>
              <div className="readonly-field">
                <dt>{t('pages.money.stakedToday')}</dt>
                <dd>{formatMoney(user.dailySpent || '0')}</dd>
              </div>
            </dl>
          </Card>
          <Card title={t('deposit.quickActions')}>
            <div className="stack">
              <Link className="btn btn-outline" to={paths.matches.getHref()}>
                {t('deposit.browseMatches')}
              </Link>
              <Link className="btn btn-outline" to={paths.dashboard.getHref()}>
                {t('deposit.viewHistory')}
              </Link>
            </div>
          </Card>
          <Card title={t('deposit.needHelp')}>
            <p className="muted">{t('deposit.needHelpText')}</p>
            <Button variant="outline" onClick={() => (window.location.href = 'mailto:support@wager.example')}>
              {t('deposit.contactSupport')}
            </Button>
          </Card>
        </aside>
      </div>
    </div>
  );
}
