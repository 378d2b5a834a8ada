import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card, Field, Spinner, Textarea } from '../../../components/ui/primitives';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { formatDateTime } from '../../bets/components/bet-display';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/money';
import { adminQueries, useResolveDispute, type BetTrail, type DisputedBet } from '../api/admin-queries';
import { EvidenceView } from './evidence-view';
import { TrailView } from './trail-view';

/** Disputes: the disputed bets, each opening the resolve panel with its whole trail. */
export function DisputesTab() {
  const { t } = useTranslation();
  const disputed = useQuery(adminQueries.disputed());
  const [openId, setOpenId] = useState<string | null>(null);
  if (!disputed.data) return <Spinner />;
  return (
    <Card title={t('admin.disputes.title')}>
      {disputed.data.length === 0 ? (
        <p className="muted">{t('admin.disputes.none')}</p>
      ) : (
        <ul className="list" data-testid="admin-disputes">
          {disputed.data.map((bet) => (
            <li key={bet.id} className="list-row" data-testid={`admin-dispute-${bet.id}`}>
              <span>
                <strong>{bet.challenger?.username ?? bet.challengerId}</strong> vs <strong>{bet.opponent?.username ?? bet.opponentId}</strong> · {bet.gameType.toUpperCase()} · {formatMoney(bet.amount, bet.currency)}
                <br />
                <span className="muted">
                  {bet.disputeReason} · {formatDateTime(bet.updatedAt)}
                </span>
              </span>
              <Button size="sm" onClick={() => setOpenId(bet.id)}>
                {t('admin.disputes.open')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {openId ? <ResolvePanel betId={openId} onClose={() => setOpenId(null)} /> : null}
    </Card>
  );
}

function Report({ trail, who, playerId, result }: { trail: BetTrail; who: string; playerId: string | null | undefined; result: string | null | undefined }) {
  const { t } = useTranslation();
  const files = trail.bet.resultEvidence.filter((f) => f.userId === playerId);
  return (
    <div className="card" data-testid="admin-report">
      <h4>
        {who}: {playerId ? (trail.people[playerId] ?? playerId) : '—'}
      </h4>
      <p>{result ? t('admin.disputes.reported', { result }) : t('admin.disputes.noReport')}</p>
      {files.length === 0 ? <p className="muted">{t('admin.disputes.noEvidence')}</p> : files.map((file) => <EvidenceView key={file.sha256} file={file} />)}
    </div>
  );
}

/** The resolve panel: both reports side by side with their evidence, the trail, and the decision with required notes. */
function ResolvePanel({ betId, onClose }: { betId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const trail = useQuery(adminQueries.trail(betId));
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={t('admin.disputes.resolveTitle')} wide testId="admin-resolve-panel">
      {trail.data ? <ResolveBody trail={trail.data} onDone={onClose} /> : <Spinner />}
    </Dialog>
  );
}

function ResolveBody({ trail, onDone }: { trail: BetTrail; onDone: () => void }) {
  const { t } = useTranslation();
  const bet: DisputedBet = trail.bet;
  const resolve = useResolveDispute();
  const [decision, setDecision] = useState<string>('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | undefined>();
  const isOpen = bet.status === 'disputed';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!decision) return setError(t('admin.disputes.decisionRequired'));
    if (!notes.trim()) return setError(t('admin.disputes.notesRequired'));
    setError(undefined);
    resolve.mutate(
      { betId: bet.id, winnerId: decision === 'void' ? null : decision, adminNotes: notes.trim() },
      {
        onSuccess: () => {
          toast({ title: decision === 'void' ? t('admin.disputes.voided') : t('admin.disputes.resolved'), type: 'success' });
          onDone();
        },
        onError: (e) => toast({ title: t('common.error'), description: errorMessage(e), type: 'error' }),
      },
    );
  };
  const name = (id: string | null | undefined) => (id ? (trail.people[id] ?? id) : '—');
  return (
    <div className="stack">
      <p>
        {bet.gameType.toUpperCase()} · {formatMoney(bet.amount, bet.currency)} · <Badge tone={isOpen ? 'danger' : 'neutral'}>{bet.status}</Badge> · {bet.disputeReason}
      </p>
      <div className="grid-2">
        <Report trail={trail} who={t('admin.disputes.challenger')} playerId={bet.challengerId} result={bet.challengerResult} />
        <Report trail={trail} who={t('admin.disputes.opponent')} playerId={bet.opponentId} result={bet.opponentResult} />
      </div>
      {isOpen ? (
        <form className="card stack" onSubmit={submit} noValidate data-testid="admin-resolve-form">
          <fieldset className="stack">
            <legend>{t('admin.disputes.decision')}</legend>
            {[bet.challengerId, bet.opponentId].filter((id): id is string => Boolean(id)).map((id) => (
              <label key={id} className="row">
                <input type="radio" name="decision" value={id} checked={decision === id} onChange={() => setDecision(id)} />
                {t('admin.disputes.awardTo', { name: name(id) })}
              </label>
            ))}
            <label className="row">
              <input type="radio" name="decision" value="void" checked={decision === 'void'} onChange={() => setDecision('void')} />
              {t('admin.disputes.void')}
            </label>
          </fieldset>
          <Field label={t('admin.disputes.notes')} required error={error}>
            {({ invalid: _invalid, ...control }) => <Textarea {...control} rows={3} maxLength={2000} value={notes} onChange={(e) => setNotes(e.target.value)} data-testid="admin-resolve-notes" />}
          </Field>
          <div className="row">
            <Button type="submit" variant="danger" disabled={resolve.isPending} data-testid="admin-resolve-submit">
              {t('admin.disputes.resolve')}
            </Button>
          </div>
        </form>
      ) : null}
      <TrailView trail={trail} />
    </div>
  );
}
