import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card, Field, Input, Spinner } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';
import { adminQueries, useTestEmail } from '../api/admin-queries';

/** recharts is loaded with the charts, not with the panel. */
const OverviewCharts = lazy(() => import('./overview-charts'));

function StatCard(props: { label: string; value: string; detail: React.ReactNode; testId: string; onClick?: () => void }) {
  return (
    <div className="card stat-card" data-testid={props.testId} onClick={props.onClick} role={props.onClick ? 'button' : undefined}>
      <span className="stat-label">{props.label}</span>
      <span className="stat-value">{props.value}</span>
      <span className="muted">{props.detail}</span>
    </div>
  );
}

/** The four stat cards (polled every 30 s and refreshed by live bet and user changes) and the email test. */
export function OverviewTab({ onOpenDisputes }: { onOpenDisputes: () => void }) {
  const { t } = useTranslation();
  const stats = useQuery(adminQueries.stats());
  if (!stats.data) return <Spinner />;
  const s = stats.data;
  return (
    <div>
      <div className="stats-grid admin-stats">
        <StatCard testId="admin-stat-users" label={t('admin.stats.totalUsers')} value={String(s.totalUsers)} detail={t('admin.stats.signupsThisWeek', { count: s.recentSignups })} />
        <StatCard testId="admin-stat-bets" label={t('admin.stats.totalBets')} value={String(s.totalBets)} detail={t('admin.stats.activeCount', { count: s.activeBets })} />
        <StatCard testId="admin-stat-growth" label={t('admin.stats.weeklyGrowth')} value={`${s.weeklyGrowth}%`} detail={t('admin.stats.growthHint')} />
        <StatCard
          testId="admin-stat-disputes"
          label={t('admin.stats.disputes')}
          value={String(s.disputedBets)}
          onClick={s.disputedBets > 0 ? onOpenDisputes : undefined}
          detail={s.disputedBets > 0 ? <Badge tone="danger">{t('admin.stats.actionNeeded')}</Badge> : t('admin.stats.allClear')}
        />
      </div>
      <Suspense fallback={<Spinner />}>
        <OverviewCharts />
      </Suspense>
      <TestEmailForm />
    </div>
  );
}

function TestEmailForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useTestEmail();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError(t('admin.email.required'));
    setError(undefined);
    send.mutate(email.trim(), {
      onSuccess: () => toast({ title: t('admin.email.sent'), description: email.trim(), type: 'success' }),
      onError: () => toast({ title: t('common.error'), description: t('admin.email.failed'), type: 'error' }),
    });
  };
  return (
    <Card title={t('admin.email.title')}>
      <form className="row" onSubmit={submit} noValidate data-testid="admin-test-email">
        <Field label={t('admin.email.label')} error={error}>
          {(control) => <Input {...control} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
        </Field>
        <Button type="submit" disabled={send.isPending}>
          {t('admin.email.send')}
        </Button>
      </form>
    </Card>
  );
}
