import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, currentLanguage } from '../../lib/i18n';

/** Switches the interface language at once; i18next caches the choice in localStorage. */
export function LanguageSelector({ id = 'language-selector' }: { id?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <label className="language-selector" htmlFor={id}>
      <span className="sr-only">{t('common.language')}</span>
      <span aria-hidden="true">🌐</span>
      <select id={id} className="input input-compact" value={currentLanguage()} onChange={(event) => void i18n.changeLanguage(event.target.value)}>
        {SUPPORTED_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {t(`languages.${code}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
