import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/index.js';

/**
 * Every context's routes, each an encapsulated Fastify plugin in `routes/<context>/index.ts`.
 * Add one line per context.
 */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
}
