import { REGISTRATION_CURRENCIES, REGISTRATION_LANGUAGES } from '@wager/domain/accounts/reference-data';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Field, Input } from '../../../components/ui/primitives';
import { currentLanguage, translateMessage } from '../../../lib/i18n';
import { MINIMUM_AGE_YEARS, USERNAME_LENGTH_MAX, ageInYears, formResolver, registrationSchema, type RegistrationForm, type RegistrationOutput } from '../api/schemas';
import { browserTimezone } from '../timezones';
import { PasswordInput } from './password-input';
import { CountryPicker, CurrencyPicker, LanguagePicker, TimezonePicker } from './pickers';
import { ErrorSummary, RegistrationProgress } from './registration-progress';

/** The latest date of birth the date input offers: about 18 years ago. */
function maxDateOfBirth(now: Date): string {
  const date = new Date(now);
  date.setFullYear(date.getFullYear() - MINIMUM_AGE_YEARS);
  return date.toISOString().slice(0, 10);
}

export function registrationDefaults(): RegistrationForm {
  return {
    username: '',
    email: '',
    password: '',
    confirmPassword: '',
    dateOfBirth: '',
    phoneNumber: '',
    psnUsername: '',
    activisionId: '',
    country: '',
    timezone: browserTimezone(),
    preferredCurrency: 'USD',
    preferredLanguage: currentLanguage() || 'en',
    agreeTerms: false,
    confirmAge: false,
  };
}

/** The full-form payload (spec section 3): confirmPassword, agreeTerms and confirmAge are dropped. */
export function registrationPayload(form: RegistrationOutput): Record<string, unknown> {
  const { confirmPassword: _confirm, agreeTerms: _terms, confirmAge: _age, ...payload } = form;
  return payload;
}

function AgeFeedback({ dateOfBirth }: { dateOfBirth: string }) {
  const { t } = useTranslation();
  const age = dateOfBirth ? ageInYears(dateOfBirth, new Date()) : null;
  if (age === null) return null;
  return age >= MINIMUM_AGE_YEARS ? (
    <p className="text-success" data-testid="age-feedback">
      {t('auth.ageVerified', { age })}
    </p>
  ) : (
    <p className="text-danger" data-testid="age-feedback">
      {t('auth.ageTooYoung', { age })}
    </p>
  );
}

