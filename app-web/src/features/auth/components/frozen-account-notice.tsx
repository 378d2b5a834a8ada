import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/primitives';
import { paths } from '../../../config/paths';
import { useUser } from '../api/user-queries';

/**
 * A frozen account (issue #29), above every page: the player may read but not move money, and is
 * told so up front, with the admin's reason and a way to ask, rather than after filling a form.
 */
export function FrozenAccountNotice() {
  const { t } = useTranslation('record');
  const { data: user } = useUser();
  if (!user?.freezeReason) return null;
  return (
    <div style={{ marginBottom: '1rem' }} data-testid="frozen-account-notice">
      <Alert tone="warning">
        {t('frozenBanner', { reason: user.freezeReason })} <Link to={paths.contact.getHref()}>{t('contactSupport')}</Link>
      </Alert>
    </div>
  );
}

/**
 * The reason of the freeze in force on this player (from /api/user), or null. Screens that would
 * move money (deposit, create, join, accept, pool create and join, withdraw) close their button
 * with it up front, beside `FrozenMoneyNotice`, as they do for a cool-off (`breakInForce`).
 */
export function freezeInForce(user: { freezeReason?: string | null } | null | undefined): string | null {
  return user?.freezeReason ?? null;
}

/** Beside a money button a freeze has closed: why, in one line, and where to ask. Nothing when not frozen. */
export function FrozenMoneyNotice({ reason }: { reason: string | null | undefined }) {
  const { t } = useTranslation('record');
  if (!reason) return null;
  return (
    <Alert tone="warning" data-testid="frozen-money-notice">
      {t('frozenAction', { reason })} <Link to={paths.contact.getHref()}>{t('contactSupport')}</Link>
    </Alert>
  );
}
