/**
 * The steps of a bank payout, each idempotent with ids derived from the withdrawal
 * (`bankWithdrawalEventId`): send the transfer, record what Paystack says about it. The request
 * route, the transfer webhooks and the reconciler all go through here, in any order and any
 * number of times: a withdrawal is paid at most once and its hold returned at most once.
 */
import { decidedAt, type Position } from '@wager/domain';
import { foldStream } from '@wager/domain';
import {
  bankWithdrawalEventId,
  bankTransferAttentionEventId,
  bankWithdrawalsOf,
  isBankTransferAttentionEvent,
  isBankWithdrawalEvent,
  isReadyToSend,
  toMinorUnits,
  walletDecider,
  walletStepsDecider,
  walletStreamId,
  type BankTransferAttentionCommand,
  type BankWithdrawalCommand,
  type WalletEvent,
} from '@wager/domain/wallet/index';
import { Money } from '@wager/domain/money/index';
import { runCommand } from '../../../runtime/command-pipeline.js';
import type { AppDeps } from '../../../deps.js';
import { PaystackRefusedError, PaystackUnavailableError, type PaystackClient, type PaystackTransfer } from '../../../adapters/paystack/client.js';

type Deps = Pick<AppDeps, 'store' | 'clock'>;

/** Statuses of a transfer still on its way: it was made, no outcome yet. */
const IN_FLIGHT = new Set(['pending', 'otp', 'received', 'queued', 'processing']);

const eventIds = (events: WalletEvent[]) => events.map((e) => (isBankWithdrawalEvent(e) ? bankWithdrawalEventId(e) : isBankTransferAttentionEvent(e) ? bankTransferAttentionEventId(e) : `${e.type}:unexpected`));

export async function executeBankWithdrawalCommand(deps: Pick<AppDeps, 'store'>, command: BankWithdrawalCommand | BankTransferAttentionCommand, actor: string): Promise<Position | null> {
  const result = await runCommand(deps, { streamId: walletStreamId(command.data.userId), decider: walletDecider, command: { ...command, metadata: { ...command.metadata, actor } }, eventIds });
  return decidedAt(result);
}

/** Several bank withdrawal commands on one wallet, decided in order and appended once (domain wallet/steps.ts). */
export async function executeBankWithdrawalSteps(deps: Pick<AppDeps, 'store'>, userId: string, steps: readonly (BankWithdrawalCommand | BankTransferAttentionCommand)[], now: Date, actor: string): Promise<Position | null> {
  const result = await runCommand(deps, { streamId: walletStreamId(userId), decider: walletStepsDecider, command: { type: 'WalletSteps', data: { userId, steps }, metadata: { now, actor } }, eventIds });
  return decidedAt(result);
}

export interface PayoutTarget {
  readonly withdrawalId: string;
  readonly userId: string;
  readonly reference: string;
  readonly amount: string;
  readonly recipientCode: string;
}

/**
 * Records what Paystack reports for a transfer: made (sent), and if final, its outcome (paid, or
 * the hold returned), decided together and appended once. A transfer Paystack reports at all was
 * made, so a send is recorded with the outcome when missing (the process died between sending
 * and recording); a failure is never recorded as sent without its money going back.
 */
export async function recordTransfer(deps: Deps, target: Pick<PayoutTarget, 'withdrawalId' | 'userId'>, transfer: PaystackTransfer, via: 'webhook' | 'verify'): Promise<Position | null> {
  const now = deps.clock.now();
  const base = { userId: target.userId, withdrawalId: target.withdrawalId };
  const steps: (BankWithdrawalCommand | BankTransferAttentionCommand)[] = [{ type: 'MarkBankWithdrawalSent', data: { ...base, transferCode: transfer.transferCode, providerStatus: transfer.status }, metadata: { now } }];
  if (!IN_FLIGHT.has(transfer.status)) steps.push({ type: 'RecordBankTransferOutcome', data: { ...base, providerStatus: transfer.status, reason: transfer.reason || transfer.status, via }, metadata: { now } });
  return executeBankWithdrawalSteps(deps, target.userId, steps, now, `paystack:${via}`);
}

export type SendResult = { kind: 'not-sendable' } | { kind: 'sent'; position: Position | null } | { kind: 'failed'; error: Error; position: Position | null };

/** Why we did not send: Paystack's balance (GET /balance) is below the transfer. Not a refusal: a top-up heals it. */
export function lowBalanceReason(balanceMinor: string | null, amount: Money, currency: string): string {
  const balance = balanceMinor === null ? 'none' : `${currency} ${new Money(balanceMinor).div(100).toFixed(2)}`;
  return `Paystack balance (${balance}) is below this transfer (${currency} ${amount.toFixed(2)})`;
}

class LowPaystackBalance extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LowPaystackBalance';
  }
}

/**
 * Sends a withdrawal's transfer when the wallet stream says it may go now (requested, not held,
 * past its wait, not backing off, not waiting for a person). `verifyFirst` asks Paystack for the
 * reference before sending: the reconciler always does, since an earlier attempt may have
 * reached Paystack without our record of it. Before a transfer the Paystack balance is checked
 * (the Transfers reference advises it). A send that fails is recorded (BankTransferAttemptFailed)
 * with the reason: Paystack's refusal marks the withdrawal for attention at once; an unanswered
 * call or a low balance is tried again after a backoff, and after BANK_SEND_ATTEMPTS_MAX tries it
 * too waits for a person. The hold stays until a transfer is paid or the money is returned.
 */
export async function sendBankWithdrawal(deps: Deps, client: PaystackClient, target: PayoutTarget, options: { verifyFirst: boolean }): Promise<SendResult> {
  const state = foldStream(walletDecider, await deps.store.readStream(walletStreamId(target.userId)));
  const withdrawal = bankWithdrawalsOf(state)[target.withdrawalId];
  if (!withdrawal || !isReadyToSend(withdrawal, deps.clock.now())) return { kind: 'not-sendable' };
  try {
    if (options.verifyFirst) {
      const existing = await client.verifyTransfer(target.reference);
      if (existing) return { kind: 'sent', position: await recordTransfer(deps, target, existing, 'verify') };
    }
    const amount = new Money(target.amount);
    const balance = await client.balance(withdrawal.currency);
    if (balance === null || new Money(balance.balanceMinor).lt(toMinorUnits(amount))) throw new LowPaystackBalance(lowBalanceReason(balance?.balanceMinor ?? null, amount, withdrawal.currency));
    const transfer = await client.initiateTransfer({ amountMinor: toMinorUnits(amount), recipientCode: target.recipientCode, reference: target.reference, reason: 'Wager winnings withdrawal' });
    return { kind: 'sent', position: await recordTransfer(deps, target, transfer, 'verify') };
  } catch (error) {
    if (!(error instanceof PaystackUnavailableError || error instanceof PaystackRefusedError || error instanceof LowPaystackBalance)) throw error;
    const refused = error instanceof PaystackRefusedError;
    const position = await executeBankWithdrawalCommand(
      deps,
      { type: 'RecordBankTransferAttemptFailed', data: { userId: target.userId, withdrawalId: target.withdrawalId, reason: error.message, refused }, metadata: { now: deps.clock.now() } },
      'paystack:send',
    );
    return { kind: 'failed', error, position };
  }
}
