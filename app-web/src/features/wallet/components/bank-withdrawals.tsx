import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/primitives';
import { formatMoney } from '../../../lib/money';
import { formatDateTime } from '../../../lib/date-time';
import { bankPayoutQueries, type BankWithdrawal } from '../api/bank-payouts';

const TONE = { requested: 'warning', sent: 'info', paid: 'success', returned: 'danger' } as const;

function time(value: string | null): string {
  return value ? formatDateTime(value) : '';
}

export function useBankWithdrawals() {
  return useQuery(bankPayoutQueries.withdrawals());
}

/** requested → sent → paid (or returned), each step with its time; updated live by the wallet stream. */
function Steps({ w }: { w: BankWithdrawal }) {
  const { t } = useTranslation();
  const steps: [string, string | null][] = [
    ['requested', w.requestedAt],
    ['sent', w.sentAt],
    [w.status === 'returned' ? 'returned' : 'paid', w.status === 'returned' ? w.returnedAt : w.paidAt],
  ];
  return (
    <ol className="steps" aria-label={t('bankPayout.progress')}>
      {steps.map(([step, at]) => (
        <li key={step} className={at ? 'step-done' : 'step-todo'}>
          {t(`bankPayout.status.${step}`)} {at ? <span className="muted">{time(at)}</span> : null}
        </li>
      ))}
    </ol>
  );
}

export function BankWithdrawalHistory() {
  const { t } = useTranslation();
  const rows = useBankWithdrawals().data ?? [];
  if (rows.length === 0) return null;
  return (
    <ul className="list" data-testid="bank-withdrawals">
      {rows.map((w) => (
        <li key={w.id} className="list-row" data-testid="bank-withdrawal" data-status={w.status}>
          <span>{formatMoney(w.amount, w.currency)}</span>
          <span className="muted">
            {w.bankName} {w.accountNumber}
          </span>
          <Badge tone={TONE[w.status]} data-testid="bank-withdrawal-status">
            {t(`bankPayout.status.${w.status}`)}
          </Badge>
          {w.waiting ? <span className="text-warning">{t(`bankPayout.waiting.${w.waiting}`, { time: formatDateTime(w.notBefore) })}</span> : null}
          <Steps w={w} />
        </li>
      ))}
    </ul>
  );
}

/**
 * "Usually paid in N minutes": the median of the latest automatic payouts only (no person in the
 * loop), and says so; below the server's minimum sample it says no figure is given yet.
 */
export function PayoutTimeNote() {
  const { t } = useTranslation();
  const data = useQuery(bankPayoutQueries.payoutTime()).data;
  if (!data) return null;
  return (
    <p className="muted" data-testid="payout-time">
      {data.medianMinutes === null ? t('bankPayout.usuallyPaidUnknown', { count: data.sampleMin }) : t('bankPayout.usuallyPaid', { count: data.medianMinutes, sample: data.sample })}
    </p>
  );
}
