import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card, Field, Input, Spinner } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';
import { formatDateTime } from '../../bets';
import { formatMoney } from '../../../lib/money';
import { adminQueries, useUpdateUser, type AdminUser } from '../api/admin-queries';
import { UserDetailDialog } from './user-detail-dialog';

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
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
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
                <th>{t('admin.users.status')}</th>
                <th>{t('admin.users.joined')}</th>
                <th>{t('admin.users.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.users.map((user) => (
                <UserRow key={user.id} user={user} onOpen={() => setOpenId(user.id)} />
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
      {openId ? <UserDetailDialog userId={openId} onClose={() => setOpenId(null)} /> : null}
    </Card>
  );
}

function UserRow({ user, onOpen }: { user: AdminUser; onOpen: () => void }) {
  const { t } = useTranslation();
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
      <td>{user.username}</td>
      <td>{user.email}</td>
      <td>{user.phoneNumber || '—'}</td>
      <td>{formatMoney(user.balance)}</td>
      <td>
        <span className="row">
          {user.isAgeVerified ? <Badge tone="success">{t('admin.users.verified')}</Badge> : <Badge tone="warning">{t('admin.users.unverified')}</Badge>}
          {user.isModerator ? <Badge tone="info">{t('admin.users.moderator')}</Badge> : null}
          {user.isAdmin ? <Badge tone="neutral">{t('admin.users.admin')}</Badge> : null}
        </span>
      </td>
      <td>{formatDateTime(user.createdAt)}</td>
      <td>
        <span className="row">
          <Button size="sm" variant="secondary" onClick={onOpen}>
            {t('admin.users.view')}
          </Button>
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
