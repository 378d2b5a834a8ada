import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '@wager/domain';

/**
 * The one root error handler: typed domain errors become `{ "error": message }` with their
 * status (plus fields such as `retryAfter`); schema failures become 400 with the first field's
 * message; Fastify's own 4xx keep their status; anything else is a bug: logged, and answered
 * 500 `{ "error": "Internal server error" }` with no details.
 */
/** Answers a request no route matched, or returns false to let it 404 as JSON (the web app's client-side routes use this). */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

export function registerErrorHandler(app: FastifyInstance, options: { notFoundFallback?: NotFoundFallback } = {}): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (error.status === 429 && typeof error.extra?.retryAfter === 'number') reply.header('retry-after', String(error.extra.retryAfter));
      return reply.status(error.status).send({ error: error.message, ...(error.extra ?? {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply.status(400).send({ error: first?.message ?? 'Invalid request' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: clientMessage(error) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'Internal server error' });
  });
  app.setNotFoundHandler((request, reply) => {
    if (options.notFoundFallback?.(request, reply)) return reply;
    return reply.status(404).send({ error: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body must not be empty';
    default:
      if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return 'Invalid JSON body';
      return error.message;
  }
}
