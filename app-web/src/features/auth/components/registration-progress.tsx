import { useTranslation } from 'react-i18next';
import type { FieldErrors } from 'react-hook-form';
import { translateMessage } from '../../../lib/i18n';
import { PASSWORD_LENGTH_MIN, USERNAME_LENGTH_MIN, type RegistrationForm } from '../api/schemas';

/** The 12 fields the progress panel tracks (spec section 2), in form order. */
export const PROGRESS_FIELDS = [
  'username',
  'email',
  'password',
  'confirmPassword',
  'phoneNumber',
  'dateOfBirth',
  'country',
  'timezone',
  'preferredCurrency',
  'preferredLanguage',
  'confirmAge',
  'agreeTerms',
] as const;
export type ProgressField = (typeof PROGRESS_FIELDS)[number];
export type FieldProgress = 'complete' | 'incomplete' | 'error';

export function fieldProgress(field: ProgressField, values: Partial<RegistrationForm>, errors: FieldErrors<RegistrationForm>): FieldProgress {
  if (errors[field]) return 'error';
  const value = values[field];
  switch (field) {
    case 'username':
      return String(value ?? '').length >= USERNAME_LENGTH_MIN ? 'complete' : 'incomplete';
    case 'password':
      return String(value ?? '').length >= PASSWORD_LENGTH_MIN ? 'complete' : 'incomplete';
    case 'confirmPassword':
      return value && value === values.password ? 'complete' : 'incomplete';
    case 'confirmAge':
    case 'agreeTerms':
      return value === true ? 'complete' : 'incomplete';
    default:
      return String(value ?? '').trim() ? 'complete' : 'incomplete';
  }
}

const ICON: Record<FieldProgress, string> = { complete: '✓', incomplete: '○', error: '✕' };

export function RegistrationProgress({ values, errors }: { values: Partial<RegistrationForm>; errors: FieldErrors<RegistrationForm> }) {
  const { t } = useTranslation();
  const states = PROGRESS_FIELDS.map((field) => ({ field, state: fieldProgress(field, values, errors) }));
  const percent = Math.round((states.filter((s) => s.state === 'complete').length / PROGRESS_FIELDS.length) * 100);
  return (
    <aside className="card progress-panel" aria-labelledby="registration-progress-title" data-testid="registration-progress">
      <h2 id="registration-progress-title" className="card-title">
        {t('auth.progressTitle')}
      </h2>
      <div
        className="progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('auth.progressTitle')}
      >
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="progress-percent">{t('auth.progressPercent', { percent })}</p>
      <ul className="progress-fields">
        {states.map(({ field, state }) => (
          <li key={field} className={`progress-field progress-${state}`} data-field={field} data-state={state}>
            <span aria-hidden="true">{ICON[state]}</span> {t(`auth.fields.${field}`)}
            <span className="sr-only"> ({t(`auth.fieldStatus.${state}`)})</span>
          </li>
        ))}
      </ul>
      <p className={percent === 100 ? 'text-success' : 'muted'} data-testid="progress-message">
        {percent === 100 ? t('auth.progressReady') : t('auth.progressIncomplete')}
      </p>
    </aside>
  );
}

/** The dismissible summary of every error, with the fields' friendly names. */
export function ErrorSummary({ errors, onDismiss }: { errors: FieldErrors<RegistrationForm>; onDismiss: () => void }) {
  const { t } = useTranslation();
  const entries = Object.entries(errors).filter(([, error]) => error?.message);
  if (entries.length === 0) return null;
  return (
    <div className="alert alert-danger error-summary" role="alert" data-testid="error-summary">
      <div className="row-between">
        <strong>{t('auth.errorSummaryTitle')}</strong>
        <button type="button" className="link-button" onClick={onDismiss} aria-label={t('auth.dismiss')}>
          ×
        </button>
      </div>
      <ul>
        {entries.map(([field, error]) => (
          <li key={field}>
            <strong>{t(`auth.fields.${field}`, { defaultValue: field })}:</strong> {translateMessage(String(error?.message ?? ''))}
          </li>
        ))}
      </ul>
      <p>{t('auth.errorSummaryHint')}</p>
    </div>
  );
}
