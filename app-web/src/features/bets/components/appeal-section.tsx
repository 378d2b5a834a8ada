import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { APPEAL_REASON_LENGTH_MAX, fileAppealSchema } from '@wager/domain/bets/appeals';
import { Alert, Badge, Button, Card, Field, Textarea } from '../../../components/ui/primitives';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/error-message';
import type { BetView as Bet } from '@wager/domain/contracts/bets';
import { useFileAppeal } from '../api/bet-queries';
import { formatDateTime } from './bet-display';

/**
 * Whether `userId` may still appeal this bet: a player of a bet an admin resolved, before the
 * appeal window closes, with no appeal filed yet. The server decides again (the clock may differ).
 */
export function canAppeal(bet: Bet, userId: string | null | undefined, now: Date = new Date()): boolean {
  if (!userId || (bet.challengerId !== userId && bet.opponentId !== userId)) return false;
  if (bet.appeal || !bet.appealDeadlineAt) return false;
  return now.getTime() < Date.parse(bet.appealDeadlineAt);
}

/** The Appeal action: a button opening the reason form; on My Matches and the match page. */
export function AppealButton({ bet, userId, size = 'sm' }: { bet: Bet; userId: string | null | undefined; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!canAppeal(bet, userId)) return null;
  return (
    <>
      <Button size={size} variant="outline" onClick={() => setOpen(true)} data-testid={`appeal-button-${bet.id}`}>
        {t('appeals.appeal')}
      </Button>
      {open ? <AppealDialog bet={bet} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function AppealDialog({ bet, onClose }: { bet: Bet; onClose: () => void }) {
  const { t } = useTranslation();
  const fileAppeal = useFileAppeal();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The shared schema: the browser refuses what the server would.
    if (!fileAppealSchema.safeParse({ reason }).success) return setError(t('appeals.reasonRequired'));
    setError(undefined);
    // mutateAsync, not mutate's callbacks: the refetched bet hides the Appeal button (and this
    // dialog with it) before per-call callbacks would run, and the player must still be told.
    fileAppeal.mutateAsync({ betId: bet.id, reason: reason.trim() }).then(
      () => {
        toast({ title: t('appeals.filed'), type: 'success' });
        onClose();
      },
      (e: unknown) => setError(errorMessage(e)),
    );
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={t('appeals.dialogTitle')} description={t('appeals.intro', { deadline: formatDateTime(bet.appealDeadlineAt) })} testId="appeal-dialog">
      <form className="stack" onSubmit={submit} noValidate>
        <Field label={t('appeals.reason')} required error={error}>
          {({ invalid: _invalid, ...control }) => (
            <Textarea {...control} rows={4} maxLength={APPEAL_REASON_LENGTH_MAX} placeholder={t('appeals.reasonPlaceholder')} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="appeal-reason" />
          )}
        </Field>
        <div className="row">
          <Button type="submit" disabled={fileAppeal.isPending} data-testid="appeal-submit">
            {t('appeals.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The appeal's state on the match page: under review, upheld or overturned (with the new outcome), or the window still open. */
export function AppealSection({ bet, userId, nameOf }: { bet: Bet; userId: string | null | undefined; nameOf: (id: string | null) => string }) {
  const { t } = useTranslation();
  const appeal = bet.appeal;
  if (!appeal) {
    if (!canAppeal(bet, userId)) return null;
    return (
      <Card title={t('appeals.title')} data-testid="appeal-section" data-status="none">
        <p className="muted">{t('appeals.openUntil', { deadline: formatDateTime(bet.appealDeadlineAt) })}</p>
        <AppealButton bet={bet} userId={userId} size="md" />
      </Card>
    );
  }
  const tone = appeal.status === 'open' ? 'warning' : appeal.status === 'overturned' ? 'info' : 'neutral';
  const outcome =
    appeal.status === 'open'
      ? t('appeals.openText')
      : appeal.status === 'upheld'
        ? t('appeals.upheldText')
        : bet.actualWinner
          ? t('appeals.overturnedWin', { name: nameOf(bet.actualWinner) })
          : t('appeals.overturnedVoid');
  return (
    <Card title={t('appeals.title')} data-testid="appeal-section" data-status={appeal.status}>
      <p>
        <Badge tone={tone} data-testid="appeal-status">
          {t(`appeals.status.${appeal.status}`)}
        </Badge>
      </p>
      <p className="muted">{t('appeals.filedBy', { name: nameOf(appeal.appellantId), time: formatDateTime(appeal.filedAt) })}</p>
      <blockquote>{appeal.reason}</blockquote>
      <Alert tone={appeal.status === 'open' ? 'warning' : appeal.status === 'overturned' ? 'info' : 'success'} data-testid="appeal-outcome">
        {outcome}
      </Alert>
      {appeal.decidedAt ? <p className="muted">{t('appeals.decidedAt', { time: formatDateTime(appeal.decidedAt) })}</p> : null}
    </Card>
  );
}
