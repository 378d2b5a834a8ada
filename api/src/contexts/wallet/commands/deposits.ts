/**
 * The deposit streams' commands (`paystack-deposit-<reference>`, `crypto-deposit-<id>`), one
 * function per stream, each with its deterministic event ids (the stream and the event type: a
 * retried request, webhook or job pass stores nothing twice). Routes, webhooks and jobs call
 * these; the settlements that also credit the wallet are in `paystack-settlement.ts` and
 * `crypto-settlement.ts` beside this file.
 */
import { cryptoDepositDecider, cryptoDepositStreamId, deterministicId, paystackDepositDecider, paystackDepositStreamId, type CryptoDepositCommand, type PaystackDepositCommand } from '@wager/domain/wallet/index';
import { runCommand } from '../../../runtime/command-pipeline.js';
import type { AppDeps } from '../../../deps.js';

/** One command on the Paystack deposit of `reference`. */
export function runPaystackDepositCommand(deps: Pick<AppDeps, 'store'>, reference: string, command: PaystackDepositCommand) {
  return runCommand(deps, {
    streamId: paystackDepositStreamId(reference),
    decider: paystackDepositDecider,
    command,
    eventIds: (events) => events.map((e) => deterministicId('paystack', reference, e.type)),
  });
}

/** One command on the crypto deposit `depositId`. */
export function runCryptoDepositCommand(deps: Pick<AppDeps, 'store'>, depositId: string, command: CryptoDepositCommand) {
  return runCommand(deps, {
    streamId: cryptoDepositStreamId(depositId),
    decider: cryptoDepositDecider,
    command,
    eventIds: (events) => events.map((e) => deterministicId('cryptodeposit', depositId, e.type)),
  });
}
