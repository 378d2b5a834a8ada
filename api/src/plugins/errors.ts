import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError, issueRefusal } from '@wager/domain';
import { StillProcessing } from '../runtime/still-processing.js';

/**
 * The one root error handler. Every error body is `{ "error": <the spec's English text>,
 * "code": <stable code>, "params"?: {…} }`: typed domain errors with their status, code, params and
 * extra fields (`retryAfter`, `field`, …); schema failures become 400 `validation_failed` (or the
 * code a custom check names) with the first field's message; Fastify's own 4xx keep their status
 * with a fixed text and a documented code (`clientRefusal`; the router's and the HTTP parser's
 * own refusals come through `frameworkErrors` and `clientErrorHandler`, given to `fastify()`);
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

/** What a 4xx the HTTP layer raised with no refusal of ours behind it says, by status (codes in docs/api.md). */
const HTTP_LAYER_REFUSALS: Record<number, { error: string; code: string }> = {
  400: { error: 'Bad request', code: 'bad_request' },
  401: { error: 'Unauthorized', code: 'unauthorized' },
  403: { error: 'Forbidden', code: 'forbidden' },
  404: { error: 'Not found', code: 'not_found' },
  406: { error: 'Not acceptable', code: 'not_acceptable' },
  408: { error: 'Request timeout', code: 'request_timeout' },
  413: { error: 'Request body is too large', code: 'payload_too_large' },
  414: { error: 'Request URL is too long', code: 'uri_too_long' },
  415: { error: 'Unsupported content type', code: 'unsupported_media_type' },
  431: { error: 'Request headers are too large', code: 'headers_too_large' },
};

/**
 * Fastify's and its plugins' own client errors in the documented shape: never their `message`
 * (it may echo the input), a fixed text and a code from docs/api.md.
 */
export function clientRefusal(error: { code?: string; statusCode?: number } | Error, status: number): { error: string; code: string } {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { error: 'Request body is too large', code: 'payload_too_large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { error: 'Unsupported content type', code: 'unsupported_media_type' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { error: 'Request body must not be empty', code: 'validation_failed' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { error: 'Request body length does not match its Content-Length', code: 'bad_request' };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { error: 'Request URL is too long', code: 'uri_too_long' };
    case 'FST_ERR_BAD_URL':
      return { error: 'Invalid URL', code: 'invalid_url' };
    default:
      if (error instanceof SyntaxError || code === 'FST_ERR_CTP_INVALID_JSON_BODY') return { error: 'Invalid JSON body', code: 'invalid_json' };
      return HTTP_LAYER_REFUSALS[status] ?? { error: 'Bad request', code: 'bad_request' };
  }
}

/**
 * Fastify's `frameworkErrors` option: the router's own refusals (a path parameter over
 * `maxParamLength`, a URL that does not decode), which never reach `setErrorHandler`.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send(clientRefusal(error, status));
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refused (malformed, headers too
 * large, too slow) has no Fastify request at all; it gets the documented shape on the raw socket.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(clientRefusal(error, status));
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
