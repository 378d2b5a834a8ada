import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Spinner } from '../../../components/ui/primitives';
import { ChartFigure, shortDay } from '../../../components/charts/chart-figure';
import { apiRequest } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/money';

export const BALANCE_CHART_DAYS = 30;

/** The key starts with the path, as walletReadKeys() lists it: money moving refetches the chart. */
export const balanceHistoryQuery = (days = BALANCE_CHART_DAYS) =>
  queryOptions({ queryKey: ['/api/wallet/balance-history', days], queryFn: () => apiRequest<{ currency: string; days: { day: string; balance: string }[] }>('GET', `/api/wallet/balance-history?days=${days}`) });

/** A player's available balance at the end of each day (loaded on its own, so recharts is not in the first load). */
export default function BalanceChart() {
  const { t, i18n } = useTranslation('ops');
  const history = useQuery(balanceHistoryQuery());
  if (!history.data) return <Spinner label={t('loading')} />;
  const { currency, days } = history.data;
  const lang = i18n.resolvedLanguage ?? 'en';
  const data = days.map((d) => ({ day: shortDay(d.day, lang), balance: Number(d.balance) }));
  return (
    <ChartFigure
      testId="balance-chart"
      title={t('balanceTitle')}
      summary={t('balanceSummary', { count: days.length, first: formatMoney(days[0]?.balance, currency), last: formatMoney(days[days.length - 1]?.balance, currency) })}
      columns={[t('day'), t('balance')]}
      rows={days.map((d) => [d.day, formatMoney(d.balance, currency)])}
      chart={
        <ResponsiveContainer width="100%" height={160}>
          <AreaChart data={data}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="day" fontSize={11} />
            <YAxis fontSize={11} width={56} />
            <Tooltip formatter={(value) => formatMoney(String(value), currency)} />
            <Area type="stepAfter" dataKey="balance" name={t('balance')} stroke="var(--color-primary, #2563eb)" fill="var(--color-primary-soft, #dbeafe)" isAnimationActive={false} />
          </AreaChart>
        </ResponsiveContainer>
      }
    />
  );
}
