import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button, Card, Field, Spinner, Textarea } from '../../../components/ui/primitives';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/date-time';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/money';
import type { Transaction } from '@wager/domain/contracts/wallet';
import { useUser } from '../../auth';
import { adminQueries, type AdminAction, type AdminUserDetail } from '../api/admin-queries';
import { useRestrictAccount, userRecordQueries, type Pagination, type RestrictionAct } from '../api/user-record-queries';
import { UserDetail } from './user-detail-dialog';
import { AdminAccessDenied } from './admin-access-denied';

/**
 * /admin/users/:userId (issue #29): one user's record. Who they are and their verification,
 * account access (suspend / freeze, with a reason, or lift), the admin actions on them, and their
 * transactions and bets, paged newest first, each bet linked to its page or its dispute review.
 */
export function UserRecord({ userId }: { userId: string }) {
  const { t } = useTranslation('record');
  const { data: viewer, isPending } = useUser();
  const detail = useQuery({ ...adminQueries.user(userId), enabled: Boolean(viewer?.isAdmin) });
  if (isPending) return <Spinner />;
  if (!viewer?.isAdmin) return <AdminAccessDenied />;
  if (detail.isError) return <Alert tone="danger">{errorMessage(detail.error, t('loadFailed'))}</Alert>;
  if (!detail.data) return <Spinner />;
  const { user } = detail.data;
  return (
    <div className="admin-panel stack" data-testid="admin-user-record">
      <header className="page-header">
        <Link to={`${paths.admin.getHref()}?tab=users`} className="back-link">
          ← {t('back')}
        </Link>
        <h1>{t('title', { name: user.username })}</h1>
        <RestrictionBadges detail={detail.data} />
      </header>
      <AccountAccess detail={detail.data} />
      <Card>
        <UserDetail detail={detail.data} />
      </Card>
      <AdminActions actions={detail.data.adminActions} />
      <Transactions userId={userId} />
      <Bets userId={userId} />
    </div>
  );
}

