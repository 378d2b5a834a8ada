import type { Position } from '@wager/domain';
import { runCommand } from '../../runtime/command-pipeline.js';
import { deterministicId, paystackDepositDecider, paystackDepositStreamId, type PaystackDepositInitializedData, type PaystackDepositState } from '@wager/domain/wallet/index';
import type { AppDeps } from '../../deps.js';
import { executeWalletCommand } from './commands.js';

export interface PaystackOutcome {
  readonly status: string;
  readonly amountMinor: string;
  readonly currency: string;
  readonly channel: string;
  readonly gatewayResponse: string;
  readonly via: 'verify' | 'webhook';
}

type Deps = Pick<AppDeps, 'store' | 'clock'>;

/** Step 2: credit the wallet for a succeeded deposit. Deterministic id: once, whoever calls. */
export async function creditPaystackDeposit(deps: Deps, init: PaystackDepositInitializedData): Promise<Position | null> {
  const credit = await executeWalletCommand(
    deps,
    { type: 'CreditDeposit', data: { userId: init.userId, depositId: init.depositId, provider: 'paystack', reference: init.reference, amount: init.amount, currency: init.currency }, metadata: { now: deps.clock.now() } },
    deterministicId('paystack', init.reference, 'credit'),
    'paystack',
  );
  return credit.append?.position ?? null;
}

/**
 * Settles a Paystack deposit in two idempotent steps with ids derived from the reference:
 * (1) record the outcome in `paystack-<reference>` (success only when amount and currency match
 * what was initialized); (2) if that stream says success, credit the wallet. Verify, webhook and
 * the crash-recovery reactor may run in any order, any number of times: credited exactly once.
 */
export async function settlePaystackDeposit(deps: Deps, reference: string, outcome: PaystackOutcome): Promise<{ state: PaystackDepositState; position: Position | null }> {
  const recorded = await runCommand(deps, {
    streamId: paystackDepositStreamId(reference),
    decider: paystackDepositDecider,
    command: { type: 'RecordPaystackOutcome', data: { ...outcome }, metadata: { now: deps.clock.now(), actor: `paystack:${outcome.via}` } },
    eventIds: (events) => events.map((e) => deterministicId('paystack', reference, e.type)),
  });
  let position = recorded.append?.position ?? null;
  if (recorded.state.status === 'success' && recorded.state.initialized) {
    position = (await creditPaystackDeposit(deps, recorded.state.initialized)) ?? position;
  }
  return { state: recorded.state, position };
}
