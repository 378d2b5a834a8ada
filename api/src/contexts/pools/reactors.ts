import type { RecordedEvent } from '@wager/domain';
import type { PoolEvent } from '@wager/domain/pools/index';
import type { AppDeps } from '../../deps.js';
import type { Reactor } from '../../runtime/reactor-runner.js';
import { PoolSagas } from './commands.js';

/**
 * The pools' process manager: after PoolCancelled every entry is refunded (entry + fee); after
 * PoolSettled each winner is paid. Routes and the job do the same inline; this makes it happen
 * even when they died after the pool transition. Deterministic ids: twice moves money once.
 */
export function poolFollowUpsReactor(deps: AppDeps, sagas = new PoolSagas(deps)): Reactor {
  return {
    name: 'pool-follow-ups',
    eventTypes: ['PoolCancelled', 'PoolSettled'],
    async handle(event: RecordedEvent): Promise<void> {
      await sagas.followUps([{ type: event.type, data: event.data } as PoolEvent]);
    },
  };
}
