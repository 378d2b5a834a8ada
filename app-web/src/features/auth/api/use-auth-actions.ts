import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { isProcessing, parseErrorMessage } from '../../../lib/api-client';
import { authScreenHold, useLogin, useSignup, type LoginInput, type SignupAnswer } from './user-queries';
import { errorMessage } from '../../../lib/error-message';

/** Spec section 4: after signup needing verification, go to /verify-email after this delay. */
export const VERIFY_REDIRECT_DELAY_MS = 1000;

/** Spec section 8: the signup failure toast's title follows a keyword of the server's message. */
export function signupFailureTitleKey(message: string): string {
  if (message.includes('Username')) return 'toasts.usernameIssue';
  if (message.includes('Email')) return 'toasts.emailIssue';
  if (message.includes('Password')) return 'toasts.passwordIssue';
  if (message.includes('age')) return 'toasts.ageVerification';
  return 'toasts.registrationFailed';
}

/** Only same-site paths are followed after sign-in, never an absolute URL. */
export function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : paths.home.getHref();
}

export function useAuthActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  const signup = useSignup();
  const redirectTo = safeRedirect(searchParams.get('redirect'));

  const signIn = (input: LoginInput) =>
    login.mutate(input, {
      onSuccess: (response) => {
        toast({ title: t('toasts.welcomeBack'), description: t('toasts.loggedInAs', { name: response.user.username }), type: 'success' });
        void navigate(redirectTo, { replace: true });
      },
      onError: (error) =>
        toast({ title: t('toasts.loginFailed'), description: errorMessage(error, 'Login failed') || t('toasts.loginFailed'), type: 'error' }),
    });

  const register = (payload: Record<string, unknown>) =>
    signup.mutate(payload, {
      onSuccess: (response: SignupAnswer) => {
        if (isProcessing(response) || response.requiresVerification) {
          // A 202 means the account is still being set up: say so, then wait on /verify-email.
          toast(
            isProcessing(response)
              ? { title: t('processing.title'), description: t('processing.accountText'), type: 'info' }
              : { title: t('toasts.verificationRequired'), description: t('toasts.verificationRequiredText'), type: 'info' },
          );
          setTimeout(() => {
            authScreenHold.active = false;
            // Signed up from an invitation: the verification page returns to it (issue 15).
            void navigate(paths.verifyEmail.getHref(redirectTo), { replace: true });
          }, VERIFY_REDIRECT_DELAY_MS);
          return;
        }
        toast({ title: t('toasts.accountCreated'), description: t('toasts.accountCreatedText', { name: response.user.username }), type: 'success' });
        void navigate(redirectTo, { replace: true });
      },
      onError: (error) => {
        const message = parseErrorMessage(error, 'Registration failed');
        toast({ title: t(signupFailureTitleKey(message)), description: errorMessage(error, 'Registration failed'), type: 'error' });
      },
    });

  return { signIn, register, signingIn: login.isPending, registering: signup.isPending };
}
