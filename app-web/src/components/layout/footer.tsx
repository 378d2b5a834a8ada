import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

const LEGAL_LINKS = [
  ['terms', paths.terms.getHref()],
  ['privacy', paths.privacy.getHref()],
  ['kyc', paths.kyc.getHref()],
  ['responsibleGaming', paths.responsibleGaming.getHref()],
] as const;
const SUPPORT_LINKS = [
  ['helpCenter', paths.help.getHref()],
  ['contactUs', paths.contact.getHref()],
  ['disputeResolution', paths.disputeHelp.getHref()],
  ['reportAbuse', paths.reportAbuse.getHref()],
] as const;

/** Footer with the spec's Legal and Support links, each to a real page (issue 15). */
export function Footer() {
  const { t } = useTranslation();
  const group = (label: string, links: readonly (readonly [string, string])[]) => (
    <nav aria-label={label}>
      <h3>{label}</h3>
      <ul>
        {links.map(([key, href]) => (
          <li key={key}>
            <Link to={href}>{t(`footer.${key}`)}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
  return (
    <footer className="footer">
      <div className="footer-inner">
        <div>
          <strong>{t('common.appName')}</strong>
          <p className="muted">{t('footer.tagline')}</p>
          <p className="muted">{t('footer.responsibleNotice')}</p>
        </div>
        {group(t('footer.legal'), LEGAL_LINKS)}
        {group(t('footer.support'), SUPPORT_LINKS)}
      </div>
      <p className="footer-rights muted">{t('footer.rights', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
