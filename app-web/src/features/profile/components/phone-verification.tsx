import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Field, Input } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/error-message';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { useSendPhoneCode, useVerifyPhone } from '../api/phone-verification';

/**
 * Phone verification on the Security tab: the number (a Nigerian one may be typed as 0803…),
 * a code by SMS, then the code. The server enforces every rule (60 s between codes, 5 codes a
 * day per number, 5 tries, 10 minutes); this form shows its refusals in the user's language.
 * No <form> elements: the Security tab sits inside the profile's edit form, and a nested form
 * would submit that one instead. Enter in a field presses its button.
 */
export function PhoneVerification({ user }: { user: User }) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState(user.phoneNumber ?? '');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<{ field: 'phone' | 'code'; text: string } | null>(null);
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();

  const onEnter = (action: () => void) => (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    action();
  };
  const sendCode = () => {
    if (send.isPending || phone.trim() === '') return;
    setError(null);
    send.mutate(phone, {
      onSuccess: (sent) => {
        setSentTo(sent.phone);
        setCode('');
        toast({ title: t('profile.phone.sentTitle'), description: t('profile.phone.sentText', { phone: sent.phone }), type: 'success' });
      },
      onError: (e) => setError({ field: 'phone', text: errorMessage(e) }),
    });
  };
  const verifyCode = () => {
    if (verify.isPending || code.trim().length !== 6) return;
    setError(null);
    verify.mutate(code.trim(), {
      onSuccess: () => toast({ title: t('profile.phone.verifiedTitle'), description: t('profile.phone.verifiedText'), type: 'success' }),
      onError: (e) => setError({ field: 'code', text: errorMessage(e) }),
    });
  };

  return (
    <div className="phone-verification" data-testid="phone-verification">
      <h3>{t('profile.phone.title')}</h3>
      <div className="row">
        <Field label={t('profile.phone.number')} hint={t('profile.phone.numberHint')} error={error?.field === 'phone' ? error.text : undefined}>
          {(control) => <Input {...control} type="tel" autoComplete="tel" inputMode="tel" maxLength={32} value={phone} onChange={(e) => setPhone(e.target.value)} onKeyDown={onEnter(sendCode)} data-testid="phone-input" />}
        </Field>
        <Button variant={sentTo ? 'outline' : 'primary'} onClick={sendCode} disabled={send.isPending || phone.trim() === ''} data-testid="phone-send">
          {sentTo ? t('profile.phone.resend') : t('profile.phone.send')}
        </Button>
      </div>
      {sentTo ? (
        <div className="row">
          <p className="muted" data-testid="phone-sent-to">
            {t('profile.phone.enterCode', { phone: sentTo })}
          </p>
          <Field label={t('profile.phone.code')} error={error?.field === 'code' ? error.text : undefined}>
            {(control) => <Input {...control} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} onKeyDown={onEnter(verifyCode)} data-testid="phone-code-input" />}
          </Field>
          <Button onClick={verifyCode} disabled={verify.isPending || code.trim().length !== 6} data-testid="phone-verify">
            {t('profile.phone.verify')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
