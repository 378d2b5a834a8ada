/**
 * The bets context as one module: challenges, marketplace, invitations, results and evidence,
 * settlement, disputes, appeals, the bet's chat and the scheduler.
 */
import type { ContextModule } from '../../runtime/context.js';
import { BetScheduler } from './jobs.js';
import { betsLive } from './live.js';
import { betFollowUpsReactor } from './reactors.js';
import { betRoutes } from './routes.js';
import { betsTrail } from './trail.js';

export { betJson, betView, participants, type BetJson } from './views.js';
export { peopleOf, recordedBet, type RecordedBet } from './recorded.js';
export { EvidenceStore } from './evidence-store.js';
export { betParties, type BetCreation, type BetPartiesAsOf } from './parties.js';

export const betsContext: ContextModule = {
  name: 'bets',
  routes: betRoutes,
  reactors: (deps) => [betFollowUpsReactor(deps)],
  jobs: (deps) => [new BetScheduler(deps)],
  live: betsLive,
  trail: betsTrail,
};
