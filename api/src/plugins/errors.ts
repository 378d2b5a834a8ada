import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, issueRefusal } from '@wager/domain';
import { StillProcessing } from '../runtime/still-processing.js';

/**
 * The one root error handler. Every error body is `{ "error": <the spec's English text>,
 * "code": <stable code>, "params"?: {…} }`: typed domain errors with their status, code, params and
 * extra fields (`retryAfter`, `field`, …); schema failures become 400 `validation_failed` (or the
 * code a custom check names) with the first field's message; Fastify's own 4xx keep their status;
 * anything else is a bug: logged, and answered 500 `{ "error": "Internal server error", "code":
 * "internal_error" }` with no details.
 */
/** Answers a request no route matched, or returns false to let it 404 as JSON (the web app's client-side routes use this). */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

export function registerErrorHandler(app: FastifyInstance, options: { notFoundFallback?: NotFoundFallback } = {}): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof StillProcessing) {
      return reply.status(202).header('location', error.location).send({ status: 'processing', message: error.message, ...error.body });
    }
    if (error instanceof DomainError) {
      if (error.status === 429 && typeof error.extra?.retryAfter === 'number') reply.header('retry-after', String(error.extra.retryAfter));
      return reply.status(error.status).send(domainErrorBody(error));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      // fastify-type-provider-zod keeps the issue's own fields (a custom check's `params`) under `params`.
      return reply.status(400).send({ error: first?.message ?? 'Invalid request', ...issueRefusal(first?.params) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(clientRefusal(error, status));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'Internal server error', code: 'internal_error' });
  });
  app.setNotFoundHandler((request, reply) => {
    if (options.notFoundFallback?.(request, reply)) return reply;
    const path = request.url.split('?')[0] ?? '';
    return reply.status(404).send({ error: `Route ${request.method} ${path} not found`, code: 'route_not_found', params: { method: request.method, path } });
  });
}

/** `{ error, code, params?, ...extra }` (a DomainError's extra never holds `code` or `params`). */
export function domainErrorBody(error: DomainError): Record<string, unknown> {
  const { error: _shadowed, ...extra } = error.extra ?? {};
  return { error: error.message, code: error.code, ...(error.params ? { params: error.params } : {}), ...extra };
}

function clientRefusal(error: FastifyError, status: number): { error: string; code: string } {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { error: 'Request body is too large', code: 'payload_too_large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { error: 'Unsupported content type', code: 'unsupported_media_type' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { error: 'Request body must not be empty', code: 'validation_failed' };
    default:
      if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return { error: 'Invalid JSON body', code: 'invalid_json' };
      return { error: error.message, code: status === 404 ? 'not_found' : status === 413 ? 'payload_too_large' : 'bad_request' };
  }
}
