import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card, Checkbox, Field, Input, Select, Spinner } from '../../components/ui/primitives';
import { useUser } from '../../features/auth';
import { CreateChallengeDialog, type DirectOpponent } from '../../features/bets';
import { playerQueries, type OpponentFilters, type PlayerProfile } from '../../features/players';
import { errorMessage } from '../../lib/error-message';

function OpponentCard({ player, game, onChallenge }: { player: PlayerProfile; game: OpponentFilters['game']; onChallenge: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="card challenge-card" data-testid="opponent-card" data-player-id={player.id}>
      <div className="row-between">
        <strong>{player.username}</strong>
        {player.online ? <Badge tone="success">{t('pages.opponents.online')}</Badge> : null}
      </div>
      <p className="muted">
        {t('invite.rating')}: {player.rating} · {t('pages.leaderboard.record', { wins: player.wins, losses: player.losses })}
      </p>
      <div className="row">
        {player.isPsnVerified ? <Badge tone="success">{t('invite.verified', { platform: 'PSN' })}</Badge> : null}
        {player.isActivisionVerified ? <Badge tone="success">{t('invite.verified', { platform: 'Activision' })}</Badge> : null}
      </div>
      {(game !== 'cod' && player.psnUsername) || (game === 'cod' && player.activisionId) ? <p className="muted">{game === 'cod' ? player.activisionId : player.psnUsername}</p> : null}
      <Button size="sm" onClick={onChallenge} aria-label={t('pages.opponents.challengeName', { name: player.username })}>
        {t('pages.opponents.challenge')}
      </Button>
    </li>
  );
}

/** /opponents (issue 15): players to challenge directly, by game, rating range, online recently and text. */
export function OpponentsRoute() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const [filters, setFilters] = useState<OpponentFilters>({ game: '', ratingMin: '', ratingMax: '', online: false, search: '', page: 1 });
  const [opponent, setOpponent] = useState<DirectOpponent | null>(null);
  const players = useQuery({ ...playerQueries.opponents(filters), placeholderData: keepPreviousData });
  const set = (patch: Partial<OpponentFilters>) => setFilters((f) => ({ ...f, ...patch, page: 1 }));
  if (!user) return <Spinner />;
  const rows = players.data?.players ?? [];
  const totalPages = players.data?.totalPages ?? 1;
  return (
    <div className="page" data-testid="opponents-page">
      <header className="page-header">
        <h1>{t('pages.opponents.title')}</h1>
        <p className="muted">{t('pages.opponents.subtitle')}</p>
      </header>
      <Card>
        <div className="filters" role="search">
          <Field label={t('pages.opponents.search')}>{(control) => <Input {...control} type="search" value={filters.search} onChange={(e) => set({ search: e.target.value })} />}</Field>
          <Field label={t('pages.opponents.game')}>
            {(control) => (
              <Select {...control} value={filters.game} onChange={(e) => set({ game: e.target.value as OpponentFilters['game'] })}>
                <option value="">{t('pages.opponents.anyGame')}</option>
                <option value="fc25">{t('bets.games.fc25')}</option>
                <option value="cod">{t('bets.games.cod')}</option>
              </Select>
            )}
          </Field>
          <Field label={t('pages.opponents.ratingMin')}>{(control) => <Input {...control} type="number" min={0} value={filters.ratingMin} onChange={(e) => set({ ratingMin: e.target.value })} />}</Field>
          <Field label={t('pages.opponents.ratingMax')}>{(control) => <Input {...control} type="number" min={0} value={filters.ratingMax} onChange={(e) => set({ ratingMax: e.target.value })} />}</Field>
        </div>
        <Checkbox label={t('pages.opponents.onlineOnly')} checked={filters.online} onChange={(e) => set({ online: e.currentTarget.checked })} />
      </Card>
      {players.isPending ? <Spinner /> : null}
      {players.isError ? <p className="text-danger">{errorMessage(players.error)}</p> : null}
      {players.isSuccess && rows.length === 0 ? <p className="muted empty-state">{t('pages.opponents.empty')}</p> : null}
      <ul className="cards-grid">
        {rows.map((player) => (
          <OpponentCard key={player.id} player={player} game={filters.game} onChallenge={() => setOpponent({ id: player.id, username: player.username, ...(filters.game ? { gameType: filters.game } : {}) })} />
        ))}
      </ul>
      {totalPages > 1 ? (
        <div className="row pagination">
          <Button size="sm" variant="outline" disabled={filters.page <= 1} onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}>
            {t('common.previous')}
          </Button>
          <span className="muted">{t('common.pageOf', { page: filters.page, total: totalPages })}</span>
          <Button size="sm" variant="outline" disabled={filters.page >= totalPages} onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}>
            {t('common.next')}
          </Button>
        </div>
      ) : null}
      <CreateChallengeDialog user={user} open={opponent !== null} onOpenChange={(open) => !open && setOpponent(null)} opponent={opponent} />
    </div>
  );
}
