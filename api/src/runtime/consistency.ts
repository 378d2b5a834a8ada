/**
 * Consistency tokens (docs/api.md, "Consistency tokens"): a command's answer carries the position
 * in `$all` that it wrote (or decided on) in the `X-Consistency-Token` header; a request that sends
 * it back waits only while the read models are behind that position (bounded by the projection
 * wait; then a read answers 202 `processing` and a command goes ahead), and a request without
 * one never waits.
 *
 * The command pipeline does not see the request, so the position is collected in an
 * AsyncLocalStorage scope opened for each request just before its handler runs.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fp from 'fastify-plugin';
import { ValidationError, comparePositions, type Position } from '@wager/domain';
import { StillProcessing } from './still-processing.js';

export const CONSISTENCY_HEADER = 'x-consistency-token';
/** A token longer than this is refused unread. */
export const CONSISTENCY_TOKEN_LENGTH_MAX = 64;
export const CONSISTENCY_TOKEN_INVALID = 'Invalid consistency token';

interface ConsistencyScope {
  position: Position | null;
}

const scopes = new AsyncLocalStorage<ConsistencyScope>();

/** Records a position a command wrote or decided on in the current request (no-op outside a request). */
export function noteConsistencyPosition(position: Position | null | undefined): void {
  const scope = scopes.getStore();
  if (!scope || !position) return;
  if (!scope.position || comparePositions(position, scope.position) > 0) scope.position = position;
}

/** Opaque to clients: `<commit>.<prepare>` of a position. */
export function formatConsistencyToken(position: Position): string {
  return `${position.commit}.${position.prepare}`;
}

/** The position of a token, or null when it is not one this server issued the shape of. */
export function parseConsistencyToken(token: string): Position | null {
  if (token.length > CONSISTENCY_TOKEN_LENGTH_MAX) return null;
  const match = /^(-?\d{1,19})\.(-?\d{1,19})$/.exec(token);
  if (!match) return null;
  const commit = Number(match[1]);
  const prepare = Number(match[2]);
  if (!Number.isSafeInteger(commit) || !Number.isSafeInteger(prepare)) return null;
  return { commit, prepare };
}

declare module 'fastify' {
  interface FastifyRequest {
    consistency: ConsistencyScope | null;
  }
}

/**
 * Requests that carry a token wait for the read models to reach it; every request runs
 * its handler in a scope that collects the positions its commands wrote, answered in the header.
 */
export const consistencyPlugin = fp(
  async (app) => {
    app.decorateRequest('consistency', null);
    app.addHook('preHandler', async (request) => {
      const header = request.headers[CONSISTENCY_HEADER];
      if (header === undefined) return;
      const position = typeof header === 'string' ? parseConsistencyToken(header.trim()) : null;
      if (!position) throw new ValidationError(CONSISTENCY_TOKEN_INVALID, { code: 'consistency_token_invalid' });
      // Caught up already: an in-memory comparison, no wait and no statement.
      if (await app.deps.projections.waitFor(position)) return;
      // A read that cannot show the write yet says so (202). A command goes ahead: it decides on
      // its streams, and only a lookup in a read table (an invitation link) may not see the write.
      if (request.method === 'GET' || request.method === 'HEAD') throw new StillProcessing(request.url, {});
    });
    // Last preHandler: the handler runs inside the scope (a hook's `done` continues the chain synchronously).
    app.addHook('preHandler', (request, _reply, done) => {
      const scope: ConsistencyScope = { position: null };
      request.consistency = scope;
      scopes.run(scope, done);
    });
    app.addHook('onSend', async (request, reply) => {
      const position = request.consistency?.position;
      if (position) reply.header(CONSISTENCY_HEADER, formatConsistencyToken(position));
    });
  },
  { name: 'consistency', dependencies: ['deps'] },
);
