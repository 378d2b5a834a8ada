import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Dialog } from '../../components/ui/dialog';
import { Alert, Badge, Button, Card, Spinner } from '../../components/ui/primitives';
import { toast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { FrozenMoneyNotice, freezeInForce, useUser } from '../../features/auth';
import { betIdOf, betOf, challengeQueries, useAcceptInvite } from '../../features/bets';
import { toastProcessing } from '../../components/ui/processing-toast';
import { isProcessing } from '../../lib/api-client';
import { covers, formatMoney, stakeCost } from '../../lib/money';
import type { BetView as Bet } from '@wager/domain/contracts/bets';
import { errorMessage } from '../../lib/error-message';

const MINUTE_MS = 60_000;

/** 'Xh Ym remaining', 'Ym remaining' or 'Expired' (wagering spec section 2). */
export function timeRemaining(expiresAt: string | null | undefined, now: Date, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (!expiresAt) return t('invite.expired');
  const ms = new Date(expiresAt).getTime() - now.getTime();
  if (!(ms > 0)) return t('invite.expired');
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / MINUTE_MS);
  return hours > 0 ? t('invite.hoursMinutes', { hours, minutes }) : t('invite.minutes', { minutes });
}

function useNow(periodMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return now;
}

/** The rule lines a challenger set (every one, the additional terms included), for a bet or a marketplace challenge. */
export function customRules(bet: Pick<Bet, 'customRulesEnabled' | 'goalHandicap' | 'gameType' | 'matchDuration' | 'allowedGameModes' | 'bannedTeams' | 'gameMode' | 'roundLimit' | 'timeLimit' | 'killHandicap' | 'bannedWeapons' | 'additionalTerms'>, t: (key: string, options?: Record<string, unknown>) => string): string[] {
  if (!bet.customRulesEnabled) return [];
  const lines = [
    bet.goalHandicap ? t('createChallenge.summary.goalHandicap', { value: bet.goalHandicap > 0 ? `+${bet.goalHandicap}` : bet.goalHandicap }) : null,
    bet.gameType === 'fc25' ? t('createChallenge.summary.matchDuration', { value: bet.matchDuration ?? 90 }) : null,
    bet.allowedGameModes?.length ? t('createChallenge.summary.modes', { value: bet.allowedGameModes.join(', ') }) : null,
    bet.bannedTeams?.length ? t('createChallenge.summary.bannedTeams', { value: bet.bannedTeams.join(', ') }) : null,
    bet.gameMode ? t('createChallenge.summary.codMode', { value: t(`createChallenge.codModes.${bet.gameMode}`, { defaultValue: bet.gameMode }) }) : null,
    bet.roundLimit ? t('createChallenge.summary.rounds', { value: bet.roundLimit }) : null,
    bet.timeLimit ? t('createChallenge.summary.timeLimit', { value: bet.timeLimit }) : null,
    bet.killHandicap ? t('createChallenge.summary.killHandicap', { value: bet.killHandicap }) : null,
    bet.bannedWeapons?.length ? t('createChallenge.summary.bannedWeapons', { value: bet.bannedWeapons.join(', ') }) : null,
    bet.additionalTerms || null,
  ];
  return lines.filter((line): line is string => Boolean(line));
}

function NotFound({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <div className="page-center">
      <Card title={t('invite.notFoundTitle')} data-testid="invite-not-found">
        <p>{message || t('invite.notFoundText')}</p>
        <Link className="btn btn-primary" to={paths.home.getHref()}>
          {t('common.goHome')}
        </Link>
      </Card>
    </div>
  );
}

