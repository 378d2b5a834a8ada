import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Field, Input } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';
import { errorBody } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { EMAIL_CODE_LENGTH, emailCodeSchema } from '../api/schemas';
import { useResendCode, useVerifyEmail } from '../api/verification';
import { errorMessage } from '../../../lib/error-message';

/** Resend cooldown after a successful send (spec section 9); a failure uses the server's retryAfter. */
export const RESEND_COOLDOWN_SECONDS = 60;

function useCountdown() {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (seconds <= 0) return undefined;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return [seconds, setSeconds] as const;
}

/** The 6-digit code form with its resend button; `onVerified` runs once the server accepts the code. */
export function VerifyEmailForm({ userId, email, onVerified }: { userId: string; email: string; onVerified: () => void }) {
  const { t } = useTranslation();
  const verify = useVerifyEmail();
  const resend = useResendCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [cooldown, setCooldown] = useCountdown();
  const complete = code.length === EMAIL_CODE_LENGTH;

  const submit = () => {
    const parsed = emailCodeSchema.safeParse({ code });
    if (!parsed.success) return setError(translateMessage(parsed.error.issues[0]?.message));
    setError(null);
    verify.mutate(
      { code, userId },
      {
        onSuccess: onVerified,
        onError: (failure) => {
          const message = errorMessage(failure) || t('verify.failedDefault');
          setError(message);
          toast({ title: t('verify.failedTitle'), description: message, type: 'error' });
        },
      },
    );
  };

  const resendCode = () =>
    resend.mutate(
      { userId },
      {
        onSuccess: () => {
          setCooldown(RESEND_COOLDOWN_SECONDS);
          toast({ title: t('verify.codeSentTitle'), description: t('verify.codeSentText'), type: 'success' });
        },
        onError: (failure) => {
          const retryAfter = Number(errorBody(failure)?.retryAfter);
          if (Number.isFinite(retryAfter) && retryAfter > 0) setCooldown(Math.ceil(retryAfter));
          toast({ title: t('verify.resendFailedTitle'), description: errorMessage(failure) || t('verify.resendFailedDefault'), type: 'error' });
        },
      },
    );

  return (
    <form
      className="form"
      noValidate
      aria-label={t('verify.title')}
      onSubmit={(event) => {
        event.preventDefault();
        if (complete) submit();
      }}
    >
      <p className="muted">{t('verify.text', { email })}</p>
      <Field label={t('verify.code')} error={error ?? undefined}>
        {(control) => (
          <Input
            {...control}
            className="code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="000000"
            maxLength={EMAIL_CODE_LENGTH}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, EMAIL_CODE_LENGTH))}
          />
        )}
      </Field>
      <Button type="submit" size="lg" disabled={!complete || verify.isPending}>
        {verify.isPending ? t('verify.verifying') : t('verify.verify')}
      </Button>
      <Button variant="outline" onClick={resendCode} disabled={cooldown > 0 || resend.isPending}>
        {cooldown > 0 ? t('verify.resendIn', { seconds: cooldown }) : t('verify.resend')}
      </Button>
    </form>
  );
}

export function VerifiedNotice() {
  const { t } = useTranslation();
  return (
    <Alert tone="success" data-testid="email-verified">
      <strong>{t('verify.verifiedTitle')}</strong>
      <p>{t('verify.verifiedText')}</p>
    </Alert>
  );
}
