import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input } from '../../../components/ui/primitives';
import { playerQueries, type PlayerProfile } from '../../players';

/** Wait this long after the last keystroke before asking the server (one request per pause, not per key). */
export const OPPONENT_SEARCH_DEBOUNCE_MS = 250;
const OPPONENT_SEARCH_MIN_LENGTH = 2;

/**
 * Picks a direct challenge's opponent by name: type part of a username, pick the player from the
 * server's list (GET /api/opponents?search=…, which never lists the viewer). The form keeps the
 * picked player's id; the player sees only names. Clearing the pick makes the challenge open.
 */
export function OpponentPicker({ value, onChange }: { value: { id: string; username: string } | null; onChange: (picked: { id: string; username: string } | null) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), OPPONENT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const enabled = value === null && search.length >= OPPONENT_SEARCH_MIN_LENGTH;
  const results = useQuery({ ...playerQueries.opponents({ search, page: 1 }), enabled, placeholderData: keepPreviousData });
  const players: PlayerProfile[] = enabled ? (results.data?.players ?? []).slice(0, 5) : [];

  if (value) {
    return (
      <div className="field" data-testid="opponent-picked">
        <span className="label">{t('createChallenge.opponent')}</span>
        <div className="row">
          <strong>{value.username}</strong>
          <Button variant="outline" size="sm" onClick={() => onChange(null)}>
            {t('createChallenge.opponentChange')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div data-testid="opponent-picker">
      <Field label={t('createChallenge.opponent')} hint={t('createChallenge.opponentHint')}>
        {(control) => <Input {...control} type="search" autoComplete="off" placeholder={t('createChallenge.opponentPlaceholder')} value={text} onChange={(e) => setText(e.target.value)} />}
      </Field>
      {enabled && results.isSuccess && players.length === 0 ? <p className="muted" data-testid="opponent-none">{t('createChallenge.opponentNone', { search })}</p> : null}
      {players.length ? (
        <ul className="list" aria-label={t('createChallenge.opponentResults')} data-testid="opponent-results">
          {players.map((player) => (
            <li key={player.id} className="list-row">
              <span>
                <strong>{player.username}</strong> <span className="muted">{t('createChallenge.opponentRating', { rating: player.rating, wins: player.wins, losses: player.losses })}</span>
              </span>
              <Button variant="outline" size="sm" aria-label={t('createChallenge.opponentPick', { name: player.username })} onClick={() => onChange({ id: player.id, username: player.username })}>
                {t('createChallenge.opponentPickShort')}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
