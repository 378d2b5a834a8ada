import { NotificationList } from '../../features/notifications/components/notification-list';

export function NotificationsRoute() {
  return (
    <div className="page">
      <NotificationList />
    </div>
  );
}
