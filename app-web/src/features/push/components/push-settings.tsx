import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Checkbox } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';
import { errorMessage, formatInstant } from '../../../lib/error-message';
import { PushSetupError } from '../api/browser-push';
import { THIS_DEVICE_STORAGE_KEY, useBrowserPush, usePushDevices, useRemovePushDevice, useTurnPushOff, useTurnPushOn } from '../api/push-queries';

/** The failure of the last toggle, in words the player can act on. */
function useFailureText(error: unknown): string | null {
  const { t } = useTranslation('push');
  if (!error) return null;
  if (error instanceof PushSetupError) return t(error.reason);
  return errorMessage(error) || t('failed');
}

/**
 * "Push notifications on this device" (issue 24): turns Web Push on or off for this browser and
 * lists the player's devices with push on. The toggle shows the browser's own state (its
 * permission and subscription), so it never claims push is on where the browser would drop it.
 */
export function PushSettings() {
  const { t } = useTranslation('push');
  const browser = useBrowserPush();
  const devices = usePushDevices();
  const turnOn = useTurnPushOn();
  const turnOff = useTurnPushOff();
  const remove = useRemovePushDevice();
  const state = browser.data;
  const on = Boolean(state?.endpoint);
  const pending = turnOn.isPending || turnOff.isPending;
  const failure = useFailureText(turnOn.error ?? turnOff.error);
  const thisDeviceId = on ? localStorage.getItem(THIS_DEVICE_STORAGE_KEY) : null;

  const toggle = (wanted: boolean) => {
    turnOn.reset();
    turnOff.reset();
    (wanted ? turnOn : turnOff).mutate();
  };

  let status: string;
  if (!state) status = '';
  else if (!state.supported) status = t('unsupported');
  else if (state.permission === 'denied') status = t('denied');
  else if (turnOn.isPending) status = t('turningOn');
  else if (turnOff.isPending) status = t('turningOff');
  else status = on ? t('on') : t('off');

  return (
    <Card title={t('title')} data-testid="push-settings">
      <p className="muted">{t('intro')}</p>
      <Checkbox
        label={t('toggle')}
        checked={on}
        disabled={!state?.supported || state.permission === 'denied' || pending}
        onChange={(event) => toggle(event.target.checked)}
        data-testid="push-toggle"
      />
      <p className="muted" role="status" data-testid="push-status">
        {status}
      </p>
      {failure ? (
        <Alert tone="danger" data-testid="push-error">
          {failure}
        </Alert>
      ) : null}
      <h3>{t('devicesTitle')}</h3>
      {devices.data && devices.data.devices.length === 0 ? <p className="muted">{t('noDevices')}</p> : null}
      <ul className="list" data-testid="push-devices">
        {devices.data?.devices.map((device) => (
          <li key={device.id} className="row" data-testid="push-device">
            <span>
              {device.label}
              {device.id === thisDeviceId ? ` (${t('thisDevice')})` : ''} <span className="muted">{t('since', { date: formatInstant(device.createdAt) })}</span>
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(device, {
                  onSuccess: () => toast({ title: t('removed', { device: device.label }), type: 'success' }),
                  onError: (error) => toast({ title: t('failed'), description: errorMessage(error), type: 'error' }),
                })
              }
            >
              {t('remove')}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
