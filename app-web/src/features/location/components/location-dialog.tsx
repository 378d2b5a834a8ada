import { COUNTRIES } from '@wager/domain/accounts/reference-data';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { Alert, Button, Spinner } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';
import type { DetectedLocation } from '@wager/domain/contracts/accounts';
import { useConfirmLocation, useDetectLocation } from '../api/location-mutations';

/** Location flow (spec section 4): detect, then confirm it or keep USD. */
export function LocationDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const detect = useDetectLocation();
  const confirm = useConfirmLocation();
  const [location, setLocation] = useState<DetectedLocation | null>(null);

  useEffect(() => {
    if (!open) return;
    setLocation(null);
    detect.mutate(undefined, {
      onSuccess: setLocation,
      onError: () => toast({ title: t('common.error'), description: t('location.detectFailed'), type: 'warning' }),
    });
    // Detect once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const answer = (acceptLocation: boolean) =>
    confirm.mutate(
      { acceptLocation, detectedLocation: location },
      {
        onSuccess: () => {
          toast({ title: t('location.savedTitle'), type: 'success' });
          onOpenChange(false);
        },
        onError: () => toast({ title: t('common.error'), description: t('location.confirmFailed'), type: 'error' }),
      },
    );

  const countryName = location ? (COUNTRIES.find((c) => c.code === location.country)?.name ?? location.country) : '';
  const place = location ? [location.city, countryName].filter(Boolean).join(', ') : '';
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('location.title')} description={t('location.text')} testId="location-dialog">
      <div className="form">
        <p className="hint">{t('location.permissionNote')}</p>
        {detect.isPending ? <Spinner label={t('location.detecting')} /> : null}
        {detect.isError ? <Alert tone="warning">{t('location.detectFailed')}</Alert> : null}
        {location ? <Alert tone="info">{t('location.detected', { place, currency: location.currency })}</Alert> : null}
        <div className="dialog-actions">
          <Button disabled={!location || confirm.isPending} onClick={() => answer(true)}>
            {t('location.confirm')}
          </Button>
          <Button variant="outline" disabled={confirm.isPending} onClick={() => answer(false)}>
            {t('location.useUsd')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
