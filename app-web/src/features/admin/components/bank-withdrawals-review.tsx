import { UserLink } from './user-link';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Input, Spinner } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';
import { formatDateTime } from '../../bets';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/money';
import { adminQueries, useBankWithdrawalAction, type BankWithdrawalReview } from '../api/admin-queries';

const OTP_PATTERN = /^\d{4,8}$/;

/**
 * Naira bank withdrawals waiting for a person: a KYC review or an admin hold (Hold with a reason,
 * Release with a reason: both are kept on the withdrawal's events), and transfers Paystack holds
 * until the OTP it sent is entered. The list sits under the admin root, so a `wallet-…` change
 * heard on /ws refreshes it.
 */
export function BankWithdrawalsReview() {
  const { t } = useTranslation();
  const queue = useQuery(adminQueries.bankWithdrawals());
  return (
    <Card title={t('admin.bank.title')}>
      {!queue.data ? (
        <Spinner />
      ) : queue.data.length === 0 ? (
        <p className="muted">{t('admin.bank.none')}</p>
      ) : (
        <ul className="list" data-testid="admin-bank-withdrawals">
          {queue.data.map((w) => (
            <BankWithdrawalRow key={w.id} withdrawal={w} userIds={queue.data.map((x) => x.userId)} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function BankWithdrawalRow({ withdrawal: w, userIds }: { withdrawal: BankWithdrawalReview; userIds: readonly string[] }) {
  const { t } = useTranslation();
  const act = useBankWithdrawalAction();
  const [reason, setReason] = useState('');
  const [otp, setOtp] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fail = (e: unknown) => toast({ title: t('common.error'), description: errorMessage(e), type: 'error' });
  const review = (action: 'hold' | 'release') => {
    if (!reason.trim()) return setProblem(t('admin.bank.reasonRequired'));
    setProblem(null);
    act.mutate({ id: w.id, action, reason: reason.trim() }, { onSuccess: () => toast({ title: t(action === 'hold' ? 'admin.bank.held' : 'admin.bank.released'), description: formatMoney(w.amount, w.currency), type: 'success' }), onError: fail });
  };
  const sendOtp = () => {
    if (!OTP_PATTERN.test(otp.trim())) return setProblem(t('admin.bank.otpInvalid'));
    setProblem(null);
    act.mutate({ id: w.id, action: 'otp', otp: otp.trim() }, { onSuccess: () => toast({ title: t('admin.bank.otpSent'), description: formatMoney(w.amount, w.currency), type: 'success' }), onError: fail });
  };
  const state = w.awaitingOtp ? t('admin.bank.waiting_otp') : w.waiting ? t(`admin.bank.waiting_${w.waiting}`, { reason: w.holdReason ?? '' }) : '';
  return (
    <li className="list-row" data-testid={`admin-bank-withdrawal-${w.id}`}>
      <span>
        <strong>{formatMoney(w.amount, w.currency)}</strong> · {t('admin.bank.to', { bank: w.bankName, account: w.accountNumber, name: w.accountName })}
        <br />
        <span className="muted">
          {state} · {t('admin.bank.user')} <UserLink userId={w.userId} ids={userIds} /> · {w.reference} · {formatDateTime(w.requestedAt)}
        </span>
        {w.reviewReasons.length > 0 ? (
          <>
            <br />
            <span className="text-warning" data-testid="review-reasons">
              {t('admin.bank.heldBy', { rules: w.reviewReasons.map((reason) => t(`admin.bank.rule.${reason}`)).join('; ') })}
            </span>
          </>
        ) : null}
        {problem ? (
          <span className="field-error" role="alert">
            <br />
            {problem}
          </span>
        ) : null}
      </span>
      {w.awaitingOtp ? (
        <span className="row">
          <Input aria-label={t('admin.bank.otp')} placeholder={t('admin.bank.otpPlaceholder')} inputMode="numeric" maxLength={8} value={otp} onChange={(e) => setOtp(e.target.value)} />
          <Button size="sm" onClick={sendOtp} disabled={act.isPending}>
            {t('admin.bank.sendOtp')}
          </Button>
        </span>
      ) : (
        <span className="row">
          <Input aria-label={t('admin.bank.reason')} placeholder={t('admin.bank.reasonPlaceholder')} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
          {w.waiting === 'admin_hold' ? null : (
            <Button size="sm" variant="danger" onClick={() => review('hold')} disabled={act.isPending}>
              {t('admin.bank.hold')}
            </Button>
          )}
          <Button size="sm" onClick={() => review('release')} disabled={act.isPending}>
            {t('admin.bank.release')}
          </Button>
        </span>
      )}
    </li>
  );
}
