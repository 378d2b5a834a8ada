import { useTranslation } from 'react-i18next';

/** The not-found page with the spec's exact heading and text. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <div className="page-center">
      <div className="card not-found">
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.text')}</p>
      </div>
    </div>
  );
}
