import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, Spinner } from '../../../components/ui/primitives';
import { ChartFigure, shortDay } from '../../../components/charts/chart-figure';
import { formatMoney } from '../../../lib/money';
import { operationsQueries, CHART_DAYS } from '../api/operations-queries';

const HEIGHT = 200;

/**
 * The admin overview's charts (loaded on their own, so recharts is not in the first load):
 * stakes and fees, active players, disputes opened and resolved with the open ones' ages, and
 * payout time (median and 95th percentile) per day.
 */
export default function OverviewCharts() {
  const { t, i18n } = useTranslation('ops');
  const charts = useQuery(operationsQueries.charts(CHART_DAYS));
  if (!charts.data) return <Spinner label={t('loading')} />;
  const c = charts.data;
  const lang = i18n.resolvedLanguage ?? 'en';
  const money = c.money.map((d) => ({ day: shortDay(d.day, lang), staked: Number(d.staked), fees: Number(d.fees), players: d.activePlayers, raw: d }));
  const disputes = c.disputes.map((d) => ({ ...d, day: shortDay(d.day, lang) }));
  const payouts = c.payoutTimes.map((d) => ({ ...d, day: shortDay(d.day, lang) }));
  const latest = <T,>(rows: T[]) => rows[rows.length - 1]!;
  return (
    <Card title={t('chartsTitle', { count: c.days })} data-testid="admin-charts">
      <div className="charts-grid">
        <ChartFigure
          testId="chart-stakes"
          title={t('chartStakes')}
          summary={t('chartSummary', { title: t('chartStakes'), count: c.days, latest: `${formatMoney(latest(c.money).staked, c.currency)} / ${formatMoney(latest(c.money).fees, c.currency)}` })}
          columns={[t('day'), t('staked'), t('fees')]}
          rows={c.money.map((d) => [d.day, formatMoney(d.staked, c.currency), formatMoney(d.fees, c.currency)])}
          chart={
            <ResponsiveContainer width="100%" height={HEIGHT}>
              <BarChart data={money}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" fontSize={11} />
                <YAxis fontSize={11} width={48} />
                <Tooltip />
                <Legend />
                <Bar dataKey="staked" name={t('staked')} fill="var(--color-primary, #2563eb)" isAnimationActive={false} />
                <Bar dataKey="fees" name={t('fees')} fill="var(--color-warning, #d97706)" stroke="#000" strokeDasharray="2 2" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          }
        />
        <ChartFigure
          testId="chart-players"
          title={t('chartPlayers')}
          summary={t('chartSummary', { title: t('chartPlayers'), count: c.days, latest: latest(c.money).activePlayers })}
          columns={[t('day'), t('activePlayers')]}
          rows={c.money.map((d) => [d.day, d.activePlayers])}
          chart={
            <ResponsiveContainer width="100%" height={HEIGHT}>
              <LineChart data={money}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" fontSize={11} />
                <YAxis allowDecimals={false} fontSize={11} width={32} />
                <Tooltip />
                <Legend />
                <Line type="monotone" dataKey="players" name={t('activePlayers')} stroke="var(--color-primary, #2563eb)" dot isAnimationActive={false} />
              </LineChart>
            </ResponsiveContainer>
          }
        />
        <ChartFigure
          testId="chart-disputes"
          title={t('chartDisputes')}
          summary={t('chartSummary', { title: t('chartDisputes'), count: c.days, latest: `${latest(c.disputes).opened} / ${latest(c.disputes).resolved}` })}
          columns={[t('day'), t('opened'), t('resolved'), t('meanHours')]}
          rows={c.disputes.map((d) => [d.day, d.opened, d.resolved, d.meanHoursToResolve ?? '—'])}
          chart={
            <ResponsiveContainer width="100%" height={HEIGHT}>
              <BarChart data={disputes}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" fontSize={11} />
                <YAxis allowDecimals={false} fontSize={11} width={32} />
                <Tooltip />
                <Legend />
                <Bar dataKey="opened" name={t('opened')} fill="var(--color-danger, #dc2626)" isAnimationActive={false} />
                <Bar dataKey="resolved" name={t('resolved')} fill="var(--color-success, #16a34a)" stroke="#000" strokeDasharray="2 2" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          }
        />
        <div className="chart-figure" data-testid="open-dispute-ages">
          <strong>{t('openDisputes')}</strong>
          {c.openDisputes.length === 0 ? (
            <p className="muted">{t('noOpenDisputes')}</p>
          ) : (
            <ul>
              {c.openDisputes.map((d) => (
                <li key={d.betId}>{t('openDisputeAge', { id: d.betId.slice(0, 8), hours: d.hours })}</li>
              ))}
            </ul>
          )}
        </div>
        <ChartFigure
          testId="chart-payout-time"
          title={t('chartPayout')}
          summary={t('chartSummary', { title: t('chartPayout'), count: c.days, latest: `${latest(c.payoutTimes).medianMinutes ?? '—'} / ${latest(c.payoutTimes).p95Minutes ?? '—'}` })}
          columns={[t('day'), t('median'), t('p95')]}
          rows={c.payoutTimes.map((d) => [d.day, d.medianMinutes ?? '—', d.p95Minutes ?? '—'])}
          chart={
            <ResponsiveContainer width="100%" height={HEIGHT}>
              <LineChart data={payouts}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" fontSize={11} />
                <YAxis fontSize={11} width={40} />
                <Tooltip />
                <Legend />
                <Line type="monotone" dataKey="medianMinutes" name={t('median')} stroke="var(--color-primary, #2563eb)" dot connectNulls isAnimationActive={false} />
                <Line type="monotone" dataKey="p95Minutes" name={t('p95')} stroke="var(--color-danger, #dc2626)" strokeDasharray="6 3" dot={{ r: 3, strokeWidth: 2 }} connectNulls isAnimationActive={false} />
              </LineChart>
            </ResponsiveContainer>
          }
        />
      </div>
    </Card>
  );
}
