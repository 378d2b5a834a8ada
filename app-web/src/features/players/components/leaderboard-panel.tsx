import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Spinner } from '../../../components/ui/primitives';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { formatMoney } from '../../../lib/money';
import { playerQueries, type LeaderboardEntry } from '../api/player-queries';

const GAMES = ['', 'fc25', 'cod'] as const;

function Row({ entry, currency, mine }: { entry: LeaderboardEntry; currency: string; mine: boolean }) {
  const { t } = useTranslation();
  return (
    <tr className={mine ? 'leaderboard-me' : undefined} data-testid="leaderboard-row">
      <td>#{entry.rank}</td>
      <td>{entry.username}</td>
      <td>{entry.rating}</td>
      <td>{t('pages.leaderboard.record', { wins: entry.wins, losses: entry.losses })}</td>
      <td>{entry.winRate}%</td>
      <td>{formatMoney(entry.totalWinnings, currency)}</td>
    </tr>
  );
}

/** The global leaderboard (issue 15), `#leaderboard` on the dashboard: per game or overall, paged, with the player's own rank. */
export function LeaderboardPanel({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [game, setGame] = useState<(typeof GAMES)[number]>('');
  const [page, setPage] = useState(1);
  const board = useQuery({ ...playerQueries.leaderboard(game, page), placeholderData: keepPreviousData });
  const data = board.data;
  return (
    <Card title={t('pages.leaderboard.title')} id="leaderboard" data-testid="leaderboard">
      <div className="row" role="group" aria-label={t('pages.leaderboard.game')}>
        {GAMES.map((g) => (
          <Button
            key={g || 'all'}
            size="sm"
            variant={g === game ? 'primary' : 'outline'}
            aria-pressed={g === game}
            onClick={() => {
              setGame(g);
              setPage(1);
            }}
          >
            {g ? t(`bets.gameShort.${g}`) : t('pages.leaderboard.overall')}
          </Button>
        ))}
      </div>
      {data?.me ? (
        <p data-testid="leaderboard-my-rank">{t('pages.leaderboard.myRank', { rank: data.me.rank, rating: data.me.rating })}</p>
      ) : (
        <p className="muted">{t('pages.leaderboard.unranked')}</p>
      )}
      {board.isPending ? <Spinner /> : null}
      {data && data.entries.length === 0 ? <p className="muted">{t('pages.leaderboard.empty')}</p> : null}
      {data && data.entries.length > 0 ? (
        <ScrollTable label={t('pages.leaderboard.title')} testId="leaderboard-scroll">
          <table className="table">
            <thead>
              <tr>
                <th>{t('pages.leaderboard.rank')}</th>
                <th>{t('pages.leaderboard.player')}</th>
                <th>{t('pages.leaderboard.rating')}</th>
                <th>{t('pages.leaderboard.wl')}</th>
                <th>{t('pages.leaderboard.winRate')}</th>
                <th>{t('pages.leaderboard.winnings')}</th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((entry) => (
                <Row key={entry.id} entry={entry} currency={data.currency} mine={entry.id === userId} />
              ))}
            </tbody>
          </table>
        </ScrollTable>
      ) : null}
      {data && data.totalPages > 1 ? (
        <div className="row pagination">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('common.previous')}
          </Button>
          <span className="muted">{t('common.pageOf', { page, total: data.totalPages })}</span>
          <Button size="sm" variant="outline" disabled={page >= data.totalPages} onClick={() => setPage((p) => p + 1)}>
            {t('common.next')}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
