import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card, Field, Input, Spinner } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';
import { formatDateTime } from '../../bets';
import { formatMoney } from '../../../lib/money';
import { adminQueries, useUpdateUser, type AdminUser } from '../api/admin-queries';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/** How long the search box waits for typing to pause before it asks the server. */
export const ADMIN_SEARCH_DEBOUNCE_MS = 300;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Users Database: search (username, email, phone), 10 rows per page, verify, and the detail dialog. */
export function UsersTab() {
  const { t } = useTranslation();
  const { t: tRecord } = useTranslation('record');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const term = useDebounced(search, ADMIN_SEARCH_DEBOUNCE_MS);
  useEffect(() => setPage(1), [term]);
  const users = useQuery(adminQueries.users(page, term));
  const data = users.data;
  return (
    <Card>
      <Field label={t('admin.users.search')}>
        {(control) => <Input {...control} type="search" placeholder={t('admin.users.searchPlaceholder')} value={search} onChange={(e) => setSearch(e.target.value)} data-testid="admin-user-search" />}
      </Field>
      {!data ? (
        <Spinner />
      ) : data.users.length === 0 ? (
        <p className="muted">{t('admin.users.noUsers')}</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table" data-testid="admin-users-table">
            <thead>
              <tr>
                <th>{t('admin.users.username')}</th>
                <th>{t('admin.users.email')}</th>
                <th>{t('admin.users.phone')}</th>
                <th>{t('admin.users.balance')}</th>
                <th>{tRecord('verification')}</th>
                <th>{t('admin.users.status')}</th>
                <th>{t('admin.users.joined')}</th>
                <th>{t('admin.users.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.users.map((user) => (
                <UserRow key={user.id} user={user} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.pagination.pages > 1 ? (
        <div className="row-between" data-testid="admin-users-pages">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('common.previous')}
          </Button>
          <span>{t('common.pageOf', { page, total: data.pagination.pages })}</span>
          <Button variant="secondary" size="sm" disabled={page >= data.pagination.pages} onClick={() => setPage(page + 1)}>
            {t('common.next')}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const { t: tRecord } = useTranslation('record');
  const update = useUpdateUser();
  const verify = () =>
    update.mutate(
      { id: user.id, isAgeVerified: true },
      {
        onSuccess: () => toast({ title: t('admin.users.verifiedToast'), description: user.username, type: 'success' }),
        onError: () => toast({ title: t('common.error'), description: t('admin.users.verifyFailed'), type: 'error' }),
      },
    );
  return (
    <tr data-testid={`admin-user-row-${user.username}`}>
      <td>
        <Link to={paths.adminUser.getHref(user.id)}>{user.username}</Link>
      </td>
      <td>{user.email}</td>
      <td>{user.phoneNumber || '—'}</td>
      <td>{formatMoney(user.balance)}</td>
      <td>
        {/* The age check is what the Verify button does; the email is the player's own step. */}
        <span className="row">
          {user.isAgeVerified ? <Badge tone="success">{tRecord('ageVerified')}</Badge> : <Badge tone="warning">{tRecord('ageNotVerified')}</Badge>}
          {user.isEmailVerified ? <Badge tone="success">{tRecord('emailVerified')}</Badge> : <Badge tone="neutral">{tRecord('emailNotVerified')}</Badge>}
        </span>
      </td>
      <td>
        <span className="row">
          {user.isSuspended ? <Badge tone="danger">{tRecord('suspended')}</Badge> : null}
          {user.isFrozen ? <Badge tone="warning">{tRecord('frozen')}</Badge> : null}
          {user.isModerator ? <Badge tone="info">{t('admin.users.moderator')}</Badge> : null}
          {user.isAdmin ? <Badge tone="neutral">{t('admin.users.admin')}</Badge> : null}
        </span>
      </td>
      <td>{formatDateTime(user.createdAt)}</td>
      <td>
        <span className="row">
          <Link className="btn btn-secondary btn-sm" to={paths.adminUser.getHref(user.id)} aria-label={`${t('admin.users.view')} ${user.username}`}>
            {t('admin.users.view')}
          </Link>
          {user.isAgeVerified ? null : (
            <Button size="sm" onClick={verify} disabled={update.isPending}>
              {t('admin.users.verify')}
            </Button>
          )}
        </span>
      </td>
    </tr>
  );
}
