import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { safeRedirect, pendingAccount, useLogout, useUser, VerifiedNotice, VerifyEmailForm } from '../../features/auth';
import { Spinner } from '../../components/ui/primitives';
import { toast } from '../../components/ui/toast';
import { paths } from '../../config/paths';

/** Spec section 9: after a verified code the page moves on (to the dashboard, or back to the invitation) after 2 s. */
export const VERIFIED_REDIRECT_DELAY_MS = 2000;

/** /verify-email: /auth without a user, /dashboard when already verified (spec section 2). */
export function VerifyEmailRoute() {
  const { t } = useTranslation();
  const { data: user, isPending } = useUser();
  const navigate = useNavigate();
  const logout = useLogout();
  const [verified, setVerified] = useState(false);
  const [searchParams] = useSearchParams();
  // Where the visitor was going when they signed up (an invitation), else the dashboard.
  const next = searchParams.has('redirect') ? safeRedirect(searchParams.get('redirect')) : paths.dashboard.getHref();

  useEffect(() => {
    if (!verified) return undefined;
    const timer = setTimeout(() => void navigate(next, { replace: true }), VERIFIED_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [verified, navigate, next]);

  if (isPending) return <Spinner />;
  if (!user && pendingAccount.userId) {
    // Signed up, but the API answered 202: the account shows up here as soon as it is ready.
    return (
      <div className="page-center">
        <div className="card auth-card" data-testid="account-processing">
          <h1>{t('verify.title')}</h1>
          <Spinner label={t('processing.accountWaiting')} />
          <p className="muted">{t('processing.accountText')}</p>
        </div>
      </div>
    );
  }
  if (!user) return <Navigate to={paths.auth.getHref()} replace />;
  if (user.isEmailVerified && !verified) return <Navigate to={next} replace />;

  return (
    <div className="page-center">
      <div className="card auth-card">
        <h1>{t('verify.title')}</h1>
        {verified ? (
          <VerifiedNotice />
        ) : (
          <VerifyEmailForm
            userId={user.id}
            email={user.email}
            onVerified={() => {
              setVerified(true);
              toast({ title: t('verify.verifiedTitle'), description: t('verify.verifiedText'), type: 'success' });
            }}
          />
        )}
        <button
          type="button"
          className="link-button"
          onClick={() => logout.mutate(undefined, { onSettled: () => void navigate(paths.auth.getHref(), { replace: true }) })}
        >
          ← {t('verify.backToSignIn')}
        </button>
      </div>
    </div>
  );
}
