import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Badge, Button, Card, Spinner } from '../../components/ui/primitives';
import { Tabs } from '../../components/ui/tabs';
import { toastProcessing } from '../../components/ui/processing-toast';
import { toast } from '../../components/ui/toast';
import { paths } from '../../config/paths';
import { FrozenMoneyNotice, freezeInForce, useUser } from '../../features/auth';
import { betIdOf, betQueries, useAcceptInvite, useDeclineBet, type BetListFilter, BetStatusBadge, betTimeLine, disputeReasonText, formatDateTime, opponentName, outcomeFor, copyText, UploadResultDialog, AppealButton } from '../../features/bets';
import { walletQueries } from '../../features/wallet';
import { isProcessing } from '../../lib/api-client';
import { formatMoney } from '../../lib/money';
import type { BetView as Bet } from '@wager/domain/contracts/bets';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { errorMessage } from '../../lib/error-message';

export function inviteUrl(inviteLinkId: string): string {
  return `${window.location.origin}${paths.challengeInvite.getHref(inviteLinkId)}`;
}

function myResult(bet: Bet, userId: string): string | null | undefined {
  return bet.challengerId === userId ? bet.challengerResult : bet.opponentResult;
}

function BetRow({ bet, user, children }: { bet: Bet; user: User; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const time = betTimeLine(bet, t);
  const role = bet.challengerId === user.id ? 'bets.youAreChallenger' : 'bets.youAreOpponent';
  return (
    <li className="card bet-row" data-testid="bet-row" data-bet-id={bet.id}>
      <div className="row-between">
        <div>
          <strong>{t(`bets.games.${bet.gameType}`)}</strong> · {t(role, { name: opponentName(bet, user.id, t('bets.openChallenge')) })}
        </div>
        <BetStatusBadge status={bet.status} />
      </div>
      <div className="row-between">
        <span className="bet-amount">{formatMoney(bet.amount, bet.currency ?? 'NGN')}</span>
        {time ? (
          <span className="muted bet-time" data-testid="bet-time">
            {time}
          </span>
        ) : null}
      </div>
      {children}
      {bet.appeal ? (
        <p className="muted" data-testid="bet-appeal-status">
          {t('appeals.statusLabel')}: {t(`appeals.status.${bet.appeal.status}`)}
        </p>
      ) : null}
      <div className="row">
        <Link className="btn btn-ghost btn-sm" to={paths.matchDetails.getHref(bet.id)}>
          {t('common.viewDetails')}
        </Link>
        <AppealButton bet={bet} userId={user.id} />
      </div>
    </li>
  );
}

function BetList({ filter, user, empty, render }: { filter: BetListFilter; user: User; empty: string; render: (bet: Bet) => React.ReactNode }) {
  const { data, isPending, isError, error } = useQuery(betQueries.list(filter));
  if (isPending) return <Spinner />;
  if (isError) return <p className="text-danger">{errorMessage(error)}</p>;
  const rows = filter === 'pending' ? data.filter((b) => b.challengerId !== user.id) : data;
  if (rows.length === 0) return <p className="muted">{empty}</p>;
  return <ul className="stack">{rows.map((bet) => render(bet))}</ul>;
}

function ActiveTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const [uploadFor, setUploadFor] = useState<string | null>(null);
  return (
    <>
      <BetList
        filter="active"
        user={user}
        empty={t('matches.empty.active')}
        render={(bet) => {
          const reported = myResult(bet, user.id);
          return (
            <BetRow key={bet.id} bet={bet} user={user}>
              <div className="row">
                {reported ? (
                  <span className="muted">
                    {t('matches.resultSubmitted', { result: reported === 'won' ? t('matches.won') : t('matches.lost') })} · {t('matches.awaitingOpponent')}
                  </span>
                ) : (
                  <Button size="sm" onClick={() => setUploadFor(bet.id)}>
                    {t('matches.uploadResult')}
                  </Button>
                )}
              </div>
            </BetRow>
          );
        }}
      />
      {uploadFor ? <UploadResultDialog betId={uploadFor} open onOpenChange={(open) => !open && setUploadFor(null)} /> : null}
    </>
  );
}

function PendingTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptInvite();
  const decline = useDeclineBet();
  return (
    <>
      <FrozenMoneyNotice reason={freezeInForce(user)} />
      <BetList
        filter="pending"
        user={user}
        empty={t('matches.empty.pending')}
        render={(bet) => (
          <BetRow key={bet.id} bet={bet} user={user}>
            <div className="row">
              <Button
                size="sm"
                disabled={accept.isPending || !bet.inviteLinkId || freezeInForce(user) !== null}
                onClick={() =>
                  accept.mutate(bet.inviteLinkId ?? '', {
                    onSuccess: (response) => {
                      if (isProcessing(response)) toastProcessing();
                      else toast({ title: t('matches.acceptedTitle'), description: t('matches.acceptedText'), type: 'success' });
                      void navigate(paths.chat.getHref(betIdOf(response) ?? bet.id));
                    },
                    onError: (error) => toast({ title: t('matches.errorTitle'), description: errorMessage(error), type: 'error' }),
                  })
                }
              >
                {t('matches.accept')}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={decline.isPending}
                onClick={() =>
                  decline.mutate(bet.id, {
                    onSuccess: (response) =>
                      isProcessing(response) ? toastProcessing() : toast({ title: t('matches.declinedTitle'), description: t('matches.declinedText'), type: 'info' }),
                    onError: (error) => toast({ title: t('matches.errorTitle'), description: errorMessage(error), type: 'error' }),
                  })
                }
              >
                {t('matches.decline')}
              </Button>
            </div>
          </BetRow>
        )}
      />
    </>
  );
}

