/**
 * The pools context as one module: FPL pools (create, join by id or invite code, cancel), entry
 * fees in escrow through the wallet's holds, standings from FPL data (the FPL sandbox embedded
 * outside production), settlement to the winners, the calendar job and the reconciler.
 */
import type { ContextModule } from '../../runtime/context.js';
import { PoolCalendarJob } from './jobs.js';
import { poolsLive } from './live.js';
import { poolFollowUpsReactor } from './reactors.js';
import { poolRoutes } from './routes.js';

export const poolsContext: ContextModule = {
  name: 'pools',
  routes: poolRoutes,
  reactors: (deps) => [poolFollowUpsReactor(deps)],
  jobs: (deps) => [new PoolCalendarJob(deps)],
  live: poolsLive,
};
