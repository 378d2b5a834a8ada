import type { Position } from '@wager/domain';
import { decidePaystackSettlement, deterministicId, paystackDepositDecider, paystackDepositStreamId, type PaystackDepositEvent, type PaystackDepositState } from '@wager/domain/wallet/index';
import type { AppDeps } from '../../../deps.js';
import { settleDeposit } from './deposit-settlement.js';

export interface PaystackOutcome {
  readonly status: string;
  readonly amountMinor: string;
  readonly currency: string;
  readonly channel: string;
  readonly gatewayResponse: string;
  readonly via: 'verify' | 'webhook';
}

/**
 * Settles a Paystack deposit: Paystack's outcome recorded on `paystack-<reference>` (success only
 * when amount and currency match what was initialized) and, on success, the wallet credited, as
 * one decision appended once (domain deposit-settlement.ts). Verify and webhook may run in any
 * order, any number of times: credited exactly once, and never an outcome without its credit.
 */
export function settlePaystackDeposit(deps: Pick<AppDeps, 'store' | 'clock'>, reference: string, outcome: PaystackOutcome): Promise<{ state: PaystackDepositState; position: Position | null }> {
  return settleDeposit(deps, {
    streamId: paystackDepositStreamId(reference),
    decider: paystackDepositDecider,
    command: { type: 'RecordPaystackOutcome' as const, data: { ...outcome }, metadata: { now: deps.clock.now(), actor: `paystack:${outcome.via}` } },
    depositEventIds: (events: PaystackDepositEvent[]) => events.map((e) => deterministicId('paystack', reference, e.type)),
    creditId: deterministicId('paystack', reference, 'credit'),
    ownerOf: (state) => state.initialized?.userId,
    decide: decidePaystackSettlement,
  });
}
