import { foldStream } from '@wager/domain';
import { cryptoDepositDecider, cryptoDepositStreamId, paystackDepositDecider, paystackDepositStreamId } from '@wager/domain/wallet/index';
import type { AppDeps } from '../../deps.js';
import type { Reactor } from '../../runtime/reactor-runner.js';
import { creditPaystackDeposit } from './paystack-settlement.js';
import { creditCryptoDeposit } from './crypto-settlement.js';
import { releaseDepositAuthorization } from './safer-play.js';

/**
 * Crash recovery for deposits: a deposit recorded as succeeded (Paystack) or confirmed (crypto)
 * whose wallet credit was never written (the process died between the two steps) is credited
 * here. The credit's id is the same deterministic id the routes use, so when the routes did
 * write it, this stores nothing.
 */
export function walletCreditsReactor(deps: AppDeps): Reactor {
  return {
    name: 'wallet-credits',
    eventTypes: ['PaystackDepositSucceeded', 'CryptoDepositConfirmed'],
    async handle(event) {
      if (event.type === 'PaystackDepositSucceeded') {
        const reference = (event.data as { reference: string }).reference;
        const state = foldStream(paystackDepositDecider, await deps.store.readStream(paystackDepositStreamId(reference)));
        if (state.status === 'success' && state.initialized) await creditPaystackDeposit(deps, state.initialized);
      } else {
        const depositId = (event.data as { depositId: string }).depositId;
        const state = foldStream(cryptoDepositDecider, await deps.store.readStream(cryptoDepositStreamId(depositId)));
        if (state.status === 'confirmed' && state.created) await creditCryptoDeposit(deps, state.created);
      }
    },
  };
}

/**
 * A deposit that can no longer bring money (Paystack failed, abandoned or mismatched; a crypto
 * deposit expired or failed) stops counting against the player's deposit limits. Once per
 * deposit (deterministic id); a deposit credited after all counts again (domain limits.ts).
 */
export function depositLimitReleaseReactor(deps: AppDeps): Reactor {
  return {
    name: 'deposit-limit-release',
    eventTypes: ['PaystackDepositFailed', 'PaystackDepositRejected', 'CryptoDepositExpired', 'CryptoDepositFailed'],
    async handle(event) {
      const { userId, depositId } = event.data as { userId: string; depositId: string };
      await releaseDepositAuthorization(deps, { userId, depositId, reason: event.type });
    },
  };
}
