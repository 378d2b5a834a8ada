import { UserLink } from './user-link';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button, Card, Field, Input, Spinner } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';
import { errorMessage, formatInstant } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/money';
import { paths } from '../../../config/paths';
import { operationsQueries, useRunAudit, useWithdrawalAction, type AttentionWithdrawal, type Lag, type Operations } from '../api/operations-queries';

/** A lag above this many events is shown as behind (the health route calls the system degraded above 1000). */
const LAG_SHOWN_BEHIND = 100;

/** The admin's Operations tab: what is stuck and why, each with its action. */
export function OperationsTab() {
  const { t } = useTranslation('ops');
  const ops = useQuery(operationsQueries.operations());
  if (!ops.data) return <Spinner />;
  const o = ops.data;
  return (
    <div className="operations" data-testid="operations-tab">
      <p className="muted">{t('refreshedAt', { time: formatInstant(o.generatedAt) })}</p>
      <AttentionCard items={o.withdrawals.needsAttention} />
      <RetryingCard title={t('retryingTitle')} empty={t('retryingEmpty')} items={o.withdrawals.retrying} testId="operations-retrying" />
      <RetryingCard title={t('sentTitle')} empty={t('sentEmpty')} items={o.withdrawals.sentWithoutOutcome} testId="operations-sent" />
      <AuditCard audit={o.audit} />
      <LagCard title={t('projectorsTitle')} rows={o.projections.projectors} error={o.projections.lastError} testId="operations-projectors" />
      <LagCard title={t('reactorsTitle')} rows={o.reactors} error={null} testId="operations-reactors" />
      <SagasCard sagas={o.sagas} />
    </div>
  );
}

