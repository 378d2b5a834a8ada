import type { AppDeps } from '../deps.js';
import type { Reactor } from './reactor.js';
import { walletCreditsReactor } from './wallet-credits.js';
import { betFollowUpsReactor } from './bet-follow-ups.js';
import { verificationMailReactor } from '../adapters/email/verification-mail-reactor.js';

export * from './reactor.js';

/**
 * Every process manager, built from the app's dependencies. They run in the `project` role
 * (or `both`). Add one line per process manager.
 */
export function allReactors(deps: AppDeps): Reactor[] {
  return [
    walletCreditsReactor(deps),
    betFollowUpsReactor(deps),
    verificationMailReactor(deps),
  ];
}
