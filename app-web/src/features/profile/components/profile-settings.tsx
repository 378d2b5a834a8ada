import { COUNTRIES } from '@wager/domain/accounts/reference-data';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Badge, Button, Card, Field, Input, Select } from '../../../components/ui/primitives';
import { Tabs } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';

import { translateMessage } from '../../../lib/i18n';
import type { SessionUser as User } from '@wager/domain/contracts/accounts';
import { formResolver, profileSchema, type ProfileForm, useRequestReset, TIMEZONES } from '../../auth';
import { changedProfileFields, useUpdateProfile } from '../api/profile-mutations';
import { errorMessage } from '../../../lib/error-message';
import { SaferGamblingPanel } from './safer-gambling-panel';
import { PhoneVerification } from './phone-verification';

const TABS = ['profile', 'gaming', 'security', 'safer'] as const;

function formValues(user: User): ProfileForm {
  return {
    username: user.username ?? '',
    email: user.email ?? '',
    phoneNumber: user.phoneNumber ?? '',
    psnUsername: user.psnUsername ?? '',
    activisionId: user.activisionId ?? '',
    country: user.country ?? '',
    timezone: user.timezone ?? '',
  };
}

type EditableField = keyof ProfileForm;

function ReadOnlyValue({ label, value }: { label: string; value: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="readonly-field">
      <dt>{label}</dt>
      <dd>{value || <span className="muted">{t('profile.notSet')}</span>}</dd>
    </div>
  );
}

