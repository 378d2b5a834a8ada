import type { RecordedEvent } from '@wager/domain';
import type { BetEvent } from '@wager/domain/bets/index';
import type { AppDeps } from '../../deps.js';
import type { Reactor } from '../../runtime/reactor-runner.js';
import { BetSagas } from './commands.js';

/**
 * The settlement process manager: after BetSettled the winner's wallet is credited 2 × stake;
 * after BetCancelled / BetExpired / BetVoided each paid-in player gets stake + fee back; after
 * BetAccepted the bet's chat exists. Routes do the same steps inline for read-your-writes; this
 * makes them happen even when the route's process died after the bet transition. Every step has
 * a deterministic id and an idempotent wallet command, so doing it twice moves money once.
 */
export function betFollowUpsReactor(deps: AppDeps, sagas = new BetSagas(deps)): Reactor {
  return {
    name: 'bet-follow-ups',
    eventTypes: ['BetAccepted', 'BetCancelled', 'BetExpired', 'BetVoided', 'BetSettled'],
    async handle(event: RecordedEvent): Promise<void> {
      await sagas.followUps([{ type: event.type, data: event.data } as BetEvent]);
    },
  };
}

/**
 * The appeals process manager: after AppealDecided (an overturn) the compensating wallet and fee
 * steps run in their order. The decide route runs them inline; this finishes them when that
 * process died half-way. Every step is idempotent (deterministic ids, one correction per (bet,
 * player), one fee adjustment per bet).
 */
export function betAppealsReactor(deps: AppDeps, sagas = new BetSagas(deps)): Reactor {
  return {
    name: 'bet-appeals',
    eventTypes: ['AppealDecided'],
    async handle(event: RecordedEvent): Promise<void> {
      await sagas.appealFollowUps([{ type: event.type, data: event.data } as BetEvent]);
    },
  };
}
