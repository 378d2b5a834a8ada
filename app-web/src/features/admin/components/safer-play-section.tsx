import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../bets';
import { formatMoney } from '../../../lib/money';
import type { AdminSaferPlay, SaferLimitKind, SaferPlayHistoryEntry } from '../api/admin-queries';

const LIMITS: SaferLimitKind[] = ['depositDaily', 'depositWeekly', 'depositMonthly', 'stakeDaily'];

/**
 * The player's safer gambling in the admin's user view (issue 15): each limit in force and any
 * pending raise with its time, the cool-off or self-exclusion and its end, the reality check, and
 * every change with who made it and when (newest first).
 */
export function SaferPlaySection({ saferPlay, userId }: { saferPlay: AdminSaferPlay; userId: string }) {
  const { t } = useTranslation('safer');
  const amount = (value: string | null | undefined) => (value == null ? t('noLimit') : formatMoney(value, saferPlay.currency));
  const minutes = (value: number | null | undefined) => (value == null ? t('realityOff') : t('minutes', { count: value }));
  const exclusion = saferPlay.exclusion;
  return (
    <section className="stack" data-testid="admin-user-safer-play">
      <h3>{t('admin.title')}</h3>
      <table className="admin-table">
        <thead>
          <tr>
            <th>{t('admin.limit')}</th>
            <th>{t('admin.inForce')}</th>
            <th>{t('admin.pending')}</th>
          </tr>
        </thead>
        <tbody>
          {LIMITS.map((kind) => {
            const limit = saferPlay[kind];
            return (
              <tr key={kind} data-testid={`admin-safer-${kind}`}>
                <td>{t(kind)}</td>
                <td>{amount(limit.limit)}</td>
                <td>{limit.pending ? t('admin.pendingAt', { amount: amount(limit.pending.limit), time: formatDateTime(limit.pending.effectiveAt) }) : t('admin.none')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p data-testid="admin-safer-exclusion">
        {exclusion
          ? t(exclusion.kind === 'cool_off' ? 'admin.coolOffUntil' : 'admin.selfExcludedUntil', { period: t(`period_${exclusion.period}`), until: formatDateTime(exclusion.until) })
          : t('admin.noExclusion')}
      </p>
      <p data-testid="admin-safer-reality">{t('admin.realityCheck', { value: minutes(saferPlay.realityCheckMinutes) })}</p>
      <h4>{t('admin.history')}</h4>
      {saferPlay.history.length === 0 ? (
        <p className="muted">{t('admin.noHistory')}</p>
      ) : (
        <ul className="list" data-testid="admin-safer-history">
          {[...saferPlay.history].reverse().map((entry, i) => (
            <li key={`${entry.at}-${i}`} className="list-row">
              <span>{describe(entry, t, amount, minutes)}</span>
              <span className="muted">{t('admin.byActor', { name: entry.actor === userId ? t('admin.thePlayer') : (entry.actor ?? '—'), at: formatDateTime(entry.at) })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function describe(entry: SaferPlayHistoryEntry, t: (key: string, options?: Record<string, unknown>) => string, amount: (v: string | null | undefined) => string, minutes: (v: number | null | undefined) => string): string {
  switch (entry.type) {
    case 'SpendingLimitChanged': {
      const values = { limit: entry.limit ? t(entry.limit) : '', value: amount(entry.value), previous: amount(entry.previous) };
      return entry.status === 'pending' ? t('admin.limitPending', { ...values, time: formatDateTime(entry.effectiveAt) }) : t('admin.limitApplied', values);
    }
    case 'SelfExclusionStarted':
      return t('admin.exclusion', { period: t(`period_${entry.period}`), until: formatDateTime(entry.until) });
    case 'RealityCheckSet':
      return t('admin.reality', { value: minutes(entry.intervalMinutes) });
  }
}
