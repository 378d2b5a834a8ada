import fp from 'fastify-plugin';
import type { AppDeps } from '../deps.js';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/** Decorates the app with its dependencies (event store, database, bus, clock, ids, projections). */
export const depsPlugin = fp<{ deps: AppDeps }>(
  async (app, { deps }) => {
    app.decorate('deps', deps);
  },
  { name: 'deps' },
);
