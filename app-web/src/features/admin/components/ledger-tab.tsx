import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Card, Spinner } from '../../../components/ui/primitives';
import { formatDateTime } from '../../bets';
import { adminQueries } from '../api/admin-queries';

/** Ledger health: the trial balance per currency, each projector's checkpoint and lag, and the last audit. */
export function LedgerTab() {
  const { t } = useTranslation();
  const health = useQuery({ ...adminQueries.ledger(), refetchInterval: 30_000 });
  if (!health.data) return <Spinner />;
  const { trialBalance, projections, audit, eventStoreHead } = health.data;
  return (
    <div data-testid="admin-ledger">
      <Card title={t('admin.ledger.trialBalance')}>
        <Badge tone={trialBalance.balanced ? 'success' : 'danger'}>{trialBalance.balanced ? t('admin.ledger.balanced') : t('admin.ledger.unbalanced')}</Badge>
        <table className="admin-table">
          <thead>
            <tr>
              <th>{t('admin.ledger.currency')}</th>
              <th>{t('admin.ledger.total')}</th>
            </tr>
          </thead>
          <tbody>
            {trialBalance.currencies.map((c) => (
              <tr key={c.currency}>
                <td>{c.currency}</td>
                <td>{c.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <Card title={t('admin.ledger.projectors')}>
        <p className="muted">{t('admin.ledger.head', { head: eventStoreHead ?? '—' })}</p>
        {projections.lastError ? <Alert tone="danger">{projections.lastError}</Alert> : null}
        <table className="admin-table">
          <thead>
            <tr>
              <th>{t('admin.ledger.name')}</th>
              <th>{t('admin.ledger.checkpoint')}</th>
              <th>{t('admin.ledger.lag')}</th>
            </tr>
          </thead>
          <tbody>
            {projections.projectors.map((p) => (
              <tr key={p.name}>
                <td>{p.name}</td>
                <td>{p.checkpoint}</td>
                <td>
                  <Badge tone={p.lag === 0 ? 'success' : p.lag > 1000 ? 'danger' : 'warning'}>{p.lag}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <Card title={t('admin.ledger.audit')}>
        {audit.last ? (
          <div className="stack" data-testid="admin-audit">
            <p>
              <Badge tone={audit.last.passed ? 'success' : 'danger'}>{audit.last.passed ? t('admin.ledger.passed') : t('admin.ledger.failed', { count: audit.last.failureCount })}</Badge>{' '}
              {t('admin.ledger.lastRun', { at: formatDateTime(audit.last.ranAt), events: audit.last.events })}
            </p>
            <p className="muted">{audit.lastPassedAt ? t('admin.ledger.lastPassed', { at: formatDateTime(audit.lastPassedAt) }) : t('admin.ledger.neverPassed')}</p>
            {audit.last.failures.length > 0 ? (
              <ul>
                {audit.last.failures.map((f) => (
                  <li key={f}>
                    <code>{f}</code>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : (
          <p className="muted" data-testid="admin-audit">
            {t('admin.ledger.neverRun')}
          </p>
        )}
      </Card>
    </div>
  );
}
