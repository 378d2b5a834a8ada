import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/primitives';
import { paths } from '../../../config/paths';
import { formatInstant } from '../../../lib/error-message';

/**
 * The cool-off or self-exclusion in force, said plainly: shown across the app after sign-in,
 * and on the deposit and create-challenge screens. Renders nothing when none is in force.
 */
export function SaferPlayBanner({ selfExcludedUntil, coolOffUntil }: { selfExcludedUntil?: string | null; coolOffUntil?: string | null }) {
  const { t } = useTranslation('safer');
  const until = selfExcludedUntil ?? coolOffUntil;
  if (!until) return null;
  return (
    <Alert tone="warning" data-testid="safer-play-banner">
      {t(selfExcludedUntil ? 'bannerSelfExcluded' : 'bannerCoolOff', { until: formatInstant(until) })}{' '}
      <Link to={paths.responsibleGaming.getHref()}>{t('learnMore')}</Link>
    </Alert>
  );
}
