import { useTranslation } from 'react-i18next';
import { Badge, Card, Spinner } from '../../../components/ui/primitives';
import type { BetView as Bet } from '@wager/domain/contracts/bets';
import { TRACKING_POLL_MS, type LiveMatch } from '../api/live-queries';
import { useLiveMatch } from './use-live-match';
import { SuggestionNote } from './suggestion-note';
import { formatTime } from '../../../lib/date-time';

const STATUS_TONE = { waiting: 'neutral', in_progress: 'success', paused: 'warning', completed: 'info' } as const;

function Possession({ match, bet }: { match: LiveMatch; bet: Bet }) {
  const { t } = useTranslation();
  const mine = Math.round(match.possession.challenger);
  return (
    <div className="live-possession" data-testid="live-possession">
      <div className="live-possession-labels">
        <span>{mine}%</span>
        <span>{t('liveMatch.possession')}</span>
        <span>{100 - mine}%</span>
      </div>
      <div className="live-possession-bar" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={mine} aria-label={t('liveMatch.possessionOf', { name: bet.challenger?.username ?? '' })}>
        <span className="live-possession-home" style={{ width: `${mine}%` }} />
      </div>
    </div>
  );
}

function EventsList({ match, bet }: { match: LiveMatch; bet: Bet }) {
  const { t } = useTranslation();
  const events = [...match.events].reverse();
  if (events.length === 0) return <p className="muted">{t('liveMatch.noEvents')}</p>;
  return (
    <ol className="live-events" data-testid="live-events">
      {events.map((e) => (
        <li key={e.id} data-testid="live-event" data-type={e.type}>
          <span className="live-event-minute">{e.minute}'</span> <strong>{t(`liveMatch.eventTypes.${e.type}`, { defaultValue: e.type })}</strong>
          {e.player && e.type === 'goal' ? ` · ${e.player}` : ''}
          {e.side ? ` · ${e.side === 'challenger' ? (bet.challenger?.username ?? '') : (bet.opponent?.username ?? '')}` : ''}
        </li>
      ))}
    </ol>
  );
}

/** Spec "Live match panel (fc25 data)": score, clock, possession, events, details. */
export function Fc25LivePanel({ bet }: { bet: Bet }) {
  const { t } = useTranslation();
  const { data: match, isPending } = useLiveMatch(bet.id, TRACKING_POLL_MS);
  return (
    <Card className="live-panel" data-testid="fc25-live-panel" title={t('liveMatch.title')}>
      {isPending || !match ? (
        <Spinner label={t('liveMatch.loading')} />
      ) : (
        <>
          <div className="live-scoreline">
            <Badge tone={STATUS_TONE[match.status]} data-testid="live-status" data-status={match.status}>
              {t(`liveMatch.status.${match.status}`)}
            </Badge>
            <span className="live-clock" data-testid="live-clock">
              {match.currentMinute}'
            </span>
          </div>
          <p className="live-score" data-testid="live-score">
            <span>{bet.challenger?.username}</span> <strong data-testid="live-score-value">{`${match.challengerScore} – ${match.opponentScore}`}</strong> <span>{bet.opponent?.username}</span>
          </p>
          <Possession match={match} bet={bet} />
          <h3 className="card-subtitle">{t('liveMatch.events')}</h3>
          <EventsList match={match} bet={bet} />
          <h3 className="card-subtitle">{t('liveMatch.details')}</h3>
          <dl className="live-details" data-testid="live-details">
            <dt>{t('liveMatch.matchDuration')}</dt>
            <dd>{t('chat.minutes', { count: match.matchDuration ?? bet.matchDuration ?? 90 })}</dd>
            {match.gameMode ? (
              <>
                <dt>{t('chat.gameMode')}</dt>
                <dd>{match.gameMode}</dd>
              </>
            ) : null}
            <dt>{t('liveMatch.lastUpdate')}</dt>
            <dd>{formatTime(match.lastUpdate)}</dd>
          </dl>
          <SuggestionNote match={match} bet={bet} />
        </>
      )}
    </Card>
  );
}
