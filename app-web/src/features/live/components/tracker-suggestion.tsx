import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Button } from '../../../components/ui/primitives';
import { useUser } from '../../auth';
import { betQueries, isActive } from '../../bets';
import { liveQueries } from '../api/live-queries';
import { suggestionFor } from './suggestion-note';

/**
 * On Upload Result: "The tracker saw you win 3–1: confirm?" when a tracked match of this bet
 * ended. Confirm picks that result in the form; the player still submits it (the tracker's view
 * is evidence, never a result by itself).
 */
export function TrackerSuggestion({ betId, onConfirm }: { betId: string; onConfirm: (result: 'won' | 'lost') => void }) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const bet = useQuery({ ...betQueries.detail(betId), retry: false });
  const match = useQuery({ ...liveQueries.match(betId), enabled: Boolean(bet.data && isActive(bet.data)) });
  const suggestion = match.data?.suggestion;
  if (!suggestion || !bet.data) return null;
  const { score, result } = suggestionFor(suggestion, bet.data, user?.id);
  return (
    <Alert tone="info" data-testid="upload-tracker-suggestion" data-result={result ?? 'draw'}>
      {result ? t(`liveMatch.suggestion.${result}`, { score }) : t('liveMatch.suggestion.draw', { score })}{' '}
      {result ? (
        <Button size="sm" variant="secondary" onClick={() => onConfirm(result)}>
          {t('liveMatch.confirm')}
        </Button>
      ) : null}
    </Alert>
  );
}
