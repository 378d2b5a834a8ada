import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Field, Input, Textarea } from '../../components/ui/primitives';
import { toast } from '../../components/ui/toast';
import { useUser } from '../../features/auth';
import { useSendSupportMessage, type SupportKind } from '../../features/support';
import { errorMessage } from '../../lib/error-message';

type FormState = { name: string; email: string; subject: string; message: string; reportedUsername: string; betId: string };

/**
 * Contact Us and Report Abuse (footer, issue 15): the message is stored on the server as an event
 * and read model for the admins, who are emailed through the outbox. Open to visitors too.
 */
export function SupportFormRoute({ kind }: { kind: SupportKind }) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const send = useSendSupportMessage();
  const [clientMessageId, setClientMessageId] = useState(() => crypto.randomUUID());
  const [form, setForm] = useState<FormState>({ name: '', email: '', subject: '', message: '', reportedUsername: '', betId: '' });
  const [sent, setSent] = useState(false);
  const value = (field: keyof FormState) => form[field] || (field === 'name' ? (user?.username ?? '') : field === 'email' ? (user?.email ?? '') : '');
  const set = (field: keyof FormState) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setForm((f) => ({ ...f, [field]: event.target.value }));
  const report = kind === 'report';

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    send.mutate(
      {
        kind,
        name: value('name'),
        email: value('email'),
        subject: form.subject,
        message: form.message,
        ...(report ? { reportedUsername: form.reportedUsername } : {}),
        ...(report && form.betId.trim() ? { betId: form.betId.trim() } : {}),
        clientMessageId,
      },
      {
        onSuccess: () => {
          setSent(true);
          setForm({ name: '', email: '', subject: '', message: '', reportedUsername: '', betId: '' });
          setClientMessageId(crypto.randomUUID());
          toast({ title: t('pages.contact.sentTitle'), description: t('pages.contact.sentText'), type: 'success' });
        },
        onError: (error) => toast({ title: t('pages.contact.failedTitle'), description: errorMessage(error), type: 'error' }),
      },
    );
  };

  return (
    <div className="page legal-page" data-testid={`support-${kind}`}>
      <header className="page-header">
        <h1>{report ? t('pages.contact.reportTitle') : t('pages.contact.title')}</h1>
        <p className="muted">{report ? t('pages.contact.reportIntro') : t('pages.contact.intro')}</p>
      </header>
      {sent ? (
        <Alert tone="success" data-testid="support-sent">
          {t('pages.contact.sentText')}
        </Alert>
      ) : null}
      <form className="form card" onSubmit={submit} aria-label={report ? t('pages.contact.reportTitle') : t('pages.contact.title')}>
        <Field label={t('pages.contact.name')} required>
          {(control) => <Input {...control} value={value('name')} onChange={set('name')} maxLength={100} required autoComplete="name" />}
        </Field>
        <Field label={t('pages.contact.email')} required>
          {(control) => <Input {...control} type="email" value={value('email')} onChange={set('email')} maxLength={254} required autoComplete="email" />}
        </Field>
        {report ? (
          <>
            <Field label={t('pages.contact.reportedUsername')} required>
              {(control) => <Input {...control} value={form.reportedUsername} onChange={set('reportedUsername')} maxLength={50} required />}
            </Field>
            <Field label={t('pages.contact.betId')}>{(control) => <Input {...control} value={form.betId} onChange={set('betId')} maxLength={36} />}</Field>
          </>
        ) : null}
        <Field label={t('pages.contact.subject')} required>
          {(control) => <Input {...control} value={form.subject} onChange={set('subject')} maxLength={150} required />}
        </Field>
        <Field label={t('pages.contact.message')} required>
          {({ invalid, ...control }) => <Textarea {...control} aria-invalid={invalid || undefined} value={form.message} onChange={set('message')} maxLength={5000} rows={6} required />}
        </Field>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? t('pages.contact.sending') : t('pages.contact.send')}
        </Button>
      </form>
    </div>
  );
}
