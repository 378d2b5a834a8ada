/**
 * The pools context as one module: FPL pools (create, join by id or invite code, cancel), entry
 * fees in escrow through the wallet's holds, standings from FPL data (the FPL sandbox embedded
 * outside production), settlement to the winners, and the calendar job. No reactor: every money
 * move is appended with the pool event that causes it.
 */
import type { ContextModule } from '../../runtime/context.js';
import { PoolCalendarJob } from './jobs.js';
import { poolsLive } from './live.js';
import { poolRoutes } from './routes.js';

export const poolsContext: ContextModule = {
  name: 'pools',
  routes: poolRoutes,
  jobs: (deps) => [new PoolCalendarJob(deps)],
  live: poolsLive,
};
