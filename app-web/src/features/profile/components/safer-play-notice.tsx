import { useUser } from '../../auth';
import { SaferPlayBanner } from './safer-play-banner';

/** The signed-in player's cool-off or self-exclusion, above every page (from /api/user). */
export function SaferPlayNotice() {
  const { data: user } = useUser();
  if (!user || !(user.selfExcludedUntil ?? user.coolOffUntil)) return null;
  return (
    <div style={{ marginBottom: '1rem' }}>
      <SaferPlayBanner selfExcludedUntil={user.selfExcludedUntil} coolOffUntil={user.coolOffUntil} />
    </div>
  );
}
