import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

/** The legal pages linked from the footer (issue 15): terms, privacy, KYC. */
export const LEGAL_PAGES = { terms: ['s1', 's2', 's3', 's4', 's5'], privacy: ['s1', 's2', 's3', 's4', 's5'], kyc: ['s1', 's2', 's3', 's4'] } as const;
export type LegalPage = keyof typeof LEGAL_PAGES;

export function LegalRoute({ page }: { page: LegalPage }) {
  const { t } = useTranslation();
  return (
    <article className="page legal-page" data-testid={`legal-${page}`}>
      <header className="page-header">
        <h1>{t(`pages.legal.${page}.title`)}</h1>
        <p className="muted">{t('pages.legal.updated')}</p>
      </header>
      <p>{t(`pages.legal.${page}.intro`)}</p>
      <ol>
        {LEGAL_PAGES[page].map((key) => (
          <li key={key}>{t(`pages.legal.${page}.${key}`)}</li>
        ))}
      </ol>
      <p>
        <Link to={paths.contact.getHref()}>{t('footer.contactUs')}</Link>
      </p>
    </article>
  );
}

/** Help Center with the dispute process (issue 15); `/help/disputes` opens on the dispute section. */
export function HelpRoute() {
  const { t } = useTranslation();
  const questions = ['1', '2', '3'] as const;
  const steps = ['d1', 'd2', 'd3', 'd4', 'd5'] as const;
  return (
    <article className="page legal-page" data-testid="help-center">
      <header className="page-header">
        <h1>{t('pages.help.title')}</h1>
        <p className="muted">{t('pages.help.intro')}</p>
      </header>
      {questions.map((n) => (
        <section key={n}>
          <h2>{t(`pages.help.q${n}`)}</h2>
          <p>{t(`pages.help.a${n}`)}</p>
        </section>
      ))}
      <section id="disputes" data-testid="dispute-process">
        <h2>{t('pages.help.disputesTitle')}</h2>
        <p>{t('pages.help.disputesIntro')}</p>
        <ol>
          {steps.map((key) => (
            <li key={key}>{t(`pages.help.${key}`)}</li>
          ))}
        </ol>
      </section>
      <div className="row">
        <Link className="btn btn-outline" to={paths.contact.getHref()}>
          {t('footer.contactUs')}
        </Link>
        <Link className="btn btn-outline" to={paths.reportAbuse.getHref()}>
          {t('footer.reportAbuse')}
        </Link>
      </div>
    </article>
  );
}
