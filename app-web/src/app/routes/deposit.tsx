import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Badge, Button, Card } from '../../components/ui/primitives';
import { Tabs } from '../../components/ui/tabs';
import { paths } from '../../config/paths';
import { useUser } from '../../features/auth';
import { CryptoDepositForm, PaystackDepositForm, PayoutTimeNote, DepositHistory } from '../../features/wallet';
import { useSaferPlayLimits } from '../../features/profile';
import { WALLET_CURRENCY, formatMoney } from '../../lib/money';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { PAYSTACK_DEPOSIT_MAX, PAYSTACK_DEPOSIT_MIN } from '@wager/domain/wallet/rules';
import { formatAmount } from '@wager/domain/money/money';
import { WalletAmount } from '../../components/ui/wallet-amount';

/**
 * The method a player is pointed to first: the wallet is in naira, so a player who plays in naira
 * (display currency or country) pays by card or bank (Paystack, NGN) with no conversion; anyone
 * else is pointed to crypto (spec: "recommended"), credited in dollars.
 */
export function recommendedDepositMethod(user: Pick<User, 'preferredCurrency' | 'country'>): 'bank' | 'crypto' {
  return user.preferredCurrency === WALLET_CURRENCY || user.country === 'NG' ? 'bank' : 'crypto';
}

/**
 * The player's own deposit limits (safer gambling, GET /api/user/limits): daily, weekly and monthly,
 * each with what is left, and the card payment's minimum and maximum; a link to change them.
 */
function DepositLimitsCard() {
  const { t } = useTranslation();
  const limits = useSaferPlayLimits();
  const kinds = ['depositDaily', 'depositWeekly', 'depositMonthly'] as const;
  return (
    <Card title={t('deposit.limitsTitle')}>
      <dl className="readonly-list" data-testid="deposit-limits">
        {kinds.map((kind) => {
          const state = limits.data?.[kind];
          const currency = limits.data?.currency ?? WALLET_CURRENCY;
          return (
            <div key={kind} className="readonly-field" data-testid={`deposit-limit-${kind}`}>
              <dt>{t(kind, { ns: 'safer' })}</dt>
              <dd>
                {!state ? '…' : state.limit === null ? t('noLimit', { ns: 'safer' }) : formatMoney(state.limit, currency)}
                {state && state.remaining !== null ? <span className="muted"> · {t(`remaining_${kind}`, { ns: 'safer', amount: formatMoney(state.remaining, currency) })}</span> : null}
              </dd>
            </div>
          );
        })}
        <div className="readonly-field">
          <dt>{t('deposit.minimum')}</dt>
          <dd data-testid="deposit-minimum">{formatMoney(formatAmount(PAYSTACK_DEPOSIT_MIN))}</dd>
        </div>
        <div className="readonly-field">
          <dt>{t('deposit.maximum')}</dt>
          <dd data-testid="deposit-maximum">{formatMoney(formatAmount(PAYSTACK_DEPOSIT_MAX))}</dd>
        </div>
      </dl>
      <Link to={`${paths.profile.getHref()}?tab=safer`}>{t('deposit.setLimits')}</Link>
    </Card>
  );
}

/** /deposit (spec section 2): Bank/Card and crypto tabs (the recommended one first), side cards, deposit lists. */
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
  const recommended = recommendedDepositMethod(user);
  const recommendedBadge = <Badge tone="success">{t('deposit.recommended')}</Badge>;
  const cryptoTab = {
    value: 'crypto',
    label: (
      <>
        {t('deposit.cryptoTab')} {recommended === 'crypto' ? recommendedBadge : null}
      </>
    ),
    content: <CryptoDepositForm />,
  };
  const bankTab = {
    value: 'bank',
    label: (
      <>
        {t('deposit.bankTab')} {recommended === 'bank' ? recommendedBadge : null}
      </>
    ),
    content: (
      <>
        <PaystackDepositForm user={user} />
        <PayoutTimeNote />
      </>
    ),
  };
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
              defaultValue={returningFromPaystack ? 'bank' : recommended}
              tabs={recommended === 'bank' ? [bankTab, cryptoTab] : [cryptoTab, bankTab]}
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
          <DepositLimitsCard />
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