/** Variant A's Register tab: every field of spec section 3, the progress panel and the error summary. */
export function RegisterForm({ onSubmit, pending }: { onSubmit: (payload: Record<string, unknown>) => void; pending: boolean }) {
  const { t } = useTranslation();
  const schema = useMemo(() => registrationSchema(new Date()), []);
  const form = useForm<RegistrationForm, unknown, RegistrationOutput>({
    resolver: formResolver<RegistrationForm, RegistrationOutput>(schema),
    defaultValues: registrationDefaults(),
    mode: 'onTouched',
  });
  const { errors, submitCount } = form.formState;
  const values = useWatch({ control: form.control }) as Partial<RegistrationForm>;
  const [summaryDismissedAt, setSummaryDismissedAt] = useState(-1);
  const message = (field: keyof RegistrationForm) => translateMessage(errors[field]?.message);

  return (
    <div className="register-layout">
      <form className="form" noValidate aria-label={t('auth.register')} onSubmit={form.handleSubmit((data) => onSubmit(registrationPayload(data)))}>
        {submitCount > 0 && summaryDismissedAt !== submitCount ? <ErrorSummary errors={errors} onDismiss={() => setSummaryDismissedAt(submitCount)} /> : null}
        <Field label={t('auth.username')} required error={message('username')} hint={<>{t('auth.usernameHint')} · <span data-testid="username-counter">{t('auth.characterCount', { count: values.username?.length ?? 0, max: USERNAME_LENGTH_MAX })}</span></>}>
          {(control) => <Input {...control} autoComplete="username" maxLength={USERNAME_LENGTH_MAX + 5} {...form.register('username')} />}
        </Field>
        <Field label={t('auth.email')} required error={message('email')}>
          {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
        </Field>
        <div className="grid-2">
          <Field label={t('auth.password')} required error={message('password')}>
            {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register('password')} />}
          </Field>
          <Field label={t('auth.confirmPassword')} required error={message('confirmPassword')}>
            {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register('confirmPassword')} />}
          </Field>
        </div>
        <div className="grid-2">
          <Field label={t('auth.phoneNumber')} required error={message('phoneNumber')} hint={t('auth.phoneHint')}>
            {(control) => <Input {...control} type="tel" autoComplete="tel" placeholder="+1 555 123 4567" {...form.register('phoneNumber')} />}
          </Field>
          <Field label={t('auth.dateOfBirth')} required error={message('dateOfBirth')} hint={<AgeFeedback dateOfBirth={values.dateOfBirth ?? ''} />}>
            {(control) => (
              <Input
                {...control}
                type="date"
                max={maxDateOfBirth(new Date())}
                {...form.register('dateOfBirth', {
                  onChange: (event: { target: { value: string } }) => {
                    const age = ageInYears(event.target.value, new Date());
                    form.setValue('confirmAge', age !== null && age >= MINIMUM_AGE_YEARS, { shouldValidate: submitCount > 0 });
                  },
                })}
              />
            )}
          </Field>
        </div>
        <div className="grid-2">
          <Field label={t('auth.psnUsername')}>{(control) => <Input {...control} {...form.register('psnUsername')} />}</Field>
          <Field label={t('auth.activisionId')}>{(control) => <Input {...control} {...form.register('activisionId')} />}</Field>
        </div>
        <div className="grid-2">
          <Field label={t('auth.country')} required error={message('country')}>
            {(control) => (
              <Controller
                control={form.control}
                name="country"
                render={({ field }) => (
                  <CountryPicker
                    {...control}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onBlur={field.onBlur}
                    onCountryChange={(entry, code) => {
                      field.onChange(code);
                      // Suggest the country's currency and language when the pickers offer them.
                      if (entry && REGISTRATION_CURRENCIES.some((c) => c.code === entry.currency)) form.setValue('preferredCurrency', entry.currency);
                      if (entry && REGISTRATION_LANGUAGES.includes(entry.language)) form.setValue('preferredLanguage', entry.language);
                    }}
                  />
                )}
              />
            )}
          </Field>
          <Field label={t('auth.timezone')} required error={message('timezone')}>
            {(control) => (
              <Controller
                control={form.control}
                name="timezone"
                render={({ field }) => <TimezonePicker {...control} name={field.name} ref={field.ref} value={field.value} onBlur={field.onBlur} onChange={field.onChange} />}
              />
            )}
          </Field>
        </div>
        <div className="grid-2">
          <Field label={t('auth.preferredCurrency')} required error={message('preferredCurrency')}>
            {(control) => (
              <Controller
                control={form.control}
                name="preferredCurrency"
                render={({ field }) => <CurrencyPicker {...control} name={field.name} ref={field.ref} value={field.value} onBlur={field.onBlur} onChange={field.onChange} />}
              />
            )}
          </Field>
          <Field label={t('auth.preferredLanguage')} required error={message('preferredLanguage')}>
            {(control) => (
              <Controller
                control={form.control}
                name="preferredLanguage"
                render={({ field }) => <LanguagePicker {...control} name={field.name} ref={field.ref} value={field.value} onBlur={field.onBlur} onChange={field.onChange} />}
              />
            )}
          </Field>
        </div>
        <Checkbox label={t('auth.confirmAge')} error={message('confirmAge')} {...form.register('confirmAge')} />
        <Checkbox label={t('auth.agreeTerms')} error={message('agreeTerms')} {...form.register('agreeTerms')} />
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? t('auth.creatingAccount') : t('auth.createAccount')}
        </Button>
      </form>
      <RegistrationProgress values={values} errors={errors} />
    </div>
  );
}