function CreatedTab({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <BetList
      filter="created"
      user={user}
      empty={t('matches.empty.created')}
      render={(bet) => (
        <BetRow key={bet.id} bet={bet} user={user}>
          <div className="muted">
            {t('bets.created', { time: formatDateTime(bet.createdAt) })}
            {bet.gameMode ? ` · ${t('matches.gameMode', { value: t(`createChallenge.codModes.${bet.gameMode}`, { defaultValue: bet.gameMode }) })}` : ''}
            {bet.timeLimit ? ` · ${t('matches.timeLimit', { value: bet.timeLimit })}` : ''}
            {bet.roundLimit ? ` · ${t('matches.rounds', { value: bet.roundLimit })}` : ''}
          </div>
          {bet.inviteLinkId && bet.status === 'pending' ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => void copyText(inviteUrl(bet.inviteLinkId ?? '')).then(() => toast({ title: t('matches.linkCopiedTitle'), description: t('matches.linkCopiedText'), type: 'success' }))}
            >
              {t('matches.shareLink')}
            </Button>
          ) : null}
        </BetRow>
      )}
    />
  );
}

/** Completed: every bet of mine that is over. A settled one says Won or Lost; a voided or expired one shows its state. */
function CompletedTab({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <BetList
      filter="closed"
      user={user}
      empty={t('matches.empty.completed')}
      render={(bet) => {
        const outcome = bet.status === 'completed' ? outcomeFor(bet, user.id) : null;
        return (
          <BetRow key={bet.id} bet={bet} user={user}>
            {outcome ? (
              <Badge tone={outcome === 'won' ? 'success' : outcome === 'lost' ? 'danger' : 'neutral'} data-testid="bet-outcome">
                {t(`matches.${outcome}`)}
              </Badge>
            ) : null}
          </BetRow>
        );
      }}
    />
  );
}

/** Each payout says what it paid for: the game and the opponent of its bet (from my bets), linked to the match. */
function PayoutsTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const { data, isPending } = useQuery(walletQueries.transactions());
  const bets = useQuery(betQueries.list());
  const betsById = new Map((bets.data ?? []).map((bet) => [bet.id, bet]));
  if (isPending) return <Spinner />;
  const payouts = (data ?? []).filter((tx) => tx.type === 'bet_payout' && tx.status !== 'pending' && tx.status !== 'failed');
  if (payouts.length === 0) return <p className="muted">{t('matches.empty.payouts')}</p>;
  return (
    <ul className="list" data-testid="payouts">
      {payouts.map((tx) => (
        <li key={tx.id} className="list-row">
          <span data-testid="payout-for">
            {(() => {
              const bet = tx.betId ? betsById.get(tx.betId) : undefined;
              if (!bet) return t('matches.payoutForUnknown');
              return (
                <Link to={paths.matchDetails.getHref(bet.id)}>
                  {t('matches.payoutFor', { game: t(`bets.games.${bet.gameType}`), name: opponentName(bet, user.id, t('bets.openChallenge')) })}
                </Link>
              );
            })()}
          </span>
          <span>
            {t('matches.amountCredited')}: <strong>{formatMoney(tx.amount, tx.currency ?? 'NGN')}</strong>
          </span>
          <span className="muted">{formatDateTime(tx.createdAt)}</span>
        </li>
      ))}
    </ul>
  );
}

function DisputedTab({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <BetList
      filter="disputed"
      user={user}
      empty={t('matches.empty.disputed')}
      render={(bet) => (
        <BetRow key={bet.id} bet={bet} user={user}>
          <p className="text-warning">{t('matches.underReview')}</p>
          {bet.disputeReason ? <p className="muted" data-testid="dispute-reason">{t('matches.disputeReason', { reason: disputeReasonText(bet, t) })}</p> : null}
        </BetRow>
      )}
    />
  );
}

/** /matches: My Matches in six tabs (wagering spec section 2). */
export function MatchesRoute() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  // "My Challenges (n)": the challenges I created that are still open.
  const created = useQuery({ ...betQueries.list('created'), enabled: Boolean(user) });
  if (!user) return <Spinner />;
  return (
    <div className="page">
      <header className="page-header">
        <h1>{t('matches.title')}</h1>
        <p className="muted">{t('matches.subtitle')}</p>
      </header>
      <Card>
        <Tabs
          label={t('matches.title')}
          defaultValue="active"
          tabs={[
            { value: 'active', label: t('matches.tabs.active'), content: <ActiveTab user={user} />, testId: 'tab-active' },
            { value: 'pending', label: t('matches.tabs.pending'), content: <PendingTab user={user} />, testId: 'tab-pending' },
            { value: 'created', label: created.data ? t('casebook.player.createdCount', { count: created.data.length }) : t('matches.tabs.created'), content: <CreatedTab user={user} />, testId: 'tab-created' },
            { value: 'completed', label: t('matches.tabs.completed'), content: <CompletedTab user={user} />, testId: 'tab-completed' },
            { value: 'payouts', label: t('matches.tabs.payouts'), content: <PayoutsTab user={user} />, testId: 'tab-payouts' },
            { value: 'disputed', label: t('matches.tabs.disputed'), content: <DisputedTab user={user} />, testId: 'tab-disputed' },
          ]}
        />
      </Card>
    </div>
  );
}
