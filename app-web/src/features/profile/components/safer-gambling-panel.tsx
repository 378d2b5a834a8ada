import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Field, Input, Select, Spinner } from '../../../components/ui/primitives';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { errorMessage, formatInstant } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/money';
import {
  EXCLUSION_PERIODS,
  LIMIT_KINDS,
  REALITY_CHECK_CHOICES,
  exclusionEndFrom,
  useSaferPlayLimits,
  useSetLimits,
  useSetRealityCheck,
  useStartSelfExclusion,
  type ExclusionPeriod,
  type LimitKind,
  type SaferPlayLimits,
} from '../api/safer-play';
import { SaferPlayBanner } from './safer-play-banner';

/** Only the limits the player changed are sent; an emptied field removes the limit (a raise). */
function changedLimits(drafts: Partial<Record<LimitKind, string>>, limits: SaferPlayLimits): Partial<Record<LimitKind, string | null>> {
  const changes: Partial<Record<LimitKind, string | null>> = {};
  for (const kind of LIMIT_KINDS) {
    const draft = drafts[kind];
    if (draft === undefined) continue;
    const value = draft.trim() === '' ? null : draft.trim();
    if (value !== limits[kind].limit) changes[kind] = value;
  }
  return changes;
}

function LimitsCard({ limits }: { limits: SaferPlayLimits }) {
  const { t } = useTranslation('safer');
  const [drafts, setDrafts] = useState<Partial<Record<LimitKind, string>>>({});
  const save = useSetLimits();
  const money = (amount: string | null) => (amount === null ? t('noLimit') : formatMoney(amount, limits.currency));
  const submit = () => {
    const changes = changedLimits(drafts, limits);
    if (Object.keys(changes).length === 0) return;
    save.mutate(changes, {
      onSuccess: () => {
        setDrafts({});
        toast({ title: t('limitsSaved'), description: t('limitsSavedText'), type: 'success' });
      },
      onError: (error) => toast({ title: t('saveFailed'), description: errorMessage(error), type: 'error' }),
    });
  };
  // The tab sits inside the profile form: Enter saves the limits instead of submitting the profile.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    }
  };
  return (
    <Card title={t('limitsTitle')} data-testid="safer-limits">
      <p className="muted">{t('intro')}</p>
      <div className="form" onKeyDown={onKeyDown}>
        {LIMIT_KINDS.map((kind) => {
          const l = limits[kind];
          return (
            <div key={kind} className="stack" data-testid={`limit-${kind}`}>
              <Field label={t(kind)}>
                {(control) => (
                  <Input
                    {...control}
                    inputMode="decimal"
                    placeholder={t('placeholder')}
                    value={drafts[kind] ?? l.limit ?? ''}
                    onChange={(event) => setDrafts((d) => ({ ...d, [kind]: event.target.value }))}
                  />
                )}
              </Field>
              <p className="muted small">
                {t('inForce', { amount: money(l.limit) })}
                {l.remaining !== null ? ` · ${t(`remaining_${kind}`, { amount: money(l.remaining) })}` : ''}
              </p>
              {l.pending ? (
                <Alert tone="info" data-testid={`pending-${kind}`}>
                  {t('pending', { amount: money(l.pending.limit), time: formatInstant(l.pending.effectiveAt) })}
                </Alert>
              ) : null}
            </div>
          );
        })}
      </div>
      {save.isError ? <Alert tone="danger">{errorMessage(save.error)}</Alert> : null}
      <Button onClick={submit} disabled={save.isPending} data-testid="save-limits">
        {save.isPending ? t('saving') : t('saveLimits')}
      </Button>
    </Card>
  );
}

function ExclusionCard({ limits }: { limits: SaferPlayLimits }) {
  const { t } = useTranslation('safer');
  const [period, setPeriod] = useState<ExclusionPeriod>('24h');
  const [confirming, setConfirming] = useState(false);
  const start = useStartSelfExclusion();
  const until = formatInstant(exclusionEndFrom(new Date(), period).toISOString());
  const confirm = () =>
    start.mutate(period, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: t('exclusionStarted'), type: 'success' });
      },
      onError: (error) => {
        setConfirming(false);
        toast({ title: t('saveFailed'), description: errorMessage(error), type: 'error' });
      },
    });
  return (
    <Card title={t('exclusionTitle')} data-testid="safer-exclusion">
      <p className="muted">{t('exclusionText')}</p>
      {limits.exclusion ? <SaferPlayBanner selfExcludedUntil={limits.selfExcludedUntil} coolOffUntil={limits.coolOffUntil} /> : null}
      <Field label={t('period')}>
        {(control) => (
          <Select {...control} value={period} onChange={(event) => setPeriod(event.target.value as ExclusionPeriod)} data-testid="exclusion-period">
            {EXCLUSION_PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`period_${p}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Button variant="danger" onClick={() => setConfirming(true)} data-testid="start-exclusion">
        {t('startExclusion')}
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming} title={t('confirmTitle')} testId="exclusion-confirm">
        <p>{t('confirmText', { period: t(`period_${period}`), until })}</p>
        <div className="row">
          <Button variant="danger" onClick={confirm} disabled={start.isPending} data-testid="confirm-exclusion">
            {t('confirm')}
          </Button>
          <Button variant="outline" onClick={() => setConfirming(false)}>
            {t('cancel', { ns: 'translation', defaultValue: 'Cancel' })}
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}

function RealityCheckCard({ limits }: { limits: SaferPlayLimits }) {
  const { t } = useTranslation('safer');
  const set = useSetRealityCheck();
  const change = (value: string) =>
    set.mutate(value === '' ? null : Number(value), {
      onSuccess: () => toast({ title: t('realitySaved'), type: 'success' }),
      onError: (error) => toast({ title: t('saveFailed'), description: errorMessage(error), type: 'error' }),
    });
  return (
    <Card title={t('realityTitle')} data-testid="safer-reality">
      <p className="muted">{t('realityText')}</p>
      <Field label={t('realityInterval')}>
        {(control) => (
          <Select {...control} value={limits.realityCheckMinutes ?? ''} onChange={(event) => change(event.target.value)} disabled={set.isPending} data-testid="reality-interval">
            <option value="">{t('realityOff')}</option>
            {REALITY_CHECK_CHOICES.map((m) => (
              <option key={m} value={m}>
                {t('minutes', { count: m })}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </Card>
  );
}

/** The "Safer gambling" tab of the profile settings: limits, a break, the reality check. */
export function SaferGamblingPanel() {
  const { t } = useTranslation('safer');
  const { data: limits, error } = useSaferPlayLimits();
  if (error) return <Alert tone="danger">{errorMessage(error)}</Alert>;
  if (!limits) return <Spinner />;
  return (
    <div className="stack" data-testid="safer-gambling">
      <LimitsCard limits={limits} />
      <ExclusionCard limits={limits} />
      <RealityCheckCard limits={limits} />
      <Link to={paths.responsibleGaming.getHref()}>{t('learnMore')}</Link>
    </div>
  );
}
