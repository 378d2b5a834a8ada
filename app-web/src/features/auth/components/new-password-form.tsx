import { zodResolver } from '@hookform/resolvers/zod';
import { messages, resetPasswordSchema } from '@wager/domain/accounts/rules';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button, Field } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';

import { translateMessage } from '../../../lib/i18n';
import { useResetPassword } from '../api/user-queries';
import { PasswordInput } from './password-input';
import { errorMessage } from '../../../lib/error-message';

/** The server's password rule (the same messages), plus the confirmation. */
const newPasswordSchema = z
  .object({ password: resetPasswordSchema.shape.password, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: messages.passwordsDontMatch, path: ['confirmPassword'] });

/** Completes a password reset from the emailed link (`/auth?resetToken=…`). */
export function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const form = useForm({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', confirmPassword: '' } });
  const submit = form.handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast({ title: t('auth.passwordUpdatedTitle'), description: t('auth.passwordUpdatedText'), type: 'success' });
          onDone();
        },
        onError: (error) => toast({ title: t('auth.passwordUpdateFailed'), description: errorMessage(error), type: 'error' }),
      },
    ),
  );
  return (
    <form className="form card" noValidate aria-label={t('auth.newPasswordTitle')} onSubmit={submit}>
      <h2>{t('auth.newPasswordTitle')}</h2>
      <p className="muted">{t('auth.newPasswordText')}</p>
      <Field label={t('auth.newPassword')} error={translateMessage(form.formState.errors.password?.message)}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register('password')} />}
      </Field>
      <Field label={t('auth.confirmNewPassword')} error={translateMessage(form.formState.errors.confirmPassword?.message)}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" {...form.register('confirmPassword')} />}
      </Field>
      <Button type="submit" disabled={reset.isPending}>
        {t('auth.setNewPassword')}
      </Button>
    </form>
  );
}
