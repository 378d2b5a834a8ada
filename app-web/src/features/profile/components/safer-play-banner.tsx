import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/ui/primitives';
import { paths } from '../../../config/paths';
import { formatInstant } from '../../../lib/error-message';

/**
 * The end of the cool-off or self-exclusion in force for this player (from /api/user, which names
 * only one in force), or null. Screens that would deposit, create or join use it to close their
 * button up front, beside the banner, instead of letting the server refuse after the form.
 */
export function breakInForce(user: { selfExcludedUntil?: string | null; coolOffUntil?: string | null } | null | undefined, now: Date = new Date()): string | null {
  const until = user?.selfExcludedUntil ?? user?.coolOffUntil ?? null;
  return until && new Date(until).getTime() > now.getTime() ? until : null;
}

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