function AttentionCard({ items }: { items: AttentionWithdrawal[] }) {
  const { t } = useTranslation('ops');
  return (
    <Card title={t('withdrawalsTitle')} data-testid="operations-attention">
      {items.length === 0 ? (
        <p className="muted">{t('withdrawalsEmpty')}</p>
      ) : (
        <ul className="operations-list">
          {items.map((w) => (
            <AttentionRow key={w.id} w={w} userIds={items.map((x) => x.userId)} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function AttentionRow({ w, userIds }: { w: AttentionWithdrawal; userIds: readonly string[] }) {
  const { t } = useTranslation('ops');
  const [action, setAction] = useState<'retry' | 'return' | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutate = useWithdrawalAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!action) return;
    if (!reason.trim()) return setError(t('reasonRequired'));
    setError(undefined);
    mutate.mutate(
      { id: w.id, action, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: action === 'retry' ? t('retried') : t('returned'), description: formatMoney(w.amount, w.currency), type: 'success' });
          setAction(null);
          setReason('');
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  return (
    <li className="operations-item" data-testid={`attention-${w.id}`}>
      <div className="row wrap">
        <strong>{formatMoney(w.amount, w.currency)}</strong>
        <Badge tone="danger">{t('reason')}: {w.attentionReason}</Badge>
      </div>
      <dl className="operations-facts">
        <dt>{t('player')}</dt>
        <dd>
          <UserLink userId={w.userId} ids={userIds} />
        </dd>
        <dt>{t('account')}</dt>
        <dd>
          {w.bankName} {w.accountNumber} ({w.accountName})
        </dd>
        <dt>{t('attempts')}</dt>
        <dd>{w.sendAttempts}</dd>
        <dt>{t('since')}</dt>
        <dd>{w.attentionAt ? formatInstant(w.attentionAt) : '—'}</dd>
      </dl>
      {action === null ? (
        <div className="row wrap">
          <Button size="sm" onClick={() => setAction('retry')} data-testid="attention-retry">
            {t('retry')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setAction('return')} data-testid="attention-return">
            {t('return')}
          </Button>
        </div>
      ) : (
        <form className="row wrap" onSubmit={submit} noValidate>
          <Field label={t('reasonLabel')} error={error}>
            {(control) => <Input {...control} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} data-testid="attention-reason" autoFocus />}
          </Field>
          <Button type="submit" size="sm" disabled={mutate.isPending} data-testid="attention-confirm">
            {action === 'retry' ? t('confirmRetry') : t('confirmReturn')}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setAction(null)}>
            {t('cancel')}
          </Button>
        </form>
      )}
    </li>
  );
}

function RetryingCard({ title, empty, items, testId }: { title: string; empty: string; items: AttentionWithdrawal[]; testId: string }) {
  const { t } = useTranslation('ops');
  return (
    <Card title={title} data-testid={testId}>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="operations-list">
          {items.map((w) => (
            <li key={w.id} className="operations-item">
              <strong>{formatMoney(w.amount, w.currency)}</strong> · <UserLink userId={w.userId} ids={items.map((x) => x.userId)} /> · {w.bankName} {w.accountNumber}
              {w.lastSendError ? (
                <div className="muted">
                  {t('lastError')}: {w.lastSendError} · {t('attempts')}: {w.sendAttempts}
                  {w.nextAttemptAt ? ` · ${t('nextAttempt')}: ${formatInstant(w.nextAttemptAt)}` : ''}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function AuditCard({ audit }: { audit: Operations['audit'] }) {
  const { t } = useTranslation('ops');
  const run = useRunAudit();
  const start = () =>
    run.mutate(undefined, {
      onSuccess: (r) => toast({ title: r.started ? t('auditStarted') : t('auditAlreadyRunning'), type: r.started ? 'success' : 'info' }),
      onError: (e) => toast({ title: errorMessage(e), type: 'error' }),
    });
  const last = audit.last;
  return (
    <Card title={t('auditTitle')} data-testid="operations-audit">
      {audit.running ? <Alert tone="info">{t('auditRunning')}</Alert> : null}
      {last === null ? (
        <p className="muted">{t('auditNever')}</p>
      ) : last.passed ? (
        <p data-testid="audit-last">
          <Badge tone="success">✓</Badge> {t('auditPassed', { time: formatInstant(last.ranAt), events: last.events, streams: last.streams })}
        </p>
      ) : (
        <div data-testid="audit-last">
          <p>
            <Badge tone="danger">✗</Badge> {t('auditFailed', { time: formatInstant(last.ranAt), count: last.failureCount })}
          </p>
          <ul>
            {last.failures.map((f) => (
              <li key={f}>
                <code>{f}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {audit.lastPassedAt && !last?.passed ? <p className="muted">{t('auditLastPassed', { time: formatInstant(audit.lastPassedAt) })}</p> : null}
      <p className="muted">{audit.intervalMinutes > 0 ? t('auditSchedule', { count: audit.intervalMinutes }) : t('auditNoSchedule')}</p>
      <Button onClick={start} disabled={run.isPending || audit.running} data-testid="audit-run">
        {t('runAudit')}
      </Button>
    </Card>
  );
}

function LagCard({ title, rows, error, testId }: { title: string; rows: Lag[]; error: string | null; testId: string }) {
  const { t } = useTranslation('ops');
  const behind = rows.filter((r) => r.lag >= LAG_SHOWN_BEHIND);
  return (
    <Card title={title} data-testid={testId}>
      {error ? <Alert tone="danger">{t('projectionError', { error })}</Alert> : null}
      <table className="table compact">
        <thead>
          <tr>
            <th scope="col">{t('name')}</th>
            <th scope="col">{t('lag')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name}>
              <td>{r.name}</td>
              <td>
                {r.lag >= LAG_SHOWN_BEHIND ? <Badge tone="warning">{t('behind')}</Badge> : <Badge tone="success">{t('upToDate')}</Badge>} {r.lag >= 1000 ? '1000+' : r.lag}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {behind.map((r) => (
        <p key={r.name} className="muted">
          {t('lagAction', { name: r.name })}
        </p>
      ))}
    </Card>
  );
}

function SagasCard({ sagas }: { sagas: Operations['sagas'] }) {
  const { t } = useTranslation('ops');
  return (
    <Card title={t('sagasTitle')} data-testid="operations-sagas">
      {sagas.length === 0 ? (
        <p className="muted">{t('sagasEmpty')}</p>
      ) : (
        <ul>
          {sagas.map((s) => (
            <li key={`${s.holdId}-${s.userId}`}>
              {t('sagaRow', { id: s.holdId.slice(0, 8), amount: formatMoney(s.total, s.currency), minutes: s.minutesOpen })}{' '}
              <a href={paths.chat.getHref(s.holdId)}>{t('openTrail')}</a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
