import { createContext, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/primitives';
import type { BetView as Bet } from '@wager/domain/contracts/bets';
import { useUser } from '../../auth';
import { isActive } from './bet-display';
import { UploadResultDialog } from './upload-result-dialog';

type Result = 'won' | 'lost';
/** Opens Upload Result for the bet, optionally prefilled; null when the viewer cannot report (not a player, already reported, bet not active). */
type ReportAction = ((result?: Result) => void) | null;

const ReportActionContext = createContext<ReportAction>(null);

/** The report action of the bet on screen, for whatever offers it (the chat screen's button, the tracker's "confirm?"). */
export function useReportAction(): ReportAction {
  return useContext(ReportActionContext);
}

/** Whether this player may still report on this bet: a player of an active bet who has not reported. */
export function canReport(bet: Bet, userId: string | undefined): boolean {
  if (!userId || !isActive(bet)) return false;
  if (bet.challengerId === userId) return !bet.challengerResult;
  if (bet.opponentId === userId) return !bet.opponentResult;
  return false;
}

/** Gives a screen about one bet its report action, and the Upload Result dialog it opens. */
export function ReportResultProvider({ bet, children }: { bet: Bet; children: ReactNode }) {
  const { data: user } = useUser();
  const [open, setOpen] = useState<{ result: Result | '' } | null>(null);
  const action: ReportAction = canReport(bet, user?.id) ? (result) => setOpen({ result: result ?? '' }) : null;
  return (
    <ReportActionContext.Provider value={action}>
      {children}
      {open ? <UploadResultDialog betId={bet.id} open initialResult={open.result} onOpenChange={(next) => (next ? undefined : setOpen(null))} /> : null}
    </ReportActionContext.Provider>
  );
}

/** Upload Result on the chat screen. */
export function ReportResultButton() {
  const { t } = useTranslation();
  const action = useReportAction();
  if (!action) return null;
  return (
    <Button size="sm" onClick={() => action()} data-testid="chat-report-result">
      {t('casebook.player.reportResult')}
    </Button>
  );
}
