import { decidedAt, foldStream, type Position } from '@wager/domain';
import { runCommand, runMultiStreamCommand } from '../../../runtime/command-pipeline.js';
import { cryptoDepositDecider, cryptoDepositStreamId, decideCryptoSettlement, deterministicId, walletDecider, walletStreamId, type CryptoDepositEvent, type CryptoDepositState, type WalletEvent } from '@wager/domain/wallet/index';
import type { AppDeps } from '../../../deps.js';

type Deps = Pick<AppDeps, 'store' | 'clock'>;

/** The credit's id: the same the earlier two-step path gave it, so a log it left half done is finished, never credited twice. */
export const cryptoCreditId = (depositId: string): string => deterministicId('crypto', depositId, 'credit');

/**
 * Records a confirmations report; the report that confirms the deposit (3) credits its USD value
 * to the crypto balance in the same append (domain deposit-settlement.ts). Repeated reports
 * record and credit nothing more.
 */
export async function recordCryptoConfirmations(deps: Deps, depositId: string, confirmations: number, txHash: string): Promise<{ state: CryptoDepositState; position: Position | null }> {
  const command = { type: 'RecordConfirmations' as const, data: { confirmations, txHash }, metadata: { now: deps.clock.now(), actor: 'crypto-provider' } };
  const depositIds = (events: CryptoDepositEvent[]) => events.map((e) => deterministicId('cryptodeposit', depositId, e.type, String((e.data as { confirmations?: number }).confirmations ?? '')));
  // The wallet is the one the deposit was created for: fixed by the deposit's first event.
  const userId = foldStream(cryptoDepositDecider, await deps.store.readStream(cryptoDepositStreamId(depositId), { maxCount: 1 })).created?.userId;
  if (!userId) {
    const recorded = await runCommand(deps, { streamId: cryptoDepositStreamId(depositId), decider: cryptoDepositDecider, command, eventIds: depositIds });
    return { state: recorded.state, position: decidedAt(recorded) };
  }
  const result = await runMultiStreamCommand(deps, {
    parts: {
      deposit: { streamId: cryptoDepositStreamId(depositId), decider: cryptoDepositDecider, eventIds: depositIds },
      wallet: { streamId: walletStreamId(userId), decider: walletDecider, eventIds: (events: WalletEvent[]) => events.map((_, i) => (i === 0 ? cryptoCreditId(depositId) : deterministicId(cryptoCreditId(depositId), String(i)))) },
    },
    decide: (states) => decideCryptoSettlement(command, states),
    metadata: command.metadata,
  });
  return { state: result.states.deposit, position: decidedAt(result) };
}
