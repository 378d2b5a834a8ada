import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { APPEAL_NOTES_LENGTH_MAX } from '@wager/domain/bets/appeals';
import { Alert, Badge, Button, Card, Field, Spinner, Textarea } from '../../../components/ui/primitives';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { formatDateTime } from '../../bets';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/money';
import { useUser } from '../../auth';
import { adminQueries, useDecideAppeal, type BetTrail } from '../api/admin-queries';
import { TrailView } from './trail-view';
import { UserLink } from './user-link';

/**
 * Appeals (issue 23): the queue of open appeals, the longest waiting first (or the decided ones),
 * each opening a review with the original resolution, the appellant's reason and the whole trail.
 * The admin who resolved the dispute reads it but cannot decide it (the server refuses too).
 */
export function AppealsTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'open' | 'decided'>('open');
  const appeals = useQuery(adminQueries.appeals(status));
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <Card title={t('appeals.admin.title')}>
      <div className="row">
        {(['open', 'decided'] as const).map((s) => (
          <Button key={s} size="sm" variant={status === s ? 'primary' : 'outline'} onClick={() => setStatus(s)} data-testid={`admin-appeals-show-${s}`}>
            {t(s === 'open' ? 'appeals.admin.showOpen' : 'appeals.admin.showDecided')}
          </Button>
        ))}
      </div>
      {!appeals.data ? (
        <Spinner />
      ) : appeals.data.length === 0 ? (
        <p className="muted">{t(status === 'open' ? 'appeals.admin.none' : 'appeals.admin.noneDecided')}</p>
      ) : (
        <ul className="list" data-testid="admin-appeals">
          {appeals.data.map((bet) => (
            <li key={bet.id} className="list-row" data-testid={`admin-appeal-${bet.id}`}>
              <span>
                <strong>
                  <UserLink userId={bet.challengerId} name={bet.challenger?.username} />
                </strong>{' '}
                {t('bets.vs')} <strong>{bet.opponentId ? <UserLink userId={bet.opponentId} name={bet.opponent?.username} /> : '—'}</strong> · {bet.gameType.toUpperCase()} ·{' '}
                {formatMoney(bet.amount, bet.currency)}{' '}
                <Badge tone={bet.appeal?.status === 'open' ? 'warning' : 'neutral'}>{t(`appeals.status.${bet.appeal?.status ?? 'open'}`)}</Badge>
                <br />
                <span className="muted">
                  {bet.appeal?.reason} · {formatDateTime(bet.appeal?.filedAt)}
                </span>
              </span>
              <Button size="sm" onClick={() => setOpenId(bet.id)} data-testid={`admin-appeal-review-${bet.id}`}>
                {t('appeals.admin.review')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {openId ? <ReviewPanel betId={openId} onClose={() => setOpenId(null)} /> : null}
    </Card>
  );
}

function ReviewPanel({ betId, onClose }: { betId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const trail = useQuery(adminQueries.trail(betId));
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={t('appeals.admin.reviewTitle')} wide testId="admin-appeal-panel">
      {trail.data ? <ReviewBody trail={trail.data} onDone={onClose} /> : <Spinner />}
    </Dialog>
  );
}

function ReviewBody({ trail, onDone }: { trail: BetTrail; onDone: () => void }) {
  const { t } = useTranslation();
  const { data: me } = useUser();
  const bet = trail.bet;
  const appeal = bet.appeal;
  const decide = useDecideAppeal();
  const [decision, setDecision] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | undefined>();
  const name = (id: string | null | undefined) => (id ? (trail.people[id] ?? id) : '—');
  /** The user named in a sentence, linked to their record (the sentence's `<user>` part). */
  const person = (id: string | null | undefined) => (id ? <UserLink userId={id} name={trail.people[id]} /> : <span />);
  const players = [bet.challengerId, bet.opponentId].filter((id): id is string => Boolean(id));
  const original = bet.actualWinner ?? null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!decision) return setError(t('appeals.admin.decisionRequired'));
    if (!notes.trim()) return setError(t('appeals.admin.notesRequired'));
    setError(undefined);
    const input = decision === 'upheld' ? { outcome: 'upheld' as const, winnerId: null } : { outcome: 'overturned' as const, winnerId: decision === 'void' ? null : decision };
    // mutateAsync: the refetched trail closes the form before per-call callbacks would run.
    decide.mutateAsync({ betId: bet.id, ...input, notes: notes.trim() }).then(
      () => {
        toast({ title: input.outcome === 'upheld' ? t('appeals.admin.upheld') : t('appeals.admin.overturned'), type: 'success' });
        onDone();
      },
      (e: unknown) => setError(errorMessage(e)),
    );
  };
  if (!appeal) return <Spinner />;
  // The choices that change the outcome: the other player, or a void; never the outcome as it stands.
  const overturns = [...players.filter((id) => id !== original), ...(original === null ? [] : ['void'])];
  const mine = me?.id === appeal.resolvedBy;
  return (
    <div className="stack">
      <p>
        {bet.gameType.toUpperCase()} · {formatMoney(bet.amount, bet.currency)} · <Badge tone="neutral">{t(`appeals.status.${appeal.status}`)}</Badge>
      </p>
      <div className="grid-2">
        <div className="card" data-testid="admin-appeal-original">
          <h4>{t('appeals.admin.original')}</h4>
          <p>{original ? <Trans t={t} i18nKey="appeals.admin.originalWinner" values={{ name: name(original) }} components={{ user: person(original) }} /> : t('appeals.admin.originalVoid')}</p>
          <p className="muted">
            <Trans t={t} i18nKey="appeals.admin.resolvedBy" values={{ name: name(appeal.resolvedBy) }} components={{ user: person(appeal.resolvedBy) }} />
          </p>
          {bet.adminNotes ? (
            <p>
              <strong>{t('appeals.admin.resolutionNotes')}:</strong> {bet.adminNotes}
            </p>
          ) : null}
        </div>
        <div className="card" data-testid="admin-appeal-reason">
          <h4>
            <Trans t={t} i18nKey="appeals.admin.appealReason" values={{ name: name(appeal.appellantId) }} components={{ user: person(appeal.appellantId) }} />
          </h4>
          <p>{appeal.reason}</p>
          <p className="muted">{formatDateTime(appeal.filedAt)}</p>
        </div>
      </div>
      {appeal.status === 'open' && mine ? (
        <Alert tone="warning" data-testid="admin-appeal-same-admin">
          {t('appeals.admin.sameAdmin')}
        </Alert>
      ) : null}
      {appeal.status === 'open' && !mine ? (
        <form className="card stack" onSubmit={submit} noValidate data-testid="admin-appeal-form">
          <fieldset className="stack">
            <legend>{t('appeals.admin.decision')}</legend>
            <label className="row">
              <input type="radio" name="appeal-decision" value="upheld" checked={decision === 'upheld'} onChange={() => setDecision('upheld')} />
              {t('appeals.admin.uphold')}
            </label>
            {overturns.map((choice) => (
              <label key={choice} className="row">
                <input type="radio" name="appeal-decision" value={choice} checked={decision === choice} onChange={() => setDecision(choice)} />
                {choice === 'void' ? t('appeals.admin.void') : t('appeals.admin.awardTo', { name: name(choice) })}
              </label>
            ))}
          </fieldset>
          <Field label={t('appeals.admin.notes')} required error={error}>
            {({ invalid: _invalid, ...control }) => <Textarea {...control} rows={3} maxLength={APPEAL_NOTES_LENGTH_MAX} value={notes} onChange={(e) => setNotes(e.target.value)} data-testid="admin-appeal-notes" />}
          </Field>
          <div className="row">
            <Button type="submit" variant="danger" disabled={decide.isPending} data-testid="admin-appeal-submit">
              {t('appeals.admin.decide')}
            </Button>
          </div>
        </form>
      ) : null}
      <TrailView trail={trail} />
    </div>
  );
}
