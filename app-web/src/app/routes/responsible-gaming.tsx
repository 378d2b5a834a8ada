import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card } from '../../components/ui/primitives';
import { paths } from '../../config/paths';

const SECTIONS = ['limits', 'changes', 'break', 'reality', 'help'] as const;

/** /responsible-gaming (issue 15): what each safer-gambling control does and how the server holds it. */
export function ResponsibleGamingRoute() {
  const { t } = useTranslation('safer');
  return (
    <div className="page" data-testid="responsible-gaming">
      <header className="page-header">
        <h1>{t('page.title')}</h1>
        <p className="muted">{t('page.intro')}</p>
      </header>
      <div className="stack">
        {SECTIONS.map((section) => (
          <Card key={section} title={t(`page.${section}Title`)}>
            <p>{t(`page.${section}Text`)}</p>
          </Card>
        ))}
        <Link className="btn btn-primary" to={`${paths.profile.getHref()}?tab=safer`}>
          {t('page.openSettings')}
        </Link>
      </div>
    </div>
  );
}
