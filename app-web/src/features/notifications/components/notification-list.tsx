import { renderNotification } from '@wager/domain/notifications/index';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Spinner } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';
import { errorMessage, formatInstant } from '../../../lib/error-message';
import { useUser } from '../../auth';
import { useMarkNotificationsRead, useNotifications, type NotificationItem } from '../api/notification-queries';

function Item({ item, timeZone, onOpen }: { item: NotificationItem; timeZone: string | null; onOpen: (item: NotificationItem) => void }) {
  const { t, i18n } = useTranslation('notify');
  // Rendered in the reader's language and zone, from the type and parameters the API stores.
  const text = renderNotification(item.type, item.params, { locale: i18n.language, timeZone, now: new Date() });
  const unread = item.readAt === null;
  return (
    <li className={`notification-item${unread ? ' notification-unread' : ''}`} data-testid="notification-item" data-type={item.type} data-unread={unread}>
      <Link to={item.link} onClick={() => onOpen(item)} className="notification-link">
        <strong data-testid="notification-title">{text.title}</strong>
        <span data-testid="notification-body">{text.body}</span>
        <small className="muted">{formatInstant(item.showAt)}</small>
      </Link>
      {unread ? (
        <Button variant="ghost" size="sm" onClick={() => onOpen(item)} data-testid="notification-mark-read">
          {t('markRead')}
        </Button>
      ) : null}
    </li>
  );
}

/** The /notifications page: newest first, paged, with mark-read and mark-all-read. */
export function NotificationList() {
  const { t } = useTranslation('notify');
  const { data: user } = useUser();
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  const items = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unread = list.data?.pages[0]?.counts.unread ?? 0;
  const onError = (error: unknown) => toast({ title: t('failed'), description: errorMessage(error), type: 'error' });
  const open = (item: NotificationItem) => {
    if (item.readAt === null) markRead.mutate({ ids: [item.id] }, { onError });
  };
  return (
    <Card>
      <div className="row between">
        <h1>{t('title')}</h1>
        <Button variant="secondary" disabled={unread === 0 || markRead.isPending} onClick={() => markRead.mutate({ all: true }, { onError })} data-testid="notifications-mark-all">
          {t('markAllRead')}
        </Button>
      </div>
      {list.isPending ? <Spinner /> : null}
      {list.isError ? <Alert tone="danger">{errorMessage(list.error)}</Alert> : null}
      {list.isSuccess && items.length === 0 ? <p className="muted">{t('empty')}</p> : null}
      <ul className="notification-list" data-testid="notification-list">
        {items.map((item) => (
          <Item key={item.id} item={item} timeZone={user?.timezone ?? null} onOpen={open} />
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button variant="ghost" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {t('loadMore')}
        </Button>
      ) : null}
    </Card>
  );
}
