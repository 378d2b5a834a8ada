import { NotificationList } from '../../features/notifications';

export function NotificationsRoute() {
  return (
    <div className="page">
      <NotificationList />
    </div>
  );
}
