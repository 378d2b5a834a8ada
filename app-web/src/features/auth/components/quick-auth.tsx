import { zodResolver } from '@hookform/resolvers/zod';
import { COUNTRIES, REGISTRATION_CURRENCIES, REGISTRATION_LANGUAGES } from '@wager/domain/accounts/reference-data';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert, Button, Checkbox, Field, Input } from '../../../components/ui/primitives';
import { Tabs } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';

import { translateMessage } from '../../../lib/i18n';
import { emailSignInSchema, formResolver, quickSignupSchema, resetRequestSchema, type QuickSignupForm, type QuickSignupOutput } from '../api/schemas';
import { useAuthActions } from '../api/use-auth-actions';
import { useRequestReset } from '../api/user-queries';
import { browserTimezone } from '../timezones';
import { PasswordInput } from './password-input';
import { errorMessage } from '../../../lib/error-message';

export type QuickAuthView = 'social' | 'login' | 'signup' | 'reset';

/** The browser's region ("US" from "en-US"), the country entry for it, or undefined. */
function browserCountry() {
  const region = (navigator.language || '').split('-')[1]?.toUpperCase();
  return COUNTRIES.find((country) => country.code === region);
}

/**
 * The quick signup payload (spec section 3): the form's fields plus what the browser tells us
 * (time zone, language, a currency and country from its region, USD and US by default).
 */
export function quickSignupPayload(form: Pick<QuickSignupOutput, 'username' | 'email' | 'password' | 'dateOfBirth' | 'agreeTerms'>): Record<string, unknown> {
  const country = browserCountry();
  const language = (navigator.language || 'en').split('-')[0] ?? 'en';
  const currency = country && REGISTRATION_CURRENCIES.some((c) => c.code === country.currency) ? country.currency : 'USD';
  return {
    username: form.username,
    email: form.email.trim().toLowerCase(),
    password: form.password,
    dateOfBirth: form.dateOfBirth,
    agreeTerms: form.agreeTerms,
    timezone: browserTimezone(),
    preferredLanguage: REGISTRATION_LANGUAGES.includes(language) ? language : 'en',
    preferredCurrency: currency,
    country: country?.code ?? 'US',
    phoneNumber: '',
    psnUsername: '',
    activisionId: '',
  };
}

export function EmailSignInForm({ onForgot }: { onForgot: () => void }) {
  const { t } = useTranslation();
  const { signIn, signingIn } = useAuthActions();
  const form = useForm({ resolver: zodResolver(emailSignInSchema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;
  return (
    <form
      className="form"
      noValidate
      aria-label={t('auth.signIn')}
      onSubmit={form.handleSubmit(({ email, password }) => signIn({ username: email.trim(), password }))}
    >
      <Field label={t('auth.email')} error={translateMessage(errors.email?.message)}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      <Field label={t('auth.password')} error={translateMessage(errors.password?.message)}>
        {(control) => <PasswordInput {...control} autoComplete="current-password" {...form.register('password')} />}
      </Field>
      <Button type="submit" size="lg" disabled={signingIn}>
        {signingIn ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
      <button type="button" className="link-button" onClick={onForgot}>
        {t('auth.forgotPassword')}
      </button>
    </form>
  );
}

export function QuickSignupForm({ onSubmit, pending }: { onSubmit: (payload: Record<string, unknown>) => void; pending: boolean }) {
  const { t } = useTranslation();
  const schema = useMemo(() => quickSignupSchema(new Date()), []);
  const form = useForm<QuickSignupForm, unknown, QuickSignupOutput>({
    resolver: formResolver<QuickSignupForm, QuickSignupOutput>(schema),
    defaultValues: { username: '', email: '', password: '', dateOfBirth: '', agreeTerms: false },
  });
  const { errors } = form.formState;
  return (
    <form className="form" noValidate aria-label={t('auth.createAccount')} onSubmit={form.handleSubmit((data) => onSubmit(quickSignupPayload(data)))}>
      <Field label={t('auth.username')} error={translateMessage(errors.username?.message)} hint={t('auth.usernameHint')}>
        {(control) => <Input {...control} autoComplete="username" {...form.register('username')} />}
      </Field>
      <Field label={t('auth.email')} error={translateMessage(errors.email?.message)}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </Field>
      <Field label={t('auth.password')} error={translateMessage(errors.password?.message)}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register('password')} />}
      </Field>
      <Field label={t('auth.dateOfBirth')} error={translateMessage(errors.dateOfBirth?.message)}>
        {(control) => <Input {...control} type="date" {...form.register('dateOfBirth')} />}
      </Field>
      <Checkbox label={t('auth.agreeTerms')} error={translateMessage(errors.agreeTerms?.message)} {...form.register('agreeTerms')} />
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? t('auth.creatingAccount') : t('auth.createAccount')}
      </Button>
    </form>
  );
}

export function ResetPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const requestReset = useRequestReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(resetRequestSchema), defaultValues: { email: '' } });
  const submit = form.handleSubmit(({ email }) =>
    requestReset.mutate(
      { email: email.trim().toLowerCase() },
      {
        onSuccess: () => {
          setSentTo(email);
          toast({ title: t('toasts.resetSent'), description: t('toasts.resetSentText'), type: 'success' });
        },
        onError: (error) => toast({ title: t('toasts.resetFailed'), description: errorMessage(error), type: 'error' }),
      },
    ),
  );
  return (
    <div className="form">
      <h2>{t('auth.resetTitle')}</h2>
      {sentTo ? (
        <Alert tone="success" data-testid="reset-sent">
          <strong>{t('auth.resetSentTitle')}</strong>
          <p>{t('auth.resetSentText', { email: sentTo })}</p>
        </Alert>
      ) : (
        <form className="form" noValidate aria-label={t('auth.resetTitle')} onSubmit={submit}>
          <p className="muted">{t('auth.resetText')}</p>
          <Field label={t('auth.email')} error={translateMessage(form.formState.errors.email?.message)}>
            {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
          </Field>
          <Button type="submit" disabled={requestReset.isPending}>
            {t('auth.sendResetLink')}
          </Button>
        </form>
      )}
      <button type="button" className="link-button" onClick={onBack}>
        ← {t('auth.backToLogin')}
      </button>
    </div>
  );
}

