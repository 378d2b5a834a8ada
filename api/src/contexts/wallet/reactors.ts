import type { AppDeps } from '../../deps.js';
import type { Reactor } from '../../runtime/reactor-runner.js';
import { releaseDepositAuthorization } from './safer-play.js';

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
