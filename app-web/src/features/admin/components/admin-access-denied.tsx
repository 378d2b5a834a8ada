import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/primitives';

/** What an admin page shows anyone who is not an admin (the API refuses them the data as well). */
export function AdminAccessDenied() {
  const { t } = useTranslation();
  return (
    <div className="page-center" data-testid="admin-access-denied">
      <Alert tone="danger">
        <strong>{t('admin.accessDenied')}:</strong> {t('admin.accessDeniedText')}
      </Alert>
    </div>
  );
}
