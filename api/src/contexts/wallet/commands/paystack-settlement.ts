import { decidedAt, foldStream, type Position } from '@wager/domain';
import { runCommand, runMultiStreamCommand } from '../../../runtime/command-pipeline.js';
import {
  decidePaystackSettlement,
  deterministicId,
  paystackDepositDecider,
  paystackDepositStreamId,
  walletDecider,
  walletStreamId,
  type PaystackDepositEvent,
  type PaystackDepositState,
  type WalletEvent,
} from '@wager/domain/wallet/index';
import type { AppDeps } from '../../../deps.js';

export interface PaystackOutcome {
  readonly status: string;
  readonly amountMinor: string;
  readonly currency: string;
  readonly channel: string;
  readonly gatewayResponse: string;
  readonly via: 'verify' | 'webhook';
}

type Deps = Pick<AppDeps, 'store' | 'clock'>;

/** The credit's id: the same the earlier two-step path gave it, so a log it left half done is finished, never credited twice. */
export const paystackCreditId = (reference: string): string => deterministicId('paystack', reference, 'credit');

/**
 * Settles a Paystack deposit: Paystack's outcome recorded on `paystack-<reference>` (success only
 * when amount and currency match what was initialized) and, on success, the wallet credited, as
 * one decision appended once (domain deposit-settlement.ts). Verify and webhook may run in any
 * order, any number of times: credited exactly once, and never an outcome without its credit.
 */
export async function settlePaystackDeposit(deps: Deps, reference: string, outcome: PaystackOutcome): Promise<{ state: PaystackDepositState; position: Position | null }> {
  const command = { type: 'RecordPaystackOutcome' as const, data: { ...outcome }, metadata: { now: deps.clock.now(), actor: `paystack:${outcome.via}` } };
  const depositIds = (events: PaystackDepositEvent[]) => events.map((e) => deterministicId('paystack', reference, e.type));
  // The wallet is the one the deposit was initialized for: fixed by the deposit's first event.
  const userId = foldStream(paystackDepositDecider, await deps.store.readStream(paystackDepositStreamId(reference), { maxCount: 1 })).initialized?.userId;
  if (!userId) {
    // Not initialized here: the decider refuses it on the deposit's stream alone.
    const recorded = await runCommand(deps, { streamId: paystackDepositStreamId(reference), decider: paystackDepositDecider, command, eventIds: depositIds });
    return { state: recorded.state, position: decidedAt(recorded) };
  }
  const result = await runMultiStreamCommand(deps, {
    parts: {
      deposit: { streamId: paystackDepositStreamId(reference), decider: paystackDepositDecider, eventIds: depositIds },
      wallet: { streamId: walletStreamId(userId), decider: walletDecider, eventIds: (events: WalletEvent[]) => events.map((_, i) => (i === 0 ? paystackCreditId(reference) : deterministicId(paystackCreditId(reference), String(i)))) },
    },
    decide: (states) => decidePaystackSettlement(command, states),
    metadata: command.metadata,
  });
  return { state: result.states.deposit, position: decidedAt(result) };
}
