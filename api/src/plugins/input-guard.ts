import type { FastifyInstance } from 'fastify';
import { ValidationError } from '@wager/domain';

export const INVALID_CHARACTERS = 'Invalid characters in request';
export const INVALID_CHARACTERS_CODE = 'invalid_characters';
/** Deeper JSON than this is refused: no form of ours nests past a few levels. */
export const JSON_DEPTH_MAX = 32;

/**
 * A UTF-16 surrogate without its partner: a JSON string may spell one (`"\ud800"`), but it is
 * not Unicode text, and PostgreSQL refuses it in `jsonb` (every event's data) and cannot encode it
 * in `text`. Without the `u` flag the pattern sees code units, which is what a lone one is.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when PostgreSQL can store `text` as it is: valid Unicode (no lone surrogate) without NUL. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/**
 * The one check every piece of client input passes before a decider, an event or PostgreSQL sees
 * it: every string and every key, at any depth, is storable text, and the value nests at most
 * JSON_DEPTH_MAX levels. Throws a 400 `ValidationError` (`invalid_characters`, or
 * `validation_failed` for depth). Used on HTTP bodies, query strings and path parameters (the
 * hook below), on every /ws frame (ws-gateway.ts) and on multipart fields and file names.
 */
export function assertStorableInput(value: unknown): void {
  check(value, 0);
}

/**
 * Refuses, before any handler runs, input PostgreSQL cannot store: a NUL character or a lone
 * surrogate in any string (text and jsonb reject them, which would surface as a 500, possibly
 * after a partial write), and absurdly deep JSON. Applies to the body, the query string and the
 * path parameters of every route.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.body, request.query, request.params]) check(part, 0);
  });
}

function check(value: unknown, depth: number): void {
  if (typeof value === 'string') {
    if (!isStorableText(value)) throw invalidCharacters();
    return;
  }
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return;
  if (depth > JSON_DEPTH_MAX) throw new ValidationError('Request body is nested too deeply');
  for (const [key, inner] of Object.entries(value)) {
    if (!isStorableText(key)) throw invalidCharacters();
    check(inner, depth + 1);
  }
}

function invalidCharacters(): ValidationError {
  return new ValidationError(INVALID_CHARACTERS, { code: INVALID_CHARACTERS_CODE });
}
