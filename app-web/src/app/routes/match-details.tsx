import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Badge, Card, Spinner } from '../../components/ui/primitives';
import { paths } from '../../config/paths';
import { useUser } from '../../features/auth';
import { betDetailsQueries, fetchEvidence, type BetDetails, type BetResolution, type BetTimelineEntry, AppealSlot, BetStatusBadge, formatDateTime, MoneyPanel, betLedgerQuery, AppealSection } from '../../features/bets';
import { formatMoney } from '../../lib/money';
import type { BetView as Bet, UserSummary } from '@wager/domain/contracts/bets';
import { customRules } from './challenge-invite';

/** One evidence file as a thumbnail (image) or a link (video), fetched with the session. */
function EvidenceThumb({ file }: { file: BetTimelineEntry['evidence'][number] }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    fetchEvidence(file.url)
      .then((objectUrl) => {
        url = objectUrl;
        if (live) setSrc(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file.url]);
  return (
    <li className="evidence-preview" data-testid="evidence-thumb">
      {src && file.contentType.startsWith('image/') ? (
        <a href={src} target="_blank" rel="noreferrer">
          <img src={src} alt={file.filename} />
        </a>
      ) : null}
      {src && file.contentType.startsWith('video/') ? <video src={src} controls aria-label={file.filename} /> : null}
      <span title={file.filename}>{file.filename}</span>
    </li>
  );
}

function PlayerSummary({ title, player, bet, reported }: { title: string; player: UserSummary | null | undefined; bet: Bet; reported: string | null | undefined }) {
  const { t } = useTranslation();
  const verified = bet.gameType === 'cod' ? Boolean(player?.activisionId) : Boolean(player?.isPsnVerified);
  return (
    <Card title={title} data-testid="match-player">
      {player ? (
        <>
          <p>
            <strong>{player.username}</strong>{' '}
            <Badge tone={verified ? 'success' : 'neutral'}>
              {verified ? t('invite.verified', { platform: bet.gameType === 'cod' ? 'Activision' : 'PSN' }) : t('invite.notVerified')}
            </Badge>
          </p>
          <p className="muted">
            {t('invite.rating')}: {player.rating ?? '—'} · {t('invite.record')}: {t('invite.recordValue', { wins: player.wins ?? 0, losses: player.losses ?? 0 })}
          </p>
          <p className="muted">{bet.gameType === 'cod' ? player.activisionId : player.psnUsername}</p>
          <p>{t('pages.details.reported', { result: reported ? t(`matches.${reported === 'won' ? 'won' : 'lost'}`) : t('pages.details.notReported') })}</p>
        </>
      ) : (
        <p className="muted">{t('bets.openChallenge')}</p>
      )}
    </Card>
  );
}

function Timeline({ details, nameOf }: { details: BetDetails; nameOf: (id: string | null) => string }) {
  const { t } = useTranslation();
  return (
    <Card title={t('pages.details.historyTitle')}>
      <ol className="timeline" data-testid="match-timeline">
        {details.timeline.map((step, index) => (
          <li key={`${step.type}-${index}`} className="timeline-step" data-testid="timeline-step" data-type={step.type}>
            <div className="row-between">
              <strong>{t(`pages.details.steps.${step.type}`, { name: nameOf(step.actorId), result: step.result ? t(`matches.${step.result === 'won' ? 'won' : 'lost'}`) : '', winner: nameOf(step.winnerId) })}</strong>
              <time className="muted" dateTime={step.at}>
                {formatDateTime(step.at)}
              </time>
            </div>
            {step.reason ? <p className="muted">{step.reason}</p> : null}
            {step.evidence.length ? (
              <ul className="evidence-previews">
                {step.evidence.map((file) => (
                  <EvidenceThumb key={file.sha256} file={file} />
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}

/**
 * The money of this bet as the ledger recorded it, then the Money panel: each posting with its
 * event id and hash, and the bet stream's hash chain verified in the browser.
 */
function MoneySection({ details, nameOf }: { details: BetDetails; nameOf: (id: string | null) => string }) {
  const { t } = useTranslation();
  const { money } = details;
  const amount = (value: string) => formatMoney(value, money.currency);
  return (
    <section id="bet-money" className="card" data-testid="bet-money" aria-labelledby="bet-money-title">
      <h2 id="bet-money-title" className="card-title">
        {t('pages.details.moneyTitle')}
      </h2>
      <dl className="readonly-list">
        {money.stakes.map((s) => (
          <div className="readonly-field" key={`${s.userId}-${s.at}`}>
            <dt>{t('pages.details.stakeOf', { name: nameOf(s.userId) })}</dt>
            <dd>
              {amount(s.stake)} + {t('pages.details.fee')} {amount(s.fee)}
            </dd>
          </div>
        ))}
        <div className="readonly-field">
          <dt>{t('pages.details.escrow')}</dt>
          <dd data-testid="money-escrow">{amount(money.escrow)}</dd>
        </div>
        <div className="readonly-field">
          <dt>{t('pages.details.fees')}</dt>
          <dd data-testid="money-fees" data-status={money.feesStatus}>
            {money.feesStatus === 'refunded' ? <s>{amount(money.fees)}</s> : amount(money.fees)}{' '}
            <Badge tone={money.feesStatus === 'refunded' ? 'success' : 'neutral'}>{t(`casebook.player.fees${money.feesStatus === 'refunded' ? 'Refunded' : money.feesStatus === 'charged' ? 'Charged' : 'Held'}`)}</Badge>
          </dd>
        </div>
        {money.payout ? (
          <div className="readonly-field">
            <dt>{t('pages.details.payoutTo', { name: nameOf(money.payout.userId) })}</dt>
            <dd data-testid="money-payout">{amount(money.payout.amount)}</dd>
          </div>
        ) : null}
        {money.refunds.map((r) => (
          <div className="readonly-field" key={`${r.userId}-${r.at}`}>
            <dt>{t('pages.details.refundTo', { name: nameOf(r.userId) })}</dt>
            <dd>{amount(r.amount)}</dd>
          </div>
        ))}
        {(money.appealAdjustments ?? []).map((a) => (
          <div className="readonly-field" key={`appeal-${a.userId}`} data-testid="money-appeal-correction">
            <dt>{t('appeals.correction', { name: nameOf(a.userId) })}</dt>
            <dd>
              {a.amount.startsWith('-') ? `−${amount(a.amount.slice(1))}` : amount(a.amount)}
              {a.owed !== '0.00' ? ` (${t('appeals.owed', { amount: amount(a.owed) })})` : null}
            </dd>
          </div>
        ))}
      </dl>
      <MoneyPanel query={betLedgerQuery(details.bet.id)} />
    </section>
  );
}

/** The admin's decision on the dispute: the outcome, who resolved it and when, and the notes they left for both players. */
function ResolutionCard({ resolution, nameOf }: { resolution: BetResolution; nameOf: (id: string | null) => string }) {
  const { t } = useTranslation();
  return (
    <Card title={t('casebook.player.resolutionTitle')} data-testid="match-resolution">
      <p>
        <strong>{resolution.winnerId ? t('casebook.player.resolvedFor', { name: nameOf(resolution.winnerId) }) : t('casebook.player.resolvedVoid')}</strong>
      </p>
      <p className="muted" data-testid="match-resolved-by">
        {t('casebook.player.resolvedBy', { name: resolution.resolvedBy.username ?? t('admin.disputes.system'), time: formatDateTime(resolution.resolvedAt) })}
      </p>
      <h3>{t('casebook.player.adminNotes')}</h3>
      <p data-testid="match-admin-notes">{resolution.adminNotes}</p>
    </Card>
  );
}

/** /matches/:id (issue 15): for the bet's players, its moderator and admins; anyone else gets 'Bet Not Found'. */
export function MatchDetailsRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: user } = useUser();
  const details = useQuery(betDetailsQueries.details(id));
  if (details.isPending) return <Spinner />;
  if (details.isError || !details.data) {
    return (
      <div className="page-center">
        <Card title={t('chat.betNotFoundTitle')} data-testid="bet-not-found">
          <p>{t('chat.betNotFoundText')}</p>
          <Link className="btn btn-primary" to={paths.matches.getHref()}>
            {t('pages.details.backToMatches')}
          </Link>
        </Card>
      </div>
    );
  }
  const { bet } = details.data;
  const players = [bet.challenger, bet.opponent].filter((p): p is UserSummary => Boolean(p));
  const nameOf = (userId: string | null) => players.find((p) => p.id === userId)?.username ?? (userId ? t('pages.details.someone') : '—');
  const rules = customRules(bet, t);
  const outcome = bet.status === 'completed' && user ? (bet.actualWinner === user.id ? 'won' : [bet.challengerId, bet.opponentId].includes(user.id) ? 'lost' : null) : null;
  return (
    <div className="page" data-testid="match-details">
      <header className="page-header row-between">
        <div>
          <h1>{t('pages.details.title')}</h1>
          <p className="muted">
            {t(`bets.games.${bet.gameType}`)} · {formatMoney(bet.amount, bet.currency ?? 'NGN')}
          </p>
        </div>
        <div className="row">
          <BetStatusBadge status={bet.status} />
          {outcome ? <Badge tone={outcome === 'won' ? 'success' : 'danger'}>{t(`matches.${outcome}`)}</Badge> : null}
        </div>
      </header>
      <div className="row page-links">
        <Link className="btn btn-outline btn-sm" to={paths.matches.getHref()}>
          ← {t('pages.details.backToMatches')}
        </Link>
        {bet.status !== 'pending' ? (
          <>
            <Link className="btn btn-outline btn-sm" to={paths.chat.getHref(bet.id)} data-testid="details-chat-link">
              {t('pages.details.openChat')}
            </Link>
            <Link className="btn btn-outline btn-sm" to={`${paths.chat.getHref(bet.id)}#live-panel`}>
              {t('pages.details.openLive')}
            </Link>
          </>
        ) : null}
      </div>
      <div className="grid-2">
        <PlayerSummary title={t('pages.details.challenger')} player={bet.challenger} bet={bet} reported={bet.challengerResult} />
        <PlayerSummary title={t('pages.details.opponent')} player={bet.opponent} bet={bet} reported={bet.opponentResult} />
      </div>
      <AppealSection bet={bet} userId={user?.id} nameOf={nameOf} />
      <Card title={t('pages.details.rulesTitle')}>
        <ul>
          <li>{t('pages.details.standardRules')}</li>
          {rules.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Card>
      {details.data.resolution ? <ResolutionCard resolution={details.data.resolution} nameOf={nameOf} /> : null}
      <AppealSlot betId={bet.id} audience="player" />
      <div className="grid-2">
        <Timeline details={details.data} nameOf={nameOf} />
        <MoneySection details={details.data} nameOf={nameOf} />
      </div>
    </div>
  );
}
