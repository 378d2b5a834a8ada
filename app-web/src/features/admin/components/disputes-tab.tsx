import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card, Spinner } from '../../../components/ui/primitives';
import { paths } from '../../../config/paths';
import { disputeReasonText, formatDateTime } from '../../bets';
import { formatMoney } from '../../../lib/money';
import { adminQueries } from '../api/admin-queries';
import { disputeAge } from './dispute-age';
import { UserLink } from './user-link';

/** Disputes: the queue, oldest dispute first (as the API orders it), each with how long it has been open and a link to its review page. */
export function DisputesTab() {
  const { t, i18n } = useTranslation();
  const disputed = useQuery(adminQueries.disputed());
  if (!disputed.data) return <Spinner />;
  const now = new Date();
  return (
    <Card title={t('casebook.queue.title')}>
      <p className="muted">{t('casebook.queue.oldestFirst')}</p>
      {disputed.data.length === 0 ? (
        <p className="muted">{t('admin.disputes.none')}</p>
      ) : (
        <ol className="list" data-testid="admin-disputes">
          {disputed.data.map((bet) => (
            <li key={bet.id} className="list-row" data-testid={`admin-dispute-${bet.id}`}>
              <span>
                <strong>
                  <UserLink userId={bet.challengerId} name={bet.challenger?.username} />
                </strong>{' '}
                {t('bets.vs')} <strong>{bet.opponentId ? <UserLink userId={bet.opponentId} name={bet.opponent?.username} /> : '—'}</strong> · {bet.gameType.toUpperCase()} ·{' '}
                {formatMoney(bet.amount, bet.currency)}
                <br />
                <span className="muted">
                  <span data-testid="admin-dispute-age">{t('casebook.queue.openFor', { duration: disputeAge(bet.disputedAt ?? bet.updatedAt, now, i18n.language) })}</span> ·{' '}
                  {formatDateTime(bet.disputedAt ?? bet.updatedAt)} · {bet.disputeReason ? disputeReasonText(bet, t) : ''}
                </span>
              </span>
              <Link className="btn btn-primary btn-sm" to={paths.adminDispute.getHref(bet.id)} data-testid="admin-dispute-review">
                {t('casebook.queue.review')}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
