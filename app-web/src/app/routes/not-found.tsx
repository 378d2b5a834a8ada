import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useUser } from '../../features/auth';

/** The not-found page with the spec's exact heading and text, and a way back (issue 15). */
export function NotFoundRoute() {
  const { t } = useTranslation();
  const { data: user } = useUser();
  return (
    <div className="page-center">
      <div className="card not-found">
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.text')}</p>
        <div className="row">
          <Link className="btn btn-primary" to={user ? paths.dashboard.getHref() : paths.marketplace.getHref()} data-testid="not-found-back">
            {user ? t('common.backToDashboard') : t('common.goHome')}
          </Link>
          <button type="button" className="btn btn-outline" onClick={() => window.history.back()}>
            {t('common.back')}
          </button>
        </div>
      </div>
    </div>
  );
}