const GEO_BANNER_DISMISSED_KEY = 'geoBannerDismissed';

/**
 * The build's prerender of /auth (src/prerender.tsx) runs without a browser to name the country:
 * there the banner keeps its place, unseen, until the app renders it with the visitor's country.
 */
const prerendering = typeof window === 'undefined';

/** The dismissible notice with the country read from the browser language; dismissal is remembered. */
export function GeoBanner() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => !prerendering && window.localStorage.getItem(GEO_BANNER_DISMISSED_KEY) === 'true');
  if (dismissed) return null;
  const country = prerendering ? undefined : browserCountry();
  return (
    <div className="geo-banner" role="region" aria-label={t('auth.geoBanner.title')} style={prerendering ? { visibility: 'hidden' } : undefined}>
      <span aria-hidden="true">{country?.flag ?? '🌍'}</span>
      <div>
        <strong>{t('auth.geoBanner.title')}</strong>
        <p>{t('auth.geoBanner.text', { country: country?.name ?? '🌍' })}</p>
      </div>
      <button
        type="button"
        className="link-button"
        aria-label={t('auth.geoBanner.dismiss')}
        onClick={() => {
          window.localStorage.setItem(GEO_BANNER_DISMISSED_KEY, 'true');
          setDismissed(true);
        }}
      >
        ×
      </button>
    </div>
  );
}

/**
 * Variant B: Quick Start and Sign In tabs over the start, login, signup and reset views. The start
 * view offers only what works (email); there is no third-party sign-in, so no button pretends one.
 */
export function QuickAuth({ initialView = 'social' }: { initialView?: QuickAuthView }) {
  const { t } = useTranslation();
  const { register, registering } = useAuthActions();
  const [view, setView] = useState<QuickAuthView>(initialView);
  const tab = view === 'login' || view === 'reset' ? 'signin' : 'quick';
  return (
    <div className="card auth-card">
      <Tabs
        label={t('auth.welcome')}
        value={tab}
        onValueChange={(value) => setView(value === 'signin' ? 'login' : 'social')}
        tabs={[
          {
            value: 'quick',
            label: t('auth.quickStart'),
            content:
              view === 'signup' ? (
                <>
                  <QuickSignupForm onSubmit={register} pending={registering} />
                  <button type="button" className="link-button" onClick={() => setView('social')}>
                    ← {t('common.back')}
                  </button>
                </>
              ) : (
                <div className="form">
                  <Button size="lg" onClick={() => setView('signup')}>
                    {t('auth.continueWithEmail')}
                  </Button>
                  <p className="muted">
                    {t('auth.haveAccount')}{' '}
                    <button type="button" className="link-button" onClick={() => setView('login')}>
                      {t('auth.signInLink')}
                    </button>
                  </p>
                </div>
              ),
          },
          {
            value: 'signin',
            label: t('auth.signIn'),
            content: view === 'reset' ? <ResetPasswordForm onBack={() => setView('login')} /> : <EmailSignInForm onForgot={() => setView('reset')} />,
          },
        ]}
      />
      <p className="muted center">
        <Link to={paths.authLegacy.getHref()}>{t('auth.fullRegistration')}</Link>
      </p>
    </div>
  );
}
