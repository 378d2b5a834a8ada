import { UserLink } from './user-link';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Card, Spinner } from '../../../components/ui/primitives';
import { toast } from '../../../components/ui/toast';
import { formatDateTime } from '../../bets';
import { errorMessage } from '../../../lib/error-message';
import { adminQueries, useKycDecision, type KycWithdrawal } from '../api/admin-queries';
import { BankWithdrawalsReview } from './bank-withdrawals-review';

/** Crypto withdrawals held for KYC (approve: sent to the provider; reject: cancelled, hold released), then the naira bank withdrawals waiting for a review, a hold's release or an OTP. */
export function KycTab() {
  const { t } = useTranslation();
  const queue = useQuery(adminQueries.kyc());
  const decide = useKycDecision();
  const run = (id: string, decision: 'approve' | 'reject') =>
    decide.mutate(
      { id, decision },
      {
        onSuccess: () => toast({ title: decision === 'approve' ? t('admin.kyc.approved') : t('admin.kyc.rejected'), type: 'success' }),
        onError: (e) => toast({ title: t('common.error'), description: errorMessage(e), type: 'error' }),
      },
    );
  return (
    <div className="stack">
      {queue.data ? <CryptoKyc queue={queue.data} run={run} pending={decide.isPending} /> : <Spinner />}
      <BankWithdrawalsReview />
    </div>
  );
}

function CryptoKyc({ queue, run, pending }: { queue: KycWithdrawal[]; run: (id: string, decision: 'approve' | 'reject') => void; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <Card title={t('admin.kyc.title')}>
      {queue.length === 0 ? (
        <p className="muted">{t('admin.kyc.none')}</p>
      ) : (
        <ul className="list" data-testid="admin-kyc">
          {queue.map((w) => (
            <li key={w.id} className="list-row">
              <span>
                {w.amount} {w.currency} {w.network ? `(${w.network})` : ''} · {w.usdAmount ? `$${w.usdAmount}` : ''}
                <br />
                <span className="muted">
                  {t('admin.kyc.user')} <UserLink userId={w.userId} ids={queue.map((x) => x.userId)} /> · {formatDateTime(w.createdAt)}
                </span>
                {w.reviewReasons && w.reviewReasons.length > 0 ? (
                  <>
                    <br />
                    <span className="text-warning" data-testid="review-reasons">
                      {t('admin.bank.heldBy', { rules: w.reviewReasons.map((reason) => t(`admin.bank.rule.${reason}`)).join('; ') })}
                    </span>
                  </>
                ) : null}
              </span>
              <span className="row">
                <Button size="sm" onClick={() => run(w.id, 'approve')} disabled={pending}>
                  {t('admin.kyc.approve')}
                </Button>
                <Button size="sm" variant="danger" onClick={() => run(w.id, 'reject')} disabled={pending}>
                  {t('admin.kyc.reject')}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
