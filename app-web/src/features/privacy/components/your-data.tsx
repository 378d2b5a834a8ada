import { useTranslation } from 'react-i18next';
import { Alert, Button, Card } from '../../../components/ui/primitives';
import { errorMessage } from '../../../lib/error-message';
import { useDownloadMyData } from '../api/data-export';
import { EraseAccount } from './erase-account';

/** "Your data" (issue 28): the player downloads a copy of everything the platform holds about them. */
export function YourData() {
  const { t } = useTranslation('privacy');
  const download = useDownloadMyData();
  return (
    <Card title={t('title')} data-testid="your-data">
      <p className="muted">{t('intro')}</p>
      <Button onClick={() => download.mutate()} disabled={download.isPending} data-testid="download-my-data">
        {download.isPending ? t('preparing') : t('download')}
      </Button>
      {download.isSuccess ? (
        <p className="muted" role="status" data-testid="download-my-data-status">
          {t('ready', { file: download.data.file })}
        </p>
      ) : null}
      {download.isError ? (
        <Alert tone="danger" data-testid="download-my-data-error">
          {errorMessage(download.error) || t('failed')}
        </Alert>
      ) : null}
      <EraseAccount />
    </Card>
  );
}
