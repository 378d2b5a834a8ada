import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input } from '../../../components/ui/primitives';
import { translateMessage } from '../../../lib/i18n';
import { signInSchema, type SignInForm } from '../api/schemas';
import { PasswordInput } from './password-input';

/** Variant A's Login tab: username and password (spec section 3 sign-in form). */
export function SignInForm({ onSubmit, pending }: { onSubmit: (values: SignInForm) => void; pending: boolean }) {
  const { t } = useTranslation();
  const form = useForm<SignInForm>({ resolver: zodResolver(signInSchema), defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit(onSubmit)} aria-label={t('auth.login')}>
      <Field label={t('auth.usernameOrEmail')} error={translateMessage(errors.username?.message)}>
        {(control) => <Input {...control} autoComplete="username" {...form.register('username')} />}
      </Field>
      <Field label={t('auth.password')} error={translateMessage(errors.password?.message)}>
        {(control) => <PasswordInput {...control} autoComplete="current-password" {...form.register('password')} />}
      </Field>
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
    </form>
  );
}
