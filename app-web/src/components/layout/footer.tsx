import { useTranslation } from 'react-i18next';

/** Footer with the spec's Legal and Support links; their pages are placeholders (spec section 2). */
export function Footer() {
  const { t } = useTranslation();
  const legal = ['terms', 'privacy', 'kyc', 'responsibleGaming'] as const;
  const support = ['helpCenter', 'contactUs', 'disputeResolution', 'reportAbuse'] as const;
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div>
          <strong>{t('common.appName')}</strong>
          <p className="muted">{t('footer.tagline')}</p>
          <p className="muted">{t('footer.responsibleNotice')}</p>
        </div>
        <nav aria-label={t('footer.legal')}>
          <h3>{t('footer.legal')}</h3>
          <ul>
            {legal.map((key) => (
              <li key={key}>
                <a href="#">{t(`footer.${key}`)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('footer.support')}>
          <h3>{t('footer.support')}</h3>
          <ul>
            {support.map((key) => (
              <li key={key}>
                <a href="#">{t(`footer.${key}`)}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="footer-rights muted">{t('footer.rights', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
