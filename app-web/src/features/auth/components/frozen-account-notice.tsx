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
