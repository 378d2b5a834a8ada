import type { Position } from '@wager/domain';
import { runCommand } from '../../runtime/command-pipeline.js';
import { cryptoDepositDecider, cryptoDepositStreamId, deterministicId, type CryptoDepositCreatedData, type CryptoDepositState } from '@wager/domain/wallet/index';
import type { AppDeps } from '../../deps.js';
import { executeWalletCommand } from './commands.js';

type Deps = Pick<AppDeps, 'store' | 'clock'>;

/** Credits the USD value of a confirmed crypto deposit to the crypto balance; once (deterministic id). */
export async function creditCryptoDeposit(deps: Deps, created: CryptoDepositCreatedData): Promise<Position | null> {
  const result = await executeWalletCommand(
    deps,
    {
      type: 'CreditCryptoDeposit', data: { userId: created.userId, depositId: created.depositId, cryptocurrency: created.cryptocurrency, network: created.network, cryptoAmount: created.cryptoAmount, rate: created.rate, usdAmount: created.usdAmount }, metadata: { now: deps.clock.now() } },
    deterministicId('crypto', created.depositId, 'credit'),
    'crypto-provider',
  );
  return result.append?.position ?? null;
}

/** Records a confirmations report; at 3 the deposit is confirmed and the wallet credited (both idempotent). */
export async function recordCryptoConfirmations(deps: Deps, depositId: string, confirmations: number, txHash: string): Promise<{ state: CryptoDepositState; position: Position | null }> {
  const recorded = await runCommand(deps, {
    streamId: cryptoDepositStreamId(depositId),
    decider: cryptoDepositDecider,
    command: { type: 'RecordConfirmations', data: { confirmations, txHash }, metadata: { now: deps.clock.now(), actor: 'crypto-provider' } },
    eventIds: (events) => events.map((e) => deterministicId('cryptodeposit', depositId, e.type, String((e.data as { confirmations?: number }).confirmations ?? ''))),
  });
  let position = recorded.append?.position ?? null;
  if (recorded.state.status === 'confirmed' && recorded.state.created) position = (await creditCryptoDeposit(deps, recorded.state.created)) ?? position;
  return { state: recorded.state, position };
}
