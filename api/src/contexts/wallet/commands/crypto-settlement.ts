import type { Position } from '@wager/domain';
import { cryptoDepositDecider, cryptoDepositStreamId, decideCryptoSettlement, deterministicId, type CryptoDepositEvent, type CryptoDepositState } from '@wager/domain/wallet/index';
import type { AppDeps } from '../../../deps.js';
import { settleDeposit } from './deposit-settlement.js';

/**
 * Records a confirmations report; the report that confirms the deposit (3) credits its USD value
 * to the crypto balance in the same append (domain deposit-settlement.ts). Repeated reports
 * record and credit nothing more.
 */
export function recordCryptoConfirmations(deps: Pick<AppDeps, 'store' | 'clock'>, depositId: string, confirmations: number, txHash: string): Promise<{ state: CryptoDepositState; position: Position | null }> {
  return settleDeposit(deps, {
    streamId: cryptoDepositStreamId(depositId),
    decider: cryptoDepositDecider,
    command: { type: 'RecordConfirmations' as const, data: { confirmations, txHash }, metadata: { now: deps.clock.now(), actor: 'crypto-provider' } },
    depositEventIds: (events: CryptoDepositEvent[]) => events.map((e) => deterministicId('cryptodeposit', depositId, e.type, String((e.data as { confirmations?: number }).confirmations ?? ''))),
    creditId: deterministicId('crypto', depositId, 'credit'),
    ownerOf: (state) => state.created?.userId,
    decide: decideCryptoSettlement,
  });
}
