import { NotificationPreferencesPanel } from '../../features/notifications';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/primitives';
import { useUser } from '../../features/auth';
import { ProfileSettings } from '../../features/profile';
import { PushSettings } from '../../features/push';
import { YourData } from '../../features/privacy';

export function ProfileRoute() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  if (!user) return <Spinner />;
  return (
    <div className="page">
      <header className="page-header">
        <h1>{t('profile.title')}</h1>
        <p className="muted">{t('profile.subtitle')}</p>
      </header>
      <ProfileSettings user={user} />
      <NotificationPreferencesPanel />
      <PushSettings />
      <YourData />
    </div>
  );
}
