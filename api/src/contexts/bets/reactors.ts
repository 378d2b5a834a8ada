import type { RecordedEvent } from '@wager/domain';
import type { BetEvent } from '@wager/domain/bets/index';
import type { AppDeps } from '../../deps.js';
import type { Reactor } from '../../runtime/reactor-runner.js';
import { BetSagas } from './commands.js';

/**
 * The one process manager of bets: after BetAccepted the bet's chat exists. The accept route
 * opens it inline for read-your-writes; this opens it when the route's process died after the
 * acceptance. It moves no money (every money move of a bet is in its command's one append), and
 * the chat has a deterministic id, so opening it twice opens it once.
 */
export function betFollowUpsReactor(deps: AppDeps, sagas = new BetSagas(deps)): Reactor {
  return {
    name: 'bet-follow-ups',
    eventTypes: ['BetAccepted'],
    async handle(event: RecordedEvent): Promise<void> {
      await sagas.followUps([{ type: event.type, data: event.data } as BetEvent]);
    },
  };
}
