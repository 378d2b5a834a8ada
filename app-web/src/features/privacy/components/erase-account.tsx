import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Field, Input } from '../../../components/ui/primitives';
import { errorMessage, formatInstant } from '../../../lib/error-message';
import { useCancelErasure, useErasureStatus, useRequestErasure } from '../api/erasure';

/**
 * "Erase my account" (issue 28), inside the "Your data" card: the player confirms with their
 * password; the request waits its cooling period (a mail confirms it), shows what must happen
 * first (open bets and pools, a balance to withdraw), and can be cancelled until it is carried out.
 */
export function EraseAccount() {
  const { t } = useTranslation('privacy');
  const status = useErasureStatus();
  const request = useRequestErasure();
  const cancel = useCancelErasure();
  const [password, setPassword] = useState('');
  const s = status.data;
  if (!s) return null;
  const balancesLeft = s.balances.filter((b) => Number(b.amount) !== 0);
  return (
    <div data-testid="erase-account">
      <h3>{t('eraseTitle')}</h3>
      {s.effectiveAt ? (
        <>
          <Alert tone="warning" data-testid="erasure-scheduled">
            {t('eraseScheduled', { date: formatInstant(s.effectiveAt) })}
          </Alert>
          {s.openBets > 0 || s.openPools > 0 || balancesLeft.length > 0 ? (
            <ul className="list" data-testid="erasure-blockers">
              {s.openBets > 0 ? <li>{t('blockerBets', { count: s.openBets })}</li> : null}
              {s.openPools > 0 ? <li>{t('blockerPools', { count: s.openPools })}</li> : null}
              {balancesLeft.map((b) => (
                <li key={b.currency}>{t('blockerBalance', { amount: b.amount, currency: b.currency })}</li>
              ))}
            </ul>
          ) : null}
          <Button variant="outline" onClick={() => cancel.mutate()} disabled={cancel.isPending} data-testid="cancel-erasure">
            {t('eraseCancel')}
          </Button>
        </>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            request.mutate(password, { onSuccess: () => setPassword('') });
          }}
        >
          <p className="muted">{t('eraseIntro')}</p>
          <Field label={t('erasePassword')}>
            {(control) => <Input {...control} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} data-testid="erasure-password" />}
          </Field>
          <Button type="submit" variant="danger" disabled={request.isPending || password === ''} data-testid="request-erasure">
            {t('eraseButton')}
          </Button>
        </form>
      )}
      {request.isError || cancel.isError ? (
        <Alert tone="danger" data-testid="erasure-error">
          {errorMessage(request.error ?? cancel.error)}
        </Alert>
      ) : null}
    </div>
  );
}
