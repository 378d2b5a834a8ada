import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';

/** The header's bell: the unread count from GET /api/user, refetched live when my notifications stream changes. */
export function NotificationBell({ user }: { user: User }) {
  const { t } = useTranslation('notify');
  const unread = user.notifications?.unread ?? 0;
  return (
    <Link to={paths.notifications.getHref()} className="btn btn-ghost notification-bell" data-testid="notification-bell" aria-label={unread > 0 ? t('bellUnread', { count: unread }) : t('bell')}>
      <span aria-hidden="true">🔔</span>
      {unread > 0 ? (
        <span className="badge notification-count" data-testid="notification-count">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
