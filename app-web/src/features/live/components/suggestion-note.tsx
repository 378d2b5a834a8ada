import { useTranslation } from 'react-i18next';
import { Alert, Button } from '../../../components/ui/primitives';
import type { BetView as Bet } from '@wager/domain/contracts/bets';
import { useReportAction } from '../../bets';
import { useUser } from '../../auth';
import type { LiveMatch, Suggestion } from '../api/live-queries';

/** The suggestion from one player's side: what they would report, and the score with theirs first. */
export function suggestionFor(s: Suggestion, bet: Pick<Bet, 'challengerId'>, userId: string | undefined) {
  const isChallenger = userId === bet.challengerId;
  const score = isChallenger ? `${s.challengerRaw}–${s.opponentRaw}` : `${s.opponentRaw}–${s.challengerRaw}`;
  const result: 'won' | 'lost' | null = s.winnerId === null ? null : s.winnerId === userId ? 'won' : 'lost';
  return { score, result };
}

/** The tracker's view of the ended match, for the players (evidence only: they still report); its "confirm?" opens Upload Result prefilled. */
export function SuggestionNote({ match, bet }: { match: LiveMatch; bet: Bet }) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const report = useReportAction();
  if (!match.suggestion) return null;
  const { score, result } = suggestionFor(match.suggestion, bet, user?.id);
  const isPlayer = user?.id === bet.challengerId || user?.id === bet.opponentId;
  const text = !isPlayer ? t('liveMatch.suggestionOther', { score: `${match.suggestion.challengerRaw}–${match.suggestion.opponentRaw}` }) : result ? t(`liveMatch.suggestion.${result}`, { score }) : t('liveMatch.suggestion.draw', { score });
  return (
    <Alert tone="info" data-testid="tracker-suggestion" data-result={result ?? 'draw'}>
      {text}{' '}
      {isPlayer && result && report ? (
        <Button size="sm" variant="secondary" onClick={() => report(result)} data-testid="tracker-confirm">
          {t('casebook.player.confirmUpload')}
        </Button>
      ) : null}
    </Alert>
  );
}
