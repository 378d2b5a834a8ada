import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { NewPasswordForm, GeoBanner, QuickAuth } from '../../features/auth';

/**
 * /auth: variant B (Quick Start) with the geo banner. `?view=signup` opens the email sign-up;
 * `?resetToken=…` (the emailed reset link) asks for a new password, then shows the sign-in.
 */
export function AuthRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const resetToken = searchParams.get('resetToken');
  if (resetToken) {
    return (
      <div className="auth-page">
        <AuthIntro />
        <NewPasswordForm token={resetToken} onDone={() => void navigate('/auth?view=login', { replace: true })} />
      </div>
    );
  }
  const view = searchParams.get('view') === 'signup' ? 'signup' : searchParams.get('view') === 'login' ? 'login' : 'social';
  return (
    <div className="auth-page">
      <AuthIntro />
      <QuickAuth initialView={view} />
      <GeoBanner />
    </div>
  );
}

export function AuthIntro() {
  const { t } = useTranslation();
  return (
    <div className="auth-intro">
      <h1>{t('auth.welcome')}</h1>
      <p className="muted">{t('auth.subtitle')}</p>
      <ul className="claims">
        <li>✓ {t('auth.claims.age')}</li>
        <li>✓ {t('auth.claims.psn')}</li>
        <li>✓ {t('auth.claims.countries')}</li>
      </ul>
    </div>
  );
}
