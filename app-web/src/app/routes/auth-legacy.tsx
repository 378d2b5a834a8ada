import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Tabs } from '../../components/ui/tabs';
import { paths } from '../../config/paths';
import { useAuthActions, RegisterForm, SignInForm } from '../../features/auth';
import { AuthIntro } from './auth';

/** /auth-legacy: variant A, Login and Register tabs with the full registration form. */
export function AuthLegacyRoute() {
  const { t } = useTranslation();
  const { signIn, register, signingIn, registering } = useAuthActions();
  return (
    <div className="auth-page auth-page-wide">
      <AuthIntro />
      <div className="card auth-card auth-card-wide">
        <Tabs
          label={t('auth.welcome')}
          defaultValue="login"
          tabs={[
            { value: 'login', label: t('auth.login'), content: <SignInForm onSubmit={signIn} pending={signingIn} /> },
            { value: 'register', label: t('auth.register'), content: <RegisterForm onSubmit={register} pending={registering} /> },
          ]}
        />
        <p className="muted center">
          <Link to={paths.auth.getHref()}>{t('auth.quickRegistration')}</Link>
        </p>
      </div>
    </div>
  );
}
