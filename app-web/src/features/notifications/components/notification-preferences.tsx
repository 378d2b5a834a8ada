import { NOTIFICATION_CATEGORIES, NOTIFICATION_CHANNELS, type NotificationCategory, type NotificationChannel } from '@wager/domain/notifications/index';
import { useTranslation } from 'react-i18next';
import { Alert, Card, Spinner } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/error-message';
import { useNotificationPreferences, useSetNotificationPreferences } from '../api/notification-queries';

/** The profile page's notification preferences: one switch per category and channel; locked ones shown on and disabled. */
export function NotificationPreferencesPanel() {
  const { t } = useTranslation('notify');
  const preferences = useNotificationPreferences();
  const save = useSetNotificationPreferences();
  if (preferences.isPending) return <Spinner />;
  if (preferences.isError) return <Alert tone="danger">{errorMessage(preferences.error)}</Alert>;
  const { preferences: current, locked } = preferences.data;
  const toggle = (category: NotificationCategory, channel: NotificationChannel, value: boolean) =>
    save.mutate({ [category]: { [channel]: value } }, { onSuccess: () => toast({ title: t('saved'), type: 'success' }), onError: (error) => toast({ title: t('failed'), description: errorMessage(error), type: 'error' }) });
  return (
    <Card>
      <h2>{t('preferencesTitle')}</h2>
      <p className="muted">{t('preferencesIntro')}</p>
      <div className="table-scroll">
        <table className="table" data-testid="notification-preferences">
          <thead>
            <tr>
              <th />
              {NOTIFICATION_CHANNELS.map((channel) => (
                <th key={channel} scope="col">
                  {t(`channel_${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_CATEGORIES.map((category) => (
              <tr key={category}>
                <th scope="row">{t(`category_${category}`)}</th>
                {NOTIFICATION_CHANNELS.map((channel) => {
                  const isLocked = locked[category]?.includes(channel) ?? false;
                  return (
                    <td key={channel}>
                      <input
                        type="checkbox"
                        aria-label={`${t(`category_${category}`)}: ${t(`channel_${channel}`)}`}
                        title={isLocked ? t('locked') : undefined}
                        data-testid={`pref-${category}-${channel}`}
                        checked={current[category][channel]}
                        disabled={isLocked || save.isPending}
                        onChange={(event) => toggle(category, channel, event.target.checked)}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
