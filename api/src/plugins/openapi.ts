import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the routes' own zod schemas, so the reference cannot drift from the
 * code: the JSON at /api/docs/json, a browsable page at /api/docs. Must be registered before
 * the routes it describes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Wager platform API', version: '0.1.0', description: 'Peer-to-peer wagers with an event-sourced double-entry ledger. Errors are `{ "error": "...", "code": "..." }` (codes in docs/api.md).' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
