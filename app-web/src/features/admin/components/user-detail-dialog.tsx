import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Checkbox, Field, Spinner, Textarea } from '../../../components/ui/primitives';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { formatDateTime } from '../../bets';
import { formatMoney } from '../../../lib/money';
import { adminQueries, useUpdateUser, type AdminUserDetail } from '../api/admin-queries';
import { SaferPlaySection } from './safer-play-section';

/** One user in full: profile, verification, balances, bets, safer gambling with its history, notes (editable, with history), verify and moderator actions. */
export function UserDetailDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery(adminQueries.user(userId));
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={t('admin.users.detailTitle')} wide testId="admin-user-dialog">
      {detail.data ? <UserDetail detail={detail.data} /> : <Spinner />}
    </Dialog>
  );
}

function Flag({ on, label }: { on: boolean; label: string }) {
  return <Badge tone={on ? 'success' : 'neutral'}>{`${on ? '✓' : '✗'} ${label}`}</Badge>;
}

export function UserDetail({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation();
  const { user, verification, betsSummary } = detail;
  const update = useUpdateUser();
  const [notes, setNotes] = useState(user.adminNotes ?? '');
  useEffect(() => setNotes(user.adminNotes ?? ''), [user.adminNotes]);
  const history = detail.adminActions.filter((a) => a.type === 'AdminNoteChanged').reverse();
  const verify = () =>
    update.mutate(
      { id: user.id, isAgeVerified: true },
      {
        onSuccess: () => toast({ title: t('admin.users.verifiedToast'), description: user.username, type: 'success' }),
        onError: () => toast({ title: t('common.error'), description: t('admin.users.verifyFailed'), type: 'error' }),
      },
    );
  const setModerator = (isModerator: boolean) =>
    update.mutate(
      { id: user.id, isModerator },
      {
        onSuccess: () => toast({ title: isModerator ? t('admin.users.moderatorOn') : t('admin.users.moderatorOff'), description: user.username, type: 'success' }),
        onError: () => toast({ title: t('common.error'), description: t('admin.users.moderatorFailed'), type: 'error' }),
      },
    );
  const saveNotes = () =>
    update.mutate(
      { id: user.id, adminNotes: notes },
      {
        onSuccess: () => toast({ title: t('admin.users.notesSaved'), type: 'success' }),
        onError: () => toast({ title: t('common.error'), description: t('admin.users.notesFailed'), type: 'error' }),
      },
    );
  return (
    <div className="stack" data-testid="admin-user-detail">
      <div className="grid-2">
        <dl className="admin-facts">
          <dt>{t('admin.users.username')}</dt>
          <dd>{user.username}</dd>
          <dt>{t('admin.users.email')}</dt>
          <dd>{user.email}</dd>
          <dt>{t('admin.users.phone')}</dt>
          <dd>{user.phoneNumber || '—'}</dd>
          <dt>{t('admin.users.country')}</dt>
          <dd>{user.country || '—'}</dd>
          <dt>{t('admin.users.joined')}</dt>
          <dd>{formatDateTime(user.createdAt)}</dd>
        </dl>
        <dl className="admin-facts">
          <dt>{t('admin.users.balance')}</dt>
          <dd>{formatMoney(user.balance)}</dd>
          <dt>{t('admin.users.cryptoBalance')}</dt>
          <dd>{formatMoney(user.cryptoBalance, 'USD')}</dd>
          <dt>{t('admin.users.bets')}</dt>
          <dd data-testid="admin-user-bets">{t('admin.users.betsLine', { total: betsSummary.total, wins: betsSummary.wins, losses: betsSummary.losses, rating: betsSummary.rating })}</dd>
        </dl>
      </div>
      <div className="row" data-testid="admin-user-flags">
        <Flag on={verification.isAgeVerified} label={t('admin.users.ageVerified')} />
        <Flag on={verification.isEmailVerified} label={t('admin.users.emailVerified')} />
        <Flag on={verification.isPhoneVerified} label={t('admin.users.phoneVerified')} />
        <Flag on={verification.isPsnVerified} label={t('admin.users.psnVerified')} />
      </div>
      <div className="row">
        {verification.isAgeVerified ? null : (
          <Button onClick={verify} disabled={update.isPending} data-testid="admin-user-verify">
            {t('admin.users.verify')}
          </Button>
        )}
        <Checkbox label={t('admin.users.moderatorSwitch')} checked={Boolean(user.isModerator)} disabled={update.isPending} onChange={(e) => setModerator(e.target.checked)} data-testid="admin-user-moderator" />
      </div>
      <SaferPlaySection saferPlay={detail.saferPlay} userId={user.id} />
      <Field label={t('admin.users.notes')}>{({ invalid: _invalid, ...control }) => <Textarea {...control} rows={3} value={notes} maxLength={2000} onChange={(e) => setNotes(e.target.value)} data-testid="admin-user-notes" />}</Field>
      <div className="row">
        <Button variant="secondary" onClick={saveNotes} disabled={update.isPending || notes === (user.adminNotes ?? '')}>
          {t('admin.users.saveNotes')}
        </Button>
      </div>
      <section>
        <h3>{t('admin.users.notesHistory')}</h3>
        {history.length === 0 ? (
          <p className="muted">{t('admin.users.noNotes')}</p>
        ) : (
          <ul className="list" data-testid="admin-user-notes-history">
            {history.map((a) => (
              <li key={`${a.at}-${a.note}`} className="list-row">
                <span>{a.note || <em className="muted">{t('admin.users.notesCleared')}</em>}</span>
                <span className="muted">{t('admin.users.byAdmin', { name: a.adminUsername ?? a.adminId, at: formatDateTime(a.at) })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
