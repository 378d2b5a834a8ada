import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth-routes.js';
import { locationRoutes } from './location-routes.js';
import { phoneRoutes } from './phone-routes.js';
import { termiiSandbox } from '../../sandbox/termii/index.js';
import { userRoutes } from './user-routes.js';


/** The accounts context: sign-up, sign-in, sessions, verification (email and phone), reset, profile, currency, location. */
export const accountsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(locationRoutes);
  await app.register(phoneRoutes);
  // The SMS provider's stand-in (Termii's API), outside production.
  if (app.deps.config.NODE_ENV !== 'production') await app.register(termiiSandbox, { prefix: '/sandbox/termii' });
};