/** Profile Settings (spec section 2): Profile, Gaming Accounts and Security tabs. */
export function ProfileSettings({ user }: { user: User }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [searchParams] = useSearchParams();
  // `/profile?tab=safer` opens a tab directly (the reminder and the Responsible Gaming page link there).
  const initialTab = TABS.find((tab) => tab === searchParams.get('tab')) ?? 'profile';
  const update = useUpdateProfile();
  const form = useForm<ProfileForm, unknown, Partial<Record<keyof ProfileForm, string | null>>>({
    resolver: formResolver<ProfileForm, Partial<Record<keyof ProfileForm, string | null>>>(profileSchema),
    values: formValues(user),
  });
  const { errors } = form.formState;

  const cancel = () => {
    form.reset(formValues(user));
    setEditing(false);
  };
  const save = form.handleSubmit((values) => {
    const changes = changedProfileFields(values, user);
    if (Object.keys(changes).length === 0) {
      toast({ title: t('profile.noChangesTitle'), description: t('profile.noChangesText'), type: 'info' });
      setEditing(false);
      return;
    }
    update.mutate(changes, {
      onSuccess: () => {
        toast({ title: t('profile.updatedTitle'), description: t('profile.updatedText'), type: 'success' });
        setEditing(false);
      },
      onError: (error) =>
        toast({ title: t('profile.updateFailedTitle'), description: errorMessage(error) || t('profile.updateFailedDefault'), type: 'error' }),
    });
  });

  const text = (field: EditableField, type = 'text') => (
    <Field label={t(`profile.${field}`)} error={translateMessage(errors[field]?.message)}>
      {(control) => <Input {...control} type={type} {...form.register(field)} />}
    </Field>
  );
  const actions = editing ? (
    <div className="row">
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? t('profile.saving') : t('profile.saveChanges')}
      </Button>
      <Button variant="outline" onClick={cancel}>
        {t('common.cancel')}
      </Button>
    </div>
  ) : (
    <Button variant="outline" onClick={() => setEditing(true)}>
      {t('profile.editProfile')}
    </Button>
  );

  const profileTab = editing ? (
    <div className="form">
      {text('username')}
      {text('email', 'email')}
      {text('phoneNumber', 'tel')}
      <Field label={t('profile.country')}>
        {(control) => (
          <Select {...control} {...form.register('country')}>
            <option value="">{t('auth.selectCountry')}</option>
            {COUNTRIES.map((country) => (
              <option key={country.code} value={country.code}>
                {country.flag} {country.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('profile.timezone')}>
        {(control) => (
          <Select {...control} {...form.register('timezone')}>
            <option value="">{t('profile.notSet')}</option>
            {user.timezone && !TIMEZONES.some((z) => z.value === user.timezone) ? <option value={user.timezone}>{user.timezone}</option> : null}
            {TIMEZONES.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label} ({zone.offset})
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  ) : (
    <dl className="readonly-list">
      <ReadOnlyValue label={t('profile.username')} value={user.username} />
      <ReadOnlyValue label={t('profile.email')} value={user.email} />
      <ReadOnlyValue label={t('profile.phoneNumber')} value={user.phoneNumber} />
      <ReadOnlyValue label={t('profile.country')} value={COUNTRIES.find((c) => c.code === user.country)?.name ?? user.country} />
      <ReadOnlyValue label={t('profile.timezone')} value={user.timezone} />
    </dl>
  );

  const gamingTab = editing ? (
    <div className="form">
      {text('psnUsername')}
      {text('activisionId')}
    </div>
  ) : (
    <dl className="readonly-list">
      <ReadOnlyValue label={t('profile.psnUsername')} value={user.psnUsername} />
      <ReadOnlyValue label={t('profile.activisionId')} value={user.activisionId} />
    </dl>
  );

  return (
    <form noValidate onSubmit={save} aria-label={t('profile.title')}>
      <Tabs
        label={t('profile.title')}
        defaultValue={initialTab}
        tabs={[
          { value: 'profile', label: t('profile.tabs.profile'), content: <Card>{profileTab}{actions}</Card> },
          { value: 'gaming', label: t('profile.tabs.gaming'), content: <Card>{gamingTab}{actions}</Card> },
          { value: 'security', label: t('profile.tabs.security'), content: <SecurityPanel user={user} /> },
          { value: 'safer', label: t('tab', { ns: 'safer' }), content: <SaferGamblingPanel />, testId: 'tab-safer' },
        ]}
      />
    </form>
  );
}

function VerificationBadge({ label, ok, okText, notOkText }: { label: string; ok: boolean; okText: string; notOkText: string }) {
  return (
    <li className="row-between verification-row">
      <span>{label}</span>
      <Badge tone={ok ? 'success' : 'warning'}>{ok ? okText : notOkText}</Badge>
    </li>
  );
}

export function SecurityPanel({ user }: { user: User }) {
  const { t } = useTranslation();
  const requestReset = useRequestReset();
  const fullyVerified = Boolean(user.isEmailVerified && user.isPhoneVerified && user.isAgeVerified);
  return (
    <Card title={t('profile.verification')}>
      {fullyVerified ? (
        <Alert tone="success" data-testid="fully-verified">
          <strong>{t('profile.fullyVerified')}</strong> {t('profile.fullyVerifiedText')}
        </Alert>
      ) : null}
      <ul className="verification-list">
        <VerificationBadge label={t('profile.emailVerification')} ok={Boolean(user.isEmailVerified)} okText={t('profile.verified')} notOkText={t('profile.notVerified')} />
        <VerificationBadge label={t('profile.phoneVerification')} ok={Boolean(user.isPhoneVerified)} okText={t('profile.verified')} notOkText={t('profile.notVerified')} />
        <VerificationBadge label={t('profile.psnVerification')} ok={Boolean(user.isPsnVerified)} okText={t('profile.linked')} notOkText={t('profile.notLinked')} />
        <VerificationBadge label={t('profile.ageVerification')} ok={Boolean(user.isAgeVerified)} okText={t('profile.verified')} notOkText={t('profile.notVerified')} />
      </ul>
      {!user.isPhoneVerified ? <PhoneVerification user={user} /> : null}
      <div className="row">
        {!user.isEmailVerified ? (
          <Link className="btn btn-primary" to={paths.verifyEmail.getHref()}>
            {t('profile.verifyEmailNow')}
          </Link>
        ) : null}
        <Button
          variant="outline"
          disabled={requestReset.isPending}
          onClick={() =>
            requestReset.mutate(
              { email: user.email },
              {
                onSuccess: () => toast({ title: t('toasts.resetSent'), description: t('toasts.resetSentText'), type: 'success' }),
                onError: (error) => toast({ title: t('toasts.resetFailed'), description: errorMessage(error), type: 'error' }),
              },
            )
          }
        >
          {t('profile.changePassword')}
        </Button>
      </div>
    </Card>
  );
}
