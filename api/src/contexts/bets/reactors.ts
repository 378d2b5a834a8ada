import type { RecordedEvent } from '@wager/domain';
import type { BetEvent } from '@wager/domain/bets/index';
import type { AppDeps } from '../../deps.js';
import type { Reactor } from '../../runtime/reactor-runner.js';
import { BetSagas } from './commands.js';

/**
 * The one process manager of bets: after BetAccepted the bet's chat exists. The acceptance's own
 * append opens it (docs/architecture.md, "One command, one transaction"), so this decides nothing
 * for it; it opens the chat of an acceptance recorded before the chat joined that append, whose
 * process died before opening it. It moves no money, and the chat has a deterministic id, so
 * opening it twice opens it once.
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