/** /challenge/accept/:inviteLinkId: public to view, sign-in needed to accept. */
export function ChallengeInviteRoute() {
  const { t } = useTranslation();
  const { inviteLinkId = '' } = useParams();
  const navigate = useNavigate();
  const { data: user } = useUser();
  const invite = useQuery(challengeQueries.invite(inviteLinkId));
  const accept = useAcceptInvite();
  const [termsOpen, setTermsOpen] = useState(false);
  const now = useNow(MINUTE_MS);

  if (invite.isPending) return <Spinner />;
  const bet = betOf(invite.data);
  if (invite.isError || !bet) return <NotFound message={invite.isError ? errorMessage(invite.error) : undefined} />;

  const cost = stakeCost(bet.amount) ?? { fee: bet.feeAmount ?? '0.00', total: bet.amount };
  const currency = bet.currency ?? 'NGN';
  const challenger = bet.challenger;
  const canAfford = user ? covers(user.balance, cost.total) : false;
  const expired = timeRemaining(bet.expiresAt, now, t) === t('invite.expired');
  const own = user?.id === bet.challengerId;
  const platformVerified = bet.gameType === 'cod' ? Boolean(challenger?.activisionId) : Boolean(challenger?.isPsnVerified);
  const rules = customRules(bet, t);

  const doAccept = () =>
    accept.mutate(inviteLinkId, {
      onSuccess: (response) => {
        setTermsOpen(false);
        if (isProcessing(response)) toastProcessing();
        else toast({ title: t('invite.acceptedTitle'), description: t('invite.acceptedText'), type: 'success' });
        void navigate(paths.chat.getHref(betIdOf(response) ?? bet.id));
      },
      onError: (error) => {
        setTermsOpen(false);
        toast({ title: t('common.error'), description: errorMessage(error), type: 'error' });
      },
    });

  return (
    <div className="page">
      <header className="page-header">
        <h1>{t('invite.title')}</h1>
        <p className="muted">{t('invite.subtitle', { name: challenger?.username ?? '—' })}</p>
      </header>
      <div className="grid-2">
        <Card>
          <dl className="readonly-list">
            <div className="readonly-field">
              <dt>{t('invite.game')}</dt>
              <dd>{t(`bets.games.${bet.gameType}`)}</dd>
            </div>
            <div className="readonly-field">
              <dt>{t('invite.betAmount')}</dt>
              <dd data-testid="invite-amount">{formatMoney(bet.amount, currency)}</dd>
            </div>
            <div className="readonly-field">
              <dt>{t('invite.platformFee')}</dt>
              <dd>{formatMoney(cost.fee, currency)}</dd>
            </div>
            <div className="readonly-field">
              <dt>{t('invite.totalCost')}</dt>
              <dd data-testid="invite-total">
                <strong>{formatMoney(cost.total, currency)}</strong>
              </dd>
            </div>
          </dl>
          <p data-testid="time-remaining">⏱ {timeRemaining(bet.expiresAt, now, t)}</p>
        </Card>
        <Card title={t('invite.challengerProfile')}>
          <p>
            <strong>{challenger?.username}</strong>{' '}
            <Badge tone={platformVerified ? 'success' : 'neutral'}>
              {platformVerified ? t('invite.verified', { platform: bet.gameType === 'cod' ? 'Activision' : 'PSN' }) : t('invite.notVerified')}
            </Badge>
          </p>
          <p>
            {t('invite.rating')}: {challenger?.rating ?? '—'} · {t('invite.record')}: {t('invite.recordValue', { wins: challenger?.wins ?? 0, losses: challenger?.losses ?? 0 })}
          </p>
          <p className="muted">{bet.gameType === 'cod' ? challenger?.activisionId : challenger?.psnUsername}</p>
        </Card>
      </div>
      {rules.length ? (
        <Card title={t('invite.customRules')}>
          <ul>
            {rules.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Card>
      ) : null}
      <Card title={t('invite.acceptTitle')}>
        <div className="actions-gap">
        {user ? (
          <dl className="readonly-list">
            <div className="readonly-field">
              <dt>{t('invite.yourBalance')}</dt>
              <dd>{formatMoney(user.balance, currency)}</dd>
            </div>
            <div className="readonly-field">
              <dt>{t('invite.required')}</dt>
              <dd>{formatMoney(cost.total, currency)}</dd>
            </div>
          </dl>
        ) : null}
        {expired ? <Alert tone="danger">{t('invite.expiredText')}</Alert> : null}
        {own ? <Alert tone="warning">{t('invite.ownChallenge')}</Alert> : null}
        {user && !canAfford && !own ? (
          <Alert tone="danger" data-testid="insufficient-balance">
            {t('invite.insufficient')}{' '}
            <Link to={paths.deposit.getHref()}>{t('invite.deposit')}</Link>
          </Alert>
        ) : null}
        <FrozenMoneyNotice reason={freezeInForce(user)} />
        {user ? (
          <Button size="lg" disabled={!canAfford || expired || own || accept.isPending || freezeInForce(user) !== null} onClick={() => setTermsOpen(true)}>
            {accept.isPending ? t('invite.accepting') : t('invite.accept')}
          </Button>
        ) : (
          <Link className="btn btn-primary btn-lg" to={paths.auth.getHref(paths.challengeInvite.getHref(inviteLinkId))}>
            {t('invite.signInToAccept')}
          </Link>
        )}
        </div>
      </Card>
      <Dialog open={termsOpen} onOpenChange={setTermsOpen} title={t('invite.termsTitle')} description={t('invite.termsIntro')} testId="terms-modal">
        <ul className="checklist">
          <li>✓ {t('invite.termsLaws')}</li>
          <li>✓ {t('invite.termsFair')}</li>
          <li>✓ {t('invite.termsEvidence')}</li>
          <li>✓ {t('invite.termsDecision')}</li>
        </ul>
        <div className="dialog-actions">
          <Button variant="outline" onClick={() => setTermsOpen(false)}>
            {t('common.cancel')}
          </Button>
          <Button onClick={doAccept} disabled={accept.isPending}>
            {t('invite.agreeAccept')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
