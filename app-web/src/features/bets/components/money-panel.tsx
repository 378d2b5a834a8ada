import { queryOptions, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { verifyHashChain, type ChainCheck } from '@wager/domain/event-store/canonical-json';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button } from '../../../components/ui/primitives';
import { apiRequest } from '../../../lib/api-client';
import type { BetLedger } from '@wager/domain/contracts/bets';
import type { EscrowProof } from '@wager/domain/contracts/wallet';
import { formatMoney } from '../../../lib/money';
import { formatDateTime } from '../../../lib/date-time';

/**
 * A proof of escrow, as GET /api/bets/:betId/ledger and GET /api/fpl/pools/:poolId/ledger both
 * answer it (docs/api/bets.md and docs/api/pools.md "Proof of escrow"): the wallet contract's
 * `escrowProof`, and the bets contract's `betLedger` (with the bet's id).
 */
export type { BetLedger, EscrowProof };

/** Under the bet's details key: a change of the bet's stream, or a movement in the viewer's wallet (a payout, a refund, an appeal correction), refreshes it. */
export const betLedgerQuery = (betId: string) =>
  queryOptions({ queryKey: ['/api/bets', 'details', betId, 'ledger'], queryFn: () => apiRequest<BetLedger>('GET', `/api/bets/${encodeURIComponent(betId)}/ledger`) });

/** What the panel reads: any query answering a proof of escrow (a bet's, a pool's). */
export type EscrowProofQuery<T extends EscrowProof = EscrowProof, K extends QueryKey = QueryKey> = UseQueryOptions<T, Error, T, K>;

/** "+₦1,020.00" / "−₦1,020.00": a posting's amount in money format with its sign. */
export function signedMoney(amount: string, currency: string): string {
  const negative = amount.startsWith('-');
  return `${negative ? '−' : '+'}${formatMoney(negative ? amount.slice(1) : amount, currency)}`;
}

/** sha256 in hex through Web Crypto: the same digest the event store computes with node:crypto. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A posting's account in words: the player by name, the escrow, the platform's fees. */
function accountLabel(account: string, names: Record<string, string>, t: (key: string, options?: Record<string, unknown>) => string): string {
  const [scope, owner, role] = account.split(':');
  const who = (owner && names[owner]) || owner?.slice(0, 8);
  if (scope === 'user' && role === 'receivable') return t('moneyPanel.account.owed', { id: who });
  if (scope === 'user') return (owner && names[owner]) || t('moneyPanel.account.player', { id: who });
  if (scope === 'bet' || scope === 'pool') return t('moneyPanel.account.escrow');
  if (scope === 'platform') return t('moneyPanel.account.fees');
  return role ? `${scope}:${role}` : account;
}

const short = (hash: string | null) => (hash ? `${hash.slice(0, 10)}…` : '—');

/**
 * The Money panel: every ledger posting that moved a bet's or a pool's money, the escrow balance
 * now, and "Verify", which recomputes the owning stream's hash chain here in the browser. `query`
 * reads the proof (`betLedgerQuery`, `poolLedgerQuery`); `kind` picks the words for the postings
 * (a pool's "stake" is an entry).
 */
export function MoneyPanel<T extends EscrowProof, K extends QueryKey>({ query, kind = 'bet' }: { query: EscrowProofQuery<T, K>; kind?: 'bet' | 'pool' }) {
  const { t } = useTranslation();
  const ledger = useQuery(query);
  const [check, setCheck] = useState<ChainCheck | null>(null);
  const [checking, setChecking] = useState(false);
  if (!ledger.data) return null;
  const data = ledger.data;
  const verify = async () => {
    setChecking(true);
    try {
      setCheck(await verifyHashChain(data.chain.events, sha256Hex));
    } finally {
      setChecking(false);
    }
  };
  return (
    <section className="stack" data-testid="money-panel" aria-label={t('moneyPanel.title')}>
      <h3>{t('moneyPanel.title')}</h3>
      <p>
        {t('moneyPanel.escrowNow')}: <strong data-testid="escrow-balance">{formatMoney(data.escrowBalance, data.currency)}</strong>
      </p>
      <ul className="list" data-testid="money-movements">
        {data.movements.map((m) => (
          <li key={m.eventId} className="list-row">
            <span>{t([`moneyPanel.${kind}Event.${m.eventType}`, `moneyPanel.event.${m.eventType}`], { defaultValue: m.eventType })}</span>
            <span className="muted">{formatDateTime(m.recordedAt)}</span>
            <span>
              {m.postings.map((p) => (
                <span key={`${p.account}${p.amount}`} className="posting" data-testid="posting">
                  {accountLabel(p.account, data.names ?? {}, t)} {signedMoney(p.amount, p.currency)}{' '}
                </span>
              ))}
            </span>
            <code className="muted" title={`${m.eventId} ${m.hash ?? ''}`}>
              {short(m.hash)}
            </code>
          </li>
        ))}
      </ul>
      <div className="row">
        <Button variant="outline" size="sm" onClick={() => void verify()} disabled={checking} data-testid="verify-chain">
          {t('moneyPanel.verify')}
        </Button>
        <span className="muted">{t('moneyPanel.chainHead', { hash: short(data.chain.headHash), count: data.chain.events.length })}</span>
      </div>
      {check ? (
        <Alert tone={check.ok ? 'success' : 'danger'} data-testid="verify-result">
          {check.ok ? t('moneyPanel.verified', { count: check.checked }) : t('moneyPanel.broken', { index: (check.brokenAt ?? 0) + 1 })}
          {check.redacted > 0 ? <Badge tone="neutral">{t('moneyPanel.redacted', { count: check.redacted })}</Badge> : null}
        </Alert>
      ) : null}
    </section>
  );
}
