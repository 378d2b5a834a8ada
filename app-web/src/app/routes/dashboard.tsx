import { useQuery } from '@tanstack/react-query';
import { Money } from '@wager/domain/money/money';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge, Button, Card, Select, Spinner } from '../../components/ui/primitives';
import { toast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { useUser } from '../../features/auth';
import { betQueries, useCancelBet, BetStatusBadge, formatDateTime, isActive, opponentName, CreateChallengeDialog, PullToRefresh } from '../../features/bets';
import { breakInForce } from '../../features/profile';
import { freezeInForce } from '../../features/auth';
import { useSetCurrency, LocationDialog } from '../../features/location';
import { walletQueries, WalletPanel } from '../../features/wallet';
import { LeaderboardPanel } from '../../features/players';
import { LiveMatchesPanel } from '../../features/live';
import { FloatingActions } from '../../components/layout/floating-actions';
import { toastProcessing } from '../../components/ui/processing-toast';
import { isProcessing } from '../../lib/api-client';

import { DISPLAY_CURRENCIES, displayCurrency, formatMoney, sumAmounts } from '../../lib/money';
import { WalletAmount } from '../../components/ui/wallet-amount';
import type { BetView as Bet } from '@wager/domain/contracts/bets';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { errorMessage } from '../../lib/error-message';

/** Transaction types that take money out of the player's balance: shown with a minus sign. */
const DEBIT_TYPES = new Set(['bet_escrow', 'pool_entry', 'fee', 'withdrawal']);

export const RECENT_ACTIVITY_COUNT = 5;
export const ACTIVE_BETS_COUNT = 5;
/** The further panel's list (spec: a 10-item list): the latest finished matches. */
export const RECENT_MATCHES_COUNT = 10;
/**
 * The location dialog opens by itself once per browser session at most, and only for a player
 * who has not chosen a currency (a quick signup guessed it from the browser; the full form asks).
 */
const LOCATION_PROMPTED_KEY = 'locationPrompted';

function StatCard({ label, value, detail, testId }: { label: string; value: React.ReactNode; detail?: string; testId: string }) {
  return (
    <div className="card stat-card" data-testid={testId}>
      <span className="stat-label">{label}</span>
      <span className="stat-value">{value}</span>
      {detail ? <span className="muted">{detail}</span> : null}
    </div>
  );
}

function CurrencySelector({ user }: { user: User }) {
  const { t } = useTranslation();
  const setCurrency = useSetCurrency();
  return (
    <label className="page-actions-currency" htmlFor="display-currency">
      <span>{t('dashboard.currency')}</span>
      <Select
        id="display-currency"
        className="input-compact"
        value={displayCurrency(user.preferredCurrency)}
        disabled={setCurrency.isPending}
        onChange={(e) =>
          setCurrency.mutate(e.target.value, {
            onSuccess: () => toast({ title: t('dashboard.currencyUpdated'), type: 'success' }),
            onError: () => toast({ title: t('common.error'), description: t('dashboard.currencyFailed'), type: 'error' }),
          })
        }
      >
        {DISPLAY_CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </Select>
    </label>
  );
}

function ActiveBetRow({ bet, user, testId = 'active-bet' }: { bet: Bet; user: User; testId?: string }) {
  const { t } = useTranslation();
  const cancel = useCancelBet();
  const canCancel = bet.status === 'pending' && bet.challengerId === user.id;
  return (
    <li className="list-row" data-testid={testId}>
      <span>
        <strong>{t(`bets.gameShort.${bet.gameType}`)}</strong> {t('bets.vs')} {opponentName(bet, user.id, t('bets.openChallenge'))}
      </span>
      <span>{formatMoney(bet.amount, bet.currency ?? 'NGN')}</span>
      <BetStatusBadge status={bet.status} />
      <span className="row">
        <Link className="btn btn-ghost btn-sm" to={paths.matchDetails.getHref(bet.id)}>
          {t('common.viewDetails')}
        </Link>
        {bet.status !== 'pending' ? (
          <Link className="btn btn-ghost btn-sm" to={paths.chat.getHref(bet.id)} aria-label={`${t('dashboard.message')} ${bet.id}`}>
            💬
          </Link>
        ) : null}
        {canCancel ? (
          <Button
            size="sm"
            variant="danger"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(bet.id, {
                onSuccess: (response) =>
                  isProcessing(response) ? toastProcessing() : toast({ title: t('dashboard.cancelledTitle'), description: t('dashboard.cancelledText'), type: 'success' }),
                onError: (error) => toast({ title: t('dashboard.cancelFailedTitle'), description: errorMessage(error), type: 'error' }),
              })
            }
          >
            {t('dashboard.cancelBet')}
          </Button>
        ) : null}
      </span>
    </li>
  );
}

/** /dashboard (wagering spec section 2). */
export function DashboardRoute() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const bets = useQuery(betQueries.list());
  const transactions = useQuery(walletQueries.transactions());
  const [createOpen, setCreateOpen] = useState(false);
  // An admin runs the platform rather than playing on it: never asked for a location (issue #29).
  const currencyUnchosen = Boolean(user && !user.currencySetByUser && !user.isAdmin);
  const shouldPrompt = () => currencyUnchosen && window.sessionStorage.getItem(LOCATION_PROMPTED_KEY) !== 'true';
  // Open on the first render when the account is already loaded (the usual case behind the
  // protected route), or as soon as it arrives.
  const [locationOpen, setLocationOpen] = useState(shouldPrompt);
  useEffect(() => {
    if (shouldPrompt()) setLocationOpen(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currencyUnchosen]);
  if (!user) return <Spinner />;

  const allBets = bets.data ?? [];
  // One definition of "active" everywhere (wagering spec section 4): accepted and in_progress.
  const activeBets = allBets.filter(isActive);
  const openChallenges = allBets.filter((b) => b.status === 'pending');
  const wins = user.wins ?? 0;
  const completed = wins + (user.losses ?? 0);
  const payouts = (transactions.data ?? []).filter((tx) => tx.type === 'bet_payout');
  // A cool-off or self-exclusion closes challenge creation: said by the banner above, the buttons closed.
  // A freeze closes them too (its reason is in the notice above every page).
  const onBreak = breakInForce(user) !== null || freezeInForce(user) !== null;
  // "Welcome back" only to a player who has been here before: played or moved money.
  const returning = allBets.length > 0 || (transactions.data ?? []).length > 0;
  const showOnboarding = bets.isSuccess && allBets.length === 0 && new Money(user.balance || '0').isZero();

  const recentMatches = allBets.filter((b) => ['completed', 'voided', 'disputed'].includes(b.status)).slice(0, RECENT_MATCHES_COUNT);

  return (
    <PullToRefresh>
    <div className="page">
      <header className="page-header row-between">
        <div>
          <h1>{t(returning ? 'dashboard.welcomeBack' : 'dashboard.welcome', { name: user.username })}</h1>
          <p className="muted">{t('dashboard.subtitle')}</p>
        </div>
        <div className="page-actions" data-testid="dashboard-actions">
          <CurrencySelector user={user} />
          <Link className="btn btn-outline" to={paths.marketplace.getHref()}>
            {t('dashboard.browseMarketplace')}
          </Link>
          <Link className="btn btn-outline" to={paths.opponents.getHref()}>
            {t('pages.fab.findOpponents')}
          </Link>
          <Button disabled={onBreak} onClick={() => setCreateOpen(true)}>
            {t('dashboard.createChallenge')}
          </Button>
        </div>
      </header>

      {showOnboarding ? (
        <Card title={t('dashboard.onboardingTitle')} data-testid="onboarding">
          <p>{t('dashboard.onboardingText')}</p>
          <div className="row">
            <Link className="btn btn-primary" to={paths.deposit.getHref()}>
              {t('dashboard.depositFunds')}
            </Link>
            <Button variant="outline" disabled={onBreak} onClick={() => setCreateOpen(true)}>
              {t('dashboard.viewChallengeOptions')}
            </Button>
          </div>
        </Card>
      ) : null}

      <div className="stats-grid">
        <StatCard testId="stat-balance" label={t('dashboard.stats.balance')} value={<WalletAmount amount={user.balance} displayCurrency={user.preferredCurrency} />} />
        <StatCard
          testId="stat-winnings"
          label={t('dashboard.stats.totalWinnings')}
          value={<WalletAmount amount={sumAmounts(payouts.map((p) => p.amount))} displayCurrency={user.preferredCurrency} />}
        />
        <StatCard
          testId="stat-win-rate"
          label={t('dashboard.stats.winRate')}
          value={`${completed > 0 ? Math.round((wins / completed) * 100) : 0}%`}
          detail={t('dashboard.stats.winRateDetail', { won: wins, completed })}
        />
        <StatCard testId="stat-active" label={t('dashboard.stats.activeBets')} value={String(activeBets.length)} />
        <StatCard testId="stat-rating" label={t('dashboard.stats.rating')} value={completed > 0 && user.rating ? String(user.rating) : t('dashboard.stats.unranked')} />
      </div>

      <LiveMatchesPanel bets={allBets} user={user} />

      <div className="grid-2">
        <Card title={t('dashboard.activeBetsTitle')}>
          {activeBets.length === 0 ? (
            <p className="muted">{t('dashboard.noActiveBets')}</p>
          ) : (
            <ul className="list">
              {activeBets.slice(0, ACTIVE_BETS_COUNT).map((bet) => (
                <ActiveBetRow key={bet.id} bet={bet} user={user} />
              ))}
            </ul>
          )}
        </Card>
        <Card title={t('pages.dashboard.openChallengesTitle')} data-testid="open-challenges">
          {openChallenges.length === 0 ? (
            <p className="muted">{t('pages.dashboard.noOpenChallenges')}</p>
          ) : (
            <ul className="list">
              {openChallenges.slice(0, ACTIVE_BETS_COUNT).map((bet) => (
                <ActiveBetRow key={bet.id} bet={bet} user={user} testId="open-challenge" />
              ))}
            </ul>
          )}
        </Card>
        <Card title={t('dashboard.recentActivity')}>
          {(transactions.data ?? []).length === 0 ? (
            <p className="muted">{t('dashboard.noActivity')}</p>
          ) : (
            <ul className="list" data-testid="recent-activity">
              {(transactions.data ?? []).slice(0, RECENT_ACTIVITY_COUNT).map((tx) => (
                <li key={tx.id} className="list-row">
                  <span>{t(`dashboard.txTypes.${tx.type}`, { defaultValue: tx.type })}</span>
                  <span className="amount">{DEBIT_TYPES.has(tx.type) ? '−' : '+'}{formatMoney(tx.amount, tx.currency ?? 'NGN')}</span>
                  <span className="muted">{formatDateTime(tx.createdAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      <Card title={t('dashboard.recentMatches')} data-testid="recent-matches">
        {recentMatches.length === 0 ? (
          <p className="muted">{t('pages.dashboard.noRecentMatches')}</p>
        ) : (
          <ul className="list">
            {recentMatches.map((bet) => (
              <li key={bet.id} className="list-row" data-testid="recent-match">
                <span>
                  <strong>{t(`bets.gameShort.${bet.gameType}`)}</strong> {t('bets.vs')} {opponentName(bet, user.id, t('bets.openChallenge'))}
                </span>
                <span>{formatMoney(bet.amount, bet.currency ?? 'NGN')}</span>
                {bet.status === 'completed' ? (
                  <Badge tone={bet.actualWinner === user.id ? 'success' : 'danger'}>{t(bet.actualWinner === user.id ? 'matches.won' : 'matches.lost')}</Badge>
                ) : (
                  <BetStatusBadge status={bet.status} />
                )}
                <Link className="btn btn-ghost btn-sm" to={paths.matchDetails.getHref(bet.id)}>
                  {t('common.viewDetails')}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <WalletPanel user={user} />

      <LeaderboardPanel userId={user.id} />
      <FloatingActions />

      <CreateChallengeDialog user={user} open={createOpen} onOpenChange={setCreateOpen} />
      <LocationDialog
        open={locationOpen}
        onOpenChange={(open) => {
          if (!open) window.sessionStorage.setItem(LOCATION_PROMPTED_KEY, 'true');
          setLocationOpen(open);
        }}
      />
    </div>
    </PullToRefresh>
  );
}
