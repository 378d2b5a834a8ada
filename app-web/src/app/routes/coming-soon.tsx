import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

export type ComingSoonFeature = 'chat' | 'live' | 'admin' | 'fpl' | 'opponents' | 'matchDetails';

/** Screens of later issues (chat, live tracking, admin, FPL) say so plainly instead of a blank page. */
export function ComingSoonRoute({ feature }: { feature: ComingSoonFeature }) {
  const { t } = useTranslation();
  return (
    <div className="page-center">
      <div className="card coming-soon" data-testid="coming-soon">
        <span className="coming-soon-icon" aria-hidden="true">
          🚧
        </span>
        <h1>{t('comingSoon.title', { feature: t(`comingSoon.${feature}`) })}</h1>
        <p className="muted">{t('comingSoon.text')}</p>
        <div className="row">
          <Link className="btn btn-primary" to={paths.dashboard.getHref()}>
            {t('common.backToDashboard')}
          </Link>
          <Link className="btn btn-outline" to={paths.matches.getHref()}>
            {t('nav.matches')}
          </Link>
        </div>
      </div>
    </div>
  );
}
