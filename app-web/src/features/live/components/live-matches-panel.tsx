import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Badge, Card } from '../../../components/ui/primitives';
import { paths } from '../../../config/paths';
import type { BetView as Bet } from '@wager/domain/contracts/bets';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { liveQueries } from '../api/live-queries';

/** One live bet: who plays, the tracked score (goals or kills) from the viewer's side, and a link to the match chat. */
function LiveMatchRow({ bet, user }: { bet: Bet; user: User }) {
  const { t } = useTranslation();
  const match = useQuery(liveQueries.match(bet.id));
  const mine = bet.challengerId === user.id;
  const m = match.data;
  const [own, other] = m ? (bet.gameType === 'cod' ? [m.challengerKills, m.opponentKills] : [m.challengerScore, m.opponentScore]) : [null, null];
  const score = own === null ? null : mine ? `${own}–${other}` : `${other}–${own}`;
  const opponent = (mine ? bet.opponent : bet.challenger)?.username ?? '—';
  return (
    <li className="list-row" data-testid="live-match-row" data-bet-id={bet.id}>
      <span>
        <Badge tone="danger">{t('liveMatch.live')}</Badge> <strong>{t(`bets.games.${bet.gameType}`)}</strong> · {t('bets.vs')} {opponent}
      </span>
      <span data-testid="live-match-score">
        {score ? t('casebook.player.liveScore', { score }) : null}
        {m && bet.gameType === 'fc25' && m.currentMinute > 0 ? ` · ${t('casebook.player.liveMinute', { minute: m.currentMinute })}` : ''}
      </span>
      <Link className="btn btn-ghost btn-sm" to={`${paths.chat.getHref(bet.id)}#live-panel`}>
        {t('pages.details.openLive')}
      </Link>
    </li>
  );
}

/** The dashboard's live matches: my bets whose tracked match is being played now (status in_progress, "Live"). */
export function LiveMatchesPanel({ bets, user }: { bets: Bet[]; user: User }) {
  const { t } = useTranslation();
  const live = bets.filter((b) => b.status === 'in_progress');
  return (
    <Card title={t('casebook.player.liveTitle')} data-testid="live-matches" className="live-matches">
      {live.length === 0 ? (
        <p className="muted">{t('casebook.player.liveEmpty')}</p>
      ) : (
        <ul className="list">
          {live.map((bet) => (
            <LiveMatchRow key={bet.id} bet={bet} user={user} />
          ))}
        </ul>
      )}
    </Card>
  );
}
