import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ValidationError } from '@wager/domain';

const rawBodies = new WeakMap<FastifyRequest, string>();

/**
 * Keeps the raw JSON body of requests in this (encapsulated) plugin: webhook signatures are
 * computed over the exact bytes sent, not over a re-serialization.
 */
export function keepRawJsonBody(app: FastifyInstance): void {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    rawBodies.set(request, text);
    try {
      done(null, text.length === 0 ? {} : JSON.parse(text));
    } catch {
      done(new ValidationError('Invalid JSON body', { code: 'invalid_json' }), undefined);
    }
  });
}

export function rawBodyOf(request: FastifyRequest): string {
  return rawBodies.get(request) ?? '';
}
