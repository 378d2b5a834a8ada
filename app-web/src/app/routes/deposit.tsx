import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Badge, Button, Card } from '../../components/ui/primitives';
import { Tabs } from '../../components/ui/tabs';
import { paths } from '../../config/paths';
import { useUser } from '../../features/auth/api/user-queries';
import { CryptoDepositForm } from '../../features/wallet/components/crypto-deposit-form';
import { PaystackDepositForm } from '../../features/wallet/components/paystack-deposit-form';
import { DepositHistory } from '../../features/wallet/components/wallet-panel';
import { formatConverted, formatMoney } from '../../lib/money';

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
            <span className="stat-value" data-testid="deposit-balance">
              {formatConverted(user.balance, 'USD')}
            </span>
          </div>
          <div className="stat">
            <span className="stat-label">{t('deposit.cryptoBalance')}</span>
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
                { value: 'bank', label: t('deposit.bankTab'), content: <PaystackDepositForm user={user} /> },
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
                <dd>$10.00</dd>
              </div>
              <div className="readonly-field">
                <dt>{t('deposit.maximum')}</dt>
                <dd>$10,000.00</dd>
              </div>
              <div className="readonly-field">
                <dt>{t('deposit.dailyLimit')}</dt>
                <dd>{formatMoney(user.dailyLimit || '50000', 'NGN')}</dd>
              </div>
              <div className="readonly-field">
                <dt>{t('deposit.todaysSpent')}</dt>
                <dd>{formatMoney(user.dailySpent || '0', 'NGN')}</dd>
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
