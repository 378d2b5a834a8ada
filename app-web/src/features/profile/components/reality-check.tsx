import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Money } from '@wager/domain/money/money';
import { Button } from '../../../components/ui/primitives';
import { Dialog } from '../../../components/ui/dialog';
import { paths } from '../../../config/paths';
import { formatMoney } from '../../../lib/money';
import type { Transaction } from '@wager/domain/contracts/wallet';
import { useUser } from '../../auth';
import { walletQueries } from '../../wallet';
import { useSaferPlayLimits } from '../api/safer-play';

/** Where this tab's session began: the reminder counts play time from here. */
export const SESSION_START_KEY = 'wager.session.startedAt';
/** How many intervals the player has already been reminded of (survives a reload of the tab). */
export const REMINDED_KEY = 'wager.session.reminded';
const SPENT = new Set(['bet_escrow', 'fee', 'pool_entry']);
const RETURNED = new Set(['refund', 'bet_payout', 'pool_payout']);

export function sessionStart(now = Date.now()): number {
  const stored = Number(sessionStorage.getItem(SESSION_START_KEY));
  if (Number.isFinite(stored) && stored > 0) return stored;
  sessionStorage.setItem(SESSION_START_KEY, String(now));
  return now;
}

/** Stakes and fees less refunds and winnings since `since` (positive = money spent). */
export function netSpend(transactions: readonly Transaction[], since: number): Money {
  return transactions
    .filter((t) => Date.parse(t.createdAt) >= since)
    .reduce((sum, t) => (SPENT.has(t.type) ? sum.plus(t.amount) : RETURNED.has(t.type) ? sum.minus(t.amount) : sum), new Money(0));
}

/**
 * The reality check (issue 15): every N minutes of this session's play time, a dialog with the
 * time played and the net spend. N is the player's own setting (PUT /api/user/reality-check).
 */
export function RealityCheckReminder() {
  const { t } = useTranslation('safer');
  const navigate = useNavigate();
  const { data: user } = useUser();
  const { data: limits } = useSaferPlayLimits(Boolean(user));
  const interval = user ? limits?.realityCheckMinutes ?? null : null;
  const [shownAt, setShownAt] = useState<number | null>(null);
  const transactions = useQuery({ ...walletQueries.transactions(), enabled: shownAt !== null });

  useEffect(() => {
    if (!interval || shownAt !== null) return undefined;
    const start = sessionStart();
    const every = interval * 60_000;
    const reminded = Number(sessionStorage.getItem(REMINDED_KEY)) || 0;
    // A mark passed while the page was closed or loading is shown at once, not skipped.
    const wait = Math.max(0, (reminded + 1) * every - (Date.now() - start));
    const timer = window.setTimeout(() => setShownAt(Date.now()), wait);
    return () => window.clearTimeout(timer);
  }, [interval, shownAt]);

  if (shownAt === null || !interval) return null;
  const minutes = Math.round((shownAt - sessionStart()) / 60_000);
  const spend = netSpend(transactions.data ?? [], sessionStart());
  const close = () => {
    // The mark just shown: at least the one the timer aimed at (a timer may fire a millisecond
    // before its mark, and flooring that elapsed time would show the same reminder again at once).
    const previous = Number(sessionStorage.getItem(REMINDED_KEY)) || 0;
    sessionStorage.setItem(REMINDED_KEY, String(Math.max(previous + 1, Math.floor((shownAt - sessionStart()) / (interval * 60_000)))));
    setShownAt(null);
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())} title={t('reminderTitle')} testId="reality-check">
      <p>{t('reminderText', { minutes, spend: formatMoney(spend.toFixed(2), limits?.currency) })}</p>
      <div className="row">
        <Button onClick={close}>{t('keepPlaying')}</Button>
        <Button
          variant="outline"
          onClick={() => {
            close();
            navigate(`${paths.profile.getHref()}?tab=safer`);
          }}
        >
          {t('takeBreak')}
        </Button>
      </div>
    </Dialog>
  );
}
