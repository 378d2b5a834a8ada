/**
 * The bets context as one module: challenges, marketplace, invitations, results and evidence,
 * settlement, disputes, the bet's chat, the scheduler and the reconciler.
 */
import type { ContextModule } from '../../runtime/context.js';
import { BetScheduler } from './jobs.js';
import { betsLive } from './live.js';
import { betAppealsReactor, betFollowUpsReactor } from './reactors.js';
import { betRoutes } from './routes.js';
import { betsTrail } from './trail.js';

export { betJson, betView, participants, type BetJson } from './views.js';
export { peopleOf, recordedBet, type RecordedBet } from './recorded.js';
export { SAGA_RECONCILE_AFTER_MS } from './jobs.js';
export { EvidenceStore } from './evidence-store.js';

export const betsContext: ContextModule = {
  name: 'bets',
  routes: betRoutes,
  reactors: (deps) => [betFollowUpsReactor(deps), betAppealsReactor(deps)],
  jobs: (deps) => [new BetScheduler(deps)],
  live: betsLive,
  trail: betsTrail,
};
