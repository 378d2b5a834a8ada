import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card, Field, Input } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';
import type { BetView as Bet, UserSummary } from '@wager/domain/contracts/bets';
import { MANUAL_EVENT_FIELDS, MANUAL_EVENT_TYPES, PLAYER_POLL_MS, TRACKING_POLL_MS, liveQueries, parseEventNumber, useReportEvent, type ManualEventType } from '../api/live-queries';
import { SuggestionNote } from './suggestion-note';
import { useLiveMatch, usePollWhileOffline } from './use-live-match';
import { formatDateTime } from '../../../lib/date-time';

/** Spec section 9: only the first 4 team players are listed. */
export const TEAM_PLAYERS_SHOWN = 4;

function minutesSince(iso: string | null): number {
  return iso ? Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / 60_000)) : 0;
}

/** One player's live COD match (GET /api/cod/player/:activisionId/live, every 15 s while the socket is down). */
function PlayerLive({ player }: { player: UserSummary }) {
  const { t } = useTranslation();
  const poll = usePollWhileOffline(PLAYER_POLL_MS);
  const activisionId = player.activisionId ?? '';
  const live = useQuery({ ...liveQueries.player(activisionId, poll), enabled: activisionId !== '' });
  const match = live.data?.isLive ? live.data.match : null;
  return (
    <section className="cod-player" data-testid="cod-player-live" data-live={match ? 'true' : 'false'}>
      <h3 className="card-subtitle">
        {player.username} {activisionId ? <span className="muted">({activisionId})</span> : null}
      </h3>
      {match ? (
        <>
          <p>
            <Badge tone="danger" data-testid="cod-live-badge">
              {t('codLive.live')}
            </Badge>{' '}
            {t(`createChallenge.codModes.${match.gameMode ?? ''}`, { defaultValue: match.gameMode ?? '' })} · {match.map} · {t('codLive.minutesSinceStart', { count: minutesSince(match.startTime) })}
          </p>
          <dl className="cod-stats" data-testid="cod-stats">
            <dt>{t('codLive.kills')}</dt>
            <dd>{match.playerStats.kills}</dd>
            <dt>{t('codLive.deaths')}</dt>
            <dd>{match.playerStats.deaths}</dd>
            <dt>{t('codLive.assists')}</dt>
            <dd>{match.playerStats.assists}</dd>
            <dt>{t('codLive.damage')}</dt>
            <dd>{match.playerStats.damage}</dd>
          </dl>
          <p data-testid="cod-team">
            {t('codLive.team', { name: match.teamInfo.teamName, size: match.teamInfo.teamSize })}: {match.teamInfo.players.slice(0, TEAM_PLAYERS_SHOWN).join(', ')}
          </p>
        </>
      ) : (
        <div data-testid="cod-no-live">
          <p>{t('codLive.noLive')}</p>
          <p className="muted">{t('codLive.noLiveHint')}</p>
        </div>
      )}
    </section>
  );
}

function MatchHistory({ betId }: { betId: string }) {
  const { t } = useTranslation();
  const poll = usePollWhileOffline(TRACKING_POLL_MS);
  const { data } = useQuery(liveQueries.tracking(betId, poll));
  const records = data?.liveTracking ?? [];
  return (
    <Card title={t('codLive.history')} data-testid="cod-match-history">
      {records.length === 0 ? (
        <p className="muted">{t('codLive.noHistory')}</p>
      ) : (
        <ul>
          {records.map((r) => (
            <li key={r.matchId}>
              <code>{r.matchId}</code> · {t(`createChallenge.codModes.${r.gameMode ?? ''}`, { defaultValue: r.gameMode ?? '' })} · {r.map} · {formatDateTime(r.startTime)}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Spec "Manual event card": a type button reveals its inputs; 'Report {event}' submits. */
function ManualEventCard({ betId }: { betId: string }) {
  const { t } = useTranslation();
  const report = useReportEvent(betId);
  const [type, setType] = useState<ManualEventType | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [clientEventId, setClientEventId] = useState(() => crypto.randomUUID());
  const label = (eventType: ManualEventType) => t(`codLive.eventTypes.${eventType}`);
  const submit = () => {
    if (!type) return;
    const data = Object.fromEntries(MANUAL_EVENT_FIELDS[type].map((field) => [field, parseEventNumber(values[field] ?? '')]));
    report.mutate(
      { eventType: type, data, clientEventId },
      {
        onSuccess: () => {
          toast({ title: t('codLive.reportedTitle'), description: t('codLive.reportedText', { event: label(type) }), type: 'success' });
          setValues({});
          setClientEventId(crypto.randomUUID());
        },
        onError: () => toast({ title: t('codLive.reportFailedTitle'), description: t('codLive.reportFailedText'), type: 'error' }),
      },
    );
  };
  return (
    <Card title={t('codLive.manualTitle')} data-testid="manual-event-card">
      <div className="manual-event-types" role="group" aria-label={t('codLive.eventType')}>
        {MANUAL_EVENT_TYPES.map((eventType) => (
          <Button key={eventType} type="button" size="sm" variant={type === eventType ? 'primary' : 'secondary'} aria-pressed={type === eventType} onClick={() => setType(eventType)}>
            {label(eventType)}
          </Button>
        ))}
      </div>
      {type
        ? MANUAL_EVENT_FIELDS[type].map((field) => (
            <Field key={field} label={t(`codLive.fields.${field}`)}>
              {(control) => <Input {...control} type="number" min={0} step={1} inputMode="numeric" value={values[field] ?? ''} onChange={(e) => setValues({ ...values, [field]: e.target.value })} />}
            </Field>
          ))
        : null}
      <Button type="button" disabled={!type || report.isPending} onClick={submit}>
        {type ? t('codLive.report', { event: label(type) }) : t('codLive.chooseEvent')}
      </Button>
    </Card>
  );
}

/** Spec "COD live tracking panel" on the chat screen: each player's live match, the match history, manual events. */
export function CodLivePanel({ bet, isPlayer }: { bet: Bet; isPlayer: boolean }) {
  const { t } = useTranslation();
  const { data: match } = useLiveMatch(bet.id, TRACKING_POLL_MS);
  const players = [bet.challenger, bet.opponent].filter((p): p is UserSummary => Boolean(p));
  return (
    <div className="live-panel cod-live" data-testid="cod-live-panel">
      <Card title={t('codLive.title')}>
        {players.map((p) => (
          <PlayerLive key={p.id} player={p} />
        ))}
        {match ? <SuggestionNote match={match} bet={bet} /> : null}
      </Card>
      <MatchHistory betId={bet.id} />
      {isPlayer ? <ManualEventCard betId={bet.id} /> : null}
    </div>
  );
}
