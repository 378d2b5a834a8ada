import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as contract from '@wager/domain/contracts/accounts';
import { UnauthorizedError } from '@wager/domain';
import { runUserCommand } from './commands.js';
import { clientIp, userIdOf } from './http.js';
import { detectLocation } from './location.js';
import { UNAUTHENTICATED_RESPONSES, errorSchema } from './schemas.js';
import { loadUserJson } from './user-json.js';

export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clock } = app.deps;

  app.post(
    '/api/location/detect',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: "Detect the caller's country from its IP (Accept-Language region as fallback)",
        security: [{ bearer: [] }],
        response: { 200: contract.detectedLocation, ...UNAUTHENTICATED_RESPONSES },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const ip = clientIp(request);
      const acceptLanguage = request.headers['accept-language'];
      const { location, source } = await detectLocation(ip, typeof acceptLanguage === 'string' ? acceptLanguage : undefined);
      await runUserCommand(app.deps, userId, { type: 'RecordDetectedLocation', data: { location, source, ipAddress: ip }, metadata: { now: clock.now() } }, userId);
      return location;
    },
  );

  app.post(
    '/api/location/confirm',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'Accept the detected location (country and currency) or decline it (USD)',
        security: [{ bearer: [] }],
        body: contract.confirmLocationBody,
        response: { 200: contract.confirmLocationResponse, 400: errorSchema, ...UNAUTHENTICATED_RESPONSES },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const clientLocation = request.body.detectedLocation ? { country: request.body.detectedLocation.country, city: request.body.detectedLocation.city, currency: request.body.detectedLocation.currency } : null;
      await runUserCommand(app.deps, userId, { type: 'ConfirmLocation', data: { acceptLocation: request.body.acceptLocation, clientLocation }, metadata: { now: clock.now() } }, userId);
      const user = await loadUserJson(app, userId);
      if (!user) throw new UnauthorizedError('Authentication required');
      return { success: true as const, user };
    },
  );
};
