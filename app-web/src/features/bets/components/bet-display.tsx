import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/primitives';
import type { BetView as Bet } from '@wager/domain/contracts/bets';
import { formatDateTime } from '../../../lib/date-time';
import { translateMessage } from '../../../lib/i18n';

const KNOWN_STATUSES = ['pending', 'accepted', 'in_progress', 'completed', 'disputed', 'cancelled', 'expired', 'voided'];

/** An unknown status displays as pending (spec section 4). */
export function BetStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = KNOWN_STATUSES.includes(status) ? status : 'pending';
  const tone = known === 'completed' ? 'success' : known === 'disputed' || known === 'cancelled' || known === 'expired' ? 'danger' : known === 'pending' ? 'warning' : 'info';
  return (
    <Badge tone={tone} data-testid="bet-status">
      {t(`bets.status.${known}`)}
    </Badge>
  );
}

/**
 * Why a bet is disputed, in the reader's language: by its `disputeReasonCode`; a reason the server
 * has no code for is shown as it came (through the `messages` namespace, which knows none today).
 */
export function disputeReasonText(bet: Pick<Bet, 'disputeReason' | 'disputeReasonCode'>, t: (key: string) => string): string {
  if (bet.disputeReasonCode) return t(`bets.disputeReasons.${bet.disputeReasonCode}`);
  return translateMessage(bet.disputeReason ?? undefined);
}

export function isActive(bet: Bet): boolean {
  return bet.status === 'accepted' || bet.status === 'in_progress';
}

/** The other player's name from the viewer's side, or "Open Challenge". */
export function opponentName(bet: Bet, userId: string | undefined, openLabel: string): string {
  const mine = bet.challengerId === userId;
  const other = mine ? bet.opponent : bet.challenger;
  return other?.username ?? openLabel;
}

/** The app's one date-and-time format (lib/date-time). */
export { formatDateTime };

/** "in 3 h", "2 d ago": a relative time in the interface language. */
export function relativeTime(value: string | null | undefined, language: string, now = new Date()): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86_400), 'day');
}

/** The outcome of a settled bet for the viewer: won, lost or voided. */
export function outcomeFor(bet: Bet, userId: string | undefined): 'won' | 'lost' | 'voided' {
  if (!bet.actualWinner) return 'voided';
  return bet.actualWinner === userId ? 'won' : 'lost';
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The one time that matters for a bet's status (issue 15): the invitation's expiry while
 * pending, the play deadline while accepted or live, the settlement time once completed or
 * voided, and the last change for a dispute or a closed challenge.
 */
export function betTimeLine(bet: Bet, t: Translate): string | null {
  const at = (value: string | null | undefined) => (value ? formatDateTime(value) : null);
  switch (bet.status) {
    case 'pending':
      return at(bet.expiresAt) && t('bets.expires', { time: at(bet.expiresAt) });
    case 'accepted':
    case 'in_progress':
      return at(bet.expiresAt) && t('pages.matches.playBy', { time: at(bet.expiresAt) });
    case 'completed':
    case 'voided':
      return at(bet.settledAt ?? bet.updatedAt) && t('pages.matches.settledAt', { time: at(bet.settledAt ?? bet.updatedAt) });
    case 'disputed':
      return at(bet.updatedAt) && t('pages.matches.disputedAt', { time: at(bet.updatedAt) });
    default:
      return at(bet.updatedAt) && t('pages.matches.closedAt', { time: at(bet.updatedAt) });
  }
}