function RestrictionBadges({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation('record');
  const r = detail.restrictions;
  return (
    <span className="row" data-testid="admin-user-record-status">
      {r?.suspension ? <Badge tone="danger">{t('suspended')}</Badge> : null}
      {r?.freeze ? <Badge tone="warning">{t('frozen')}</Badge> : null}
      {!r?.suspension && !r?.freeze ? <Badge tone="success">{t('active')}</Badge> : null}
    </span>
  );
}

function AccountAccess({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation('record');
  const [act, setAct] = useState<RestrictionAct | null>(null);
  const suspension = detail.restrictions?.suspension ?? null;
  const freeze = detail.restrictions?.freeze ?? null;
  const isAdmin = Boolean(detail.user.isAdmin);
  return (
    <Card title={t('accountTitle')} data-testid="admin-user-access">
      <div className="stack">
        {suspension ? <Alert tone="danger">{t('suspendedSince', { at: formatDateTime(suspension.since), reason: suspension.reason })}</Alert> : null}
        {freeze ? <Alert tone="warning">{t('frozenSince', { at: formatDateTime(freeze.since), reason: freeze.reason })}</Alert> : null}
        {!suspension && !freeze ? <p className="muted">{t('activeText')}</p> : null}
        {isAdmin ? (
          <p className="muted">{t('adminAccount')}</p>
        ) : (
          <div className="row wrap">
            <Button variant={suspension ? 'secondary' : 'danger'} onClick={() => setAct(suspension ? 'unsuspend' : 'suspend')} data-testid={suspension ? 'admin-user-unsuspend' : 'admin-user-suspend'}>
              {suspension ? t('unsuspend') : t('suspend')}
            </Button>
            <Button variant="secondary" onClick={() => setAct(freeze ? 'unfreeze' : 'freeze')} data-testid={freeze ? 'admin-user-unfreeze' : 'admin-user-freeze'}>
              {freeze ? t('unfreeze') : t('freeze')}
            </Button>
          </div>
        )}
        <p className="muted small">
          {t('suspendHelp')} {t('freezeHelp')}
        </p>
      </div>
      {act ? <RestrictDialog userId={detail.user.id} act={act} onClose={() => setAct(null)} /> : null}
    </Card>
  );
}

function RestrictDialog({ userId, act, onClose }: { userId: string; act: RestrictionAct; onClose: () => void }) {
  const { t } = useTranslation('record');
  const restrict = useRestrictAccount();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim().length === 0;
  const submit = () => {
    setTouched(true);
    if (missing) return;
    restrict.mutate(
      { userId, act, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({ title: t(`done.${act}`), type: 'success' });
          onClose();
        },
        onError: (error) => toast({ title: t(act), description: errorMessage(error), type: 'error' }),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={t(act)} description={act === 'suspend' ? t('suspendHelp') : act === 'freeze' ? t('freezeHelp') : undefined} testId="admin-restrict-dialog">
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field label={t('reason')} error={touched && missing ? t('reasonRequired') : undefined}>
          {({ invalid: _invalid, ...control }) => <Textarea {...control} rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="admin-restrict-reason" />}
        </Field>
        <div className="row">
          <Button type="submit" variant={act === 'suspend' || act === 'freeze' ? 'danger' : 'primary'} disabled={restrict.isPending} data-testid="admin-restrict-confirm">
            {t('confirm')}
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function AdminActions({ actions }: { actions: AdminAction[] }) {
  const { t } = useTranslation('record');
  const newestFirst = [...actions].reverse();
  return (
    <Card title={t('actionsTitle')}>
      {newestFirst.length === 0 ? (
        <p className="muted">{t('noActions')}</p>
      ) : (
        <ul className="list" data-testid="admin-user-actions">
          {newestFirst.map((a, index) => (
            <li key={`${a.at}-${index}`} className="list-row">
              <span>
                <strong>{t(`action.${a.type}`)}</strong>
                {a.reason ? `: ${a.reason}` : a.note !== undefined && a.note !== '' ? `: ${a.note}` : ''}
              </span>
              <span className="muted">{t('byAt', { name: a.adminUsername ?? a.adminId ?? '—', at: formatDateTime(a.at) })}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** A signed amount with its sign before the currency symbol (`-₦1,020.00`, not `₦-1,020.00`). */
function signedMoney(amount: string, currency: string): string {
  return amount.startsWith('-') ? `-${formatMoney(amount.slice(1), currency)}` : formatMoney(amount, currency);
}

function Pager({ pagination, page, onPage, testId }: { pagination: Pagination; page: number; onPage: (page: number) => void; testId: string }) {
  const { t } = useTranslation('record');
  if (pagination.pages <= 1) return null;
  return (
    <div className="row-between" data-testid={testId}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('previous')}
      </Button>
      <span>{t('page', { page, total: pagination.pages })}</span>
      <Button variant="secondary" size="sm" disabled={page >= pagination.pages} onClick={() => onPage(page + 1)}>
        {t('next')}
      </Button>
    </div>
  );
}

function Transactions({ userId }: { userId: string }) {
  const { t } = useTranslation('record');
  const { t: tMain } = useTranslation();
  const [page, setPage] = useState(1);
  const { data } = useQuery(userRecordQueries.transactions(userId, page));
  /** What the row is, in the admin's language: by its code (amounts in money format, a refund's reason in words). */
  const describe = (tx: Transaction): string => {
    const p = tx.descriptionParams;
    const money = (amount: string | undefined) => (amount ? formatMoney(amount, tx.currency) : '');
    return t(`txDescription.${tx.descriptionCode}`, {
      ...p,
      owed: money(p.owed),
      stillOwed: money(p.stillOwed),
      reason: p.reason ? t(`refundReason.${p.reason}`, { defaultValue: p.reason }) : '',
    });
  };
  return (
    <Card title={t('transactionsTitle')}>
      {!data ? (
        <Spinner />
      ) : data.transactions.length === 0 ? (
        <p className="muted">{t('noTransactions')}</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table" data-testid="admin-user-transactions">
            <thead>
              <tr>
                <th>{t('date')}</th>
                <th>{t('type')}</th>
                <th>{t('description')}</th>
                <th className="num">{t('amount')}</th>
                <th>{t('status')}</th>
              </tr>
            </thead>
            <tbody>
              {data.transactions.map((tx) => (
                <tr key={tx.id}>
                  <td>{formatDateTime(tx.createdAt)}</td>
                  <td>{tMain(`dashboard.txTypes.${tx.type}`, { defaultValue: tx.type })}</td>
                  <td>{tx.betId ? <Link to={paths.matchDetails.getHref(tx.betId)}>{describe(tx)}</Link> : describe(tx)}</td>
                  <td className="num">{signedMoney(tx.amount, tx.currency)}</td>
                  <td>{tMain(`wallet.status.${tx.status}`, { defaultValue: tx.status })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data ? <Pager pagination={data.pagination} page={page} onPage={setPage} testId="admin-user-transactions-pages" /> : null}
    </Card>
  );
}

function Bets({ userId }: { userId: string }) {
  const { t } = useTranslation('record');
  const { t: tMain } = useTranslation();
  const [page, setPage] = useState(1);
  const { data } = useQuery(userRecordQueries.bets(userId, page));
  return (
    <Card title={t('betsTitle')}>
      {!data ? (
        <Spinner />
      ) : data.bets.length === 0 ? (
        <p className="muted">{t('noBets')}</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table" data-testid="admin-user-bets-table">
            <thead>
              <tr>
                <th>{t('date')}</th>
                <th>{t('game')}</th>
                <th>{t('opponent')}</th>
                <th className="num">{t('amount')}</th>
                <th>{t('status')}</th>
                <th>
                  <span className="sr-only">{t('openBet')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.bets.map((bet) => (
                <tr key={bet.id}>
                  <td>{formatDateTime(bet.createdAt)}</td>
                  <td>{tMain(`bets.gameShort.${bet.gameType.toLowerCase()}`, { defaultValue: bet.gameType })}</td>
                  <td>{bet.opponent ? <Link to={paths.adminUser.getHref(bet.opponent.id)}>{bet.opponent.username}</Link> : <span className="muted">{t('noOpponent')}</span>}</td>
                  <td className="num">{formatMoney(bet.amount, bet.currency)}</td>
                  <td>{tMain(`bets.status.${bet.status}`, { defaultValue: bet.status })}</td>
                  <td>
                    {bet.status === 'disputed' ? <Link to={paths.adminDispute.getHref(bet.id)}>{t('reviewDispute')}</Link> : <Link to={paths.matchDetails.getHref(bet.id)}>{t('openBet')}</Link>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data ? <Pager pagination={data.pagination} page={page} onPage={setPage} testId="admin-user-bets-pages" /> : null}
    </Card>
  );
}
