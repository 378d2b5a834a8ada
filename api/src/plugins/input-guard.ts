import type { FastifyInstance } from 'fastify';
import { ValidationError } from '@wager/domain';

export const INVALID_CHARACTERS = 'Invalid characters in request';
/** Deeper JSON than this is refused: no form of ours nests past a few levels. */
export const JSON_DEPTH_MAX = 32;

/**
 * Refuses, before any handler runs, input PostgreSQL cannot store: a NUL character in any
 * string (text and jsonb reject it, which would surface as a 500 after a partial write), and
 * absurdly deep JSON. Applies to the body, the query string and the path parameters.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.body, request.query, request.params]) check(part, 0);
  });
}

function check(value: unknown, depth: number): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new ValidationError(INVALID_CHARACTERS);
    return;
  }
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return;
  if (depth > JSON_DEPTH_MAX) throw new ValidationError('Request body is nested too deeply');
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) throw new ValidationError(INVALID_CHARACTERS);
    check(inner, depth + 1);
  }
}
