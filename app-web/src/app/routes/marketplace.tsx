import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AMOUNT_RANGE_HIGH_ABOVE_USD, AMOUNT_RANGE_LOW_BELOW_USD, BET_CURRENCIES, GAME_TYPES, USD_RATES } from '@wager/domain/bets/rules';
import { Money, formatAmount } from '@wager/domain/money/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Dialog } from '../../components/ui/dialog';
import { Alert, Badge, Button, Card, Field, Input, Select, Spinner } from '../../components/ui/primitives';
import { toastProcessing } from '../../components/ui/processing-toast';
import { toast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { useUser } from '../../features/auth';
import { betIdOf, challengeQueries, useJoinChallenge, type PublicChallengeFilters, formatDateTime, relativeTime } from '../../features/bets';
import { isProcessing } from '../../lib/api-client';
import { currentLanguage } from '../../lib/i18n';
import { WALLET_CURRENCY, covers, formatMoney, stakeCost } from '../../lib/money';
import { customRules } from './challenge-invite';
import type { PublicChallenge } from '@wager/domain/contracts/bets';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { SaferPlayBanner, breakInForce } from '../../features/profile';
import { FrozenMoneyNotice, freezeInForce } from '../../features/auth';
import { errorMessage } from '../../lib/error-message';

/**
 * The amount filter's bounds in the currency the player is looking at (the currency filter's, else
 * the wallet's): the server compares stakes by their dollar value at the spec's fixed rates, so the
 * same bounds are shown here in that currency ("Under ₦80,000.00"), never in dollars to a naira player.
 */
export function amountRangeBounds(currency: string | undefined): { low: string; high: string } {
  const code = currency && currency in USD_RATES ? (currency as keyof typeof USD_RATES) : (WALLET_CURRENCY as keyof typeof USD_RATES);
  const rate = USD_RATES[code];
  return {
    low: formatMoney(new Money(AMOUNT_RANGE_LOW_BELOW_USD).mul(rate).toFixed(2), code),
    high: formatMoney(new Money(AMOUNT_RANGE_HIGH_ABOVE_USD).mul(rate).toFixed(2), code),
  };
}

function ChallengeDetails({ challenge, onClose }: { challenge: PublicChallenge; onClose: () => void }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('marketplace.creator'), challenge.challengerUsername],
    ['PSN', challenge.challengerPsnUsername ?? '—'],
    [t('marketplace.amount'), formatMoney(challenge.amount, challenge.currency ?? 'NGN')],
    [t('marketplace.created'), formatDateTime(challenge.createdAt)],
    [t('marketplace.matchDuration'), `${challenge.matchDuration ?? 90} min`],
    [t('marketplace.goalHandicap'), String(challenge.goalHandicap ?? 0)],
    [t('marketplace.modes'), (challenge.allowedGameModes ?? []).join(', ') || '—'],
    [t('marketplace.bannedTeams'), (challenge.bannedTeams ?? []).join(', ') || '—'],
    ...(challenge.additionalTerms ? [[t('marketplace.additionalTerms'), challenge.additionalTerms] as [string, string]] : []),
  ];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('marketplace.detailsTitle')} testId="challenge-details">
      <dl className="readonly-list">
        {rows.map(([label, value]) => (
          <div key={label} className="readonly-field">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

/** What joining costs, as the server charges it: the stake plus the fee the API states (never recomputed here). */
export function joinCost(challenge: PublicChallenge): { fee: string; total: string } {
  const fee = challenge.feeAmount ?? stakeCost(challenge.amount)?.fee ?? '0.00';
  return { fee, total: challenge.totalCost ?? formatAmount(new Money(challenge.amount).plus(fee)) };
}

/**
 * The one question before money moves: the game, the opponent, every rule the challenger set
 * (additional terms included), the stake, the fee and the total, against the player's balance.
 */
function JoinConfirm({ challenge, user, pending, onConfirm, onClose }: { challenge: PublicChallenge; user: User; pending: boolean; onConfirm: () => void; onClose: () => void }) {
  const balance = user.balance;
  const { t } = useTranslation();
  const currency = challenge.currency ?? WALLET_CURRENCY;
  const cost = joinCost(challenge);
  const rules = customRules(challenge, t);
  const canAfford = covers(balance, cost.total);
  const onBreak = breakInForce(user) !== null || freezeInForce(user) !== null;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t('marketplace.confirmTitle')} description={t('marketplace.confirmIntro', { name: challenge.challengerUsername, game: t(`bets.games.${challenge.gameType}`) })} testId="join-confirm">
      <dl className="readonly-list">
        <div className="readonly-field">
          <dt>{t('invite.betAmount')}</dt>
          <dd>{formatMoney(challenge.amount, currency)}</dd>
        </div>
        <div className="readonly-field">
          <dt>{t('invite.platformFee')}</dt>
          <dd>{formatMoney(cost.fee, currency)}</dd>
        </div>
        <div className="readonly-field">
          <dt>{t('invite.totalCost')}</dt>
          <dd data-testid="join-total">
            <strong>{formatMoney(cost.total, currency)}</strong>
          </dd>
        </div>
        <div className="readonly-field">
          <dt>{t('invite.yourBalance')}</dt>
          <dd>{formatMoney(balance, currency)}</dd>
        </div>
      </dl>
      <section data-testid="join-rules">
        <h3>{t('invite.customRules')}</h3>
        {rules.length ? (
          <ul>
            {rules.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('marketplace.standardRules')}</p>
        )}
      </section>
      <SaferPlayBanner selfExcludedUntil={user.selfExcludedUntil} coolOffUntil={user.coolOffUntil} />
      <FrozenMoneyNotice reason={freezeInForce(user)} />
      {!canAfford && !onBreak ? (
        <Alert tone="danger" data-testid="insufficient-balance">
          {t('invite.insufficient')} <Link to={paths.deposit.getHref()}>{t('invite.deposit')}</Link>
        </Alert>
      ) : null}
      <div className="dialog-actions">
        <Button variant="outline" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={onConfirm} disabled={pending || !canAfford || onBreak}>
          {pending ? t('marketplace.joining') : t('marketplace.confirmJoin', { total: formatMoney(cost.total, currency) })}
        </Button>
      </div>
    </Dialog>
  );
}

function ChallengeCard({ challenge, onJoin, onDetails, joining }: { challenge: PublicChallenge; onJoin: () => void; onDetails: () => void; joining: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="card challenge-card" data-testid="challenge-card" data-challenge-id={challenge.id}>
      <div className="row-between">
        <strong>{t(`bets.games.${challenge.gameType}`)}</strong>
        <span className="bet-amount">{formatMoney(challenge.amount, challenge.currency ?? 'NGN')}</span>
      </div>
      <p className="muted">
        {t('marketplace.by', { name: challenge.challengerUsername })}
        {challenge.challengerPsnUsername ? ` · ${t('marketplace.psn', { name: challenge.challengerPsnUsername })}` : ''}
      </p>
      <p className="muted">{t('marketplace.expiresIn', { time: relativeTime(challenge.expiresAt, currentLanguage()) })}</p>
      <div className="chips">
        {challenge.goalHandicap ? <Badge tone="info">{t('marketplace.handicap', { value: challenge.goalHandicap > 0 ? `+${challenge.goalHandicap}` : challenge.goalHandicap })}</Badge> : null}
        {challenge.matchDuration && challenge.matchDuration !== 90 ? <Badge tone="info">{t('marketplace.duration', { value: challenge.matchDuration })}</Badge> : null}
        {challenge.bannedTeams?.length ? <Badge tone="warning">{t('marketplace.teamRestrictions')}</Badge> : null}
      </div>
      <div className="row">
        <Button onClick={onJoin} disabled={joining}>
          {joining ? t('marketplace.joining') : t('marketplace.join')}
        </Button>
        <Button variant="outline" onClick={onDetails}>
          {t('marketplace.details')}
        </Button>
      </div>
    </li>
  );
}

/** /marketplace: public challenges with filters, details, pagination and a guest modal. */
export function MarketplaceRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useUser();
  const [filters, setFilters] = useState<PublicChallengeFilters>({ page: 1 });
  const challenges = useQuery({ ...challengeQueries.publicList(filters), placeholderData: keepPreviousData });
  const join = useJoinChallenge();
  const [details, setDetails] = useState<PublicChallenge | null>(null);
  const [guestOpen, setGuestOpen] = useState(false);
  const [joiningId, setJoiningId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<PublicChallenge | null>(null);
  const setFilter = (patch: Partial<PublicChallengeFilters>) => setFilters((f) => ({ ...f, ...patch, page: 1 }));

  const askToJoin = (challenge: PublicChallenge) => (user ? setConfirming(challenge) : setGuestOpen(true));
  const joinChallenge = (challenge: PublicChallenge) => {
    setJoiningId(challenge.id);
    join.mutate(challenge.id, {
      onSuccess: (response) => {
        // A 202 (still processing) is a join all the same: My Matches shows it when it lands.
        if (isProcessing(response)) toastProcessing();
        else toast({ title: t('marketplace.joinedTitle'), description: t('marketplace.joinedText'), type: 'success' });
        // Spec: joining "sends the user to the chat screen for that bet".
        const betId = betIdOf(response);
        if (betId) void navigate(paths.chat.getHref(betId));
      },
      onError: (error) => toast({ title: t('marketplace.joinFailedTitle'), description: errorMessage(error) || t('marketplace.joinFailedDefault'), type: 'error' }),
      onSettled: () => {
        setJoiningId(null);
        setConfirming(null);
      },
    });
  };

  const totalPages = Math.max(challenges.data?.totalPages ?? 1, 1);
  const rows = challenges.data?.challenges ?? [];
  return (
    <div className="page">
      <header className="page-header">
        <h1>{t('marketplace.title')}</h1>
        <p className="muted">{t('marketplace.subtitle')}</p>
      </header>
      <Card>
        <div className="filters">
          <Field label={t('marketplace.search')}>{(control) => <Input {...control} type="search" value={filters.search ?? ''} onChange={(e) => setFilter({ search: e.target.value })} />}</Field>
          <Field label={t('marketplace.currency')}>
            {(control) => (
              <Select {...control} value={filters.currency ?? ''} onChange={(e) => setFilter({ currency: e.target.value })}>
                <option value="">{t('marketplace.allCurrencies')}</option>
                {BET_CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('marketplace.game')}>
            {(control) => (
              <Select {...control} value={filters.gameType ?? ''} onChange={(e) => setFilter({ gameType: e.target.value })}>
                <option value="">{t('marketplace.allGames')}</option>
                {GAME_TYPES.map((g) => (
                  <option key={g} value={g}>
                    {t(`bets.games.${g}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('marketplace.amount')}>
            {(control) => (
              <Select {...control} value={filters.amountRange ?? ''} onChange={(e) => setFilter({ amountRange: e.target.value })}>
                <option value="">{t('marketplace.anyAmount')}</option>
                <option value="low">{t('marketplace.amountLow', amountRangeBounds(filters.currency))}</option>
                <option value="medium">{t('marketplace.amountMedium', amountRangeBounds(filters.currency))}</option>
                <option value="high">{t('marketplace.amountHigh', amountRangeBounds(filters.currency))}</option>
              </Select>
            )}
          </Field>
        </div>
      </Card>
      {challenges.isPending ? <Spinner /> : null}
      {challenges.isError ? <p className="text-danger">{t('marketplace.loadFailed')}</p> : null}
      {challenges.isSuccess && rows.length === 0 ? (
        <Card className="empty-state" data-testid="marketplace-empty">
          <h2>{t('marketplace.emptyTitle')}</h2>
          <p className="muted">{t('marketplace.emptyText')}</p>
          <Link className="btn btn-primary" to={paths.dashboard.getHref()}>
            {t('marketplace.createChallenge')}
          </Link>
        </Card>
      ) : null}
      <ul className="cards-grid">
        {rows.map((challenge) => (
          <ChallengeCard key={challenge.id} challenge={challenge} joining={joiningId === challenge.id} onJoin={() => askToJoin(challenge)} onDetails={() => setDetails(challenge)} />
        ))}
      </ul>
      {rows.length > 0 ? (
        <nav className="pagination row" aria-label={t('common.pageOf', { page: filters.page, total: totalPages })}>
          <Button variant="outline" disabled={filters.page <= 1} onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}>
            {t('common.previous')}
          </Button>
          <span data-testid="page-indicator">{t('common.pageOf', { page: filters.page, total: totalPages })}</span>
          <Button variant="outline" disabled={filters.page >= totalPages} onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}>
            {t('common.next')}
          </Button>
        </nav>
      ) : null}
      {confirming && user ? (
        <JoinConfirm challenge={confirming} user={user} pending={joiningId === confirming.id} onConfirm={() => joinChallenge(confirming)} onClose={() => setConfirming(null)} />
      ) : null}
      {details ? <ChallengeDetails challenge={details} onClose={() => setDetails(null)} /> : null}
      <Dialog open={guestOpen} onOpenChange={setGuestOpen} title={t('marketplace.guestTitle')} description={t('marketplace.guestText')} testId="guest-modal">
        <div className="row">
          <Link className="btn btn-primary" to={paths.login.getHref()}>
            {t('marketplace.logIn')}
          </Link>
          <Link className="btn btn-outline" to={paths.signup.getHref()}>
            {t('marketplace.signUp')}
          </Link>
        </div>
      </Dialog>
    </div>
  );
}
