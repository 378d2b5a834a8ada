import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/index.js';
import { wsRoutes } from './ws/index.js';
import { accountsRoutes } from './accounts/index.js';
import { devRoutes } from './dev/index.js';
import { walletRoutes } from './wallet/index.js';
import { betRoutes } from './bets/index.js';

/**
 * Every context's routes, each an encapsulated Fastify plugin in `routes/<context>/index.ts`.
 * Add one line per context.
 */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(walletRoutes);
  await app.register(betRoutes);
  await app.register(wsRoutes);
  await app.register(accountsRoutes);
  await app.register(devRoutes);
}
