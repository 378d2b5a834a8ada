import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth-routes.js';
import { locationRoutes } from './location-routes.js';
import { userRoutes } from './user-routes.js';


/** The accounts context: sign-up, sign-in, sessions, verification, reset, profile, currency, location. */
export const accountsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(locationRoutes);
};
