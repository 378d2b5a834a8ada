import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '@wager/domain';
import { SessionCache, authenticateToken, endSessions, type AuthContext, type SessionsEnded } from './sessions.js';
import { assertMayMoveMoney } from '@wager/domain/accounts/index';

export { authenticateToken, type AuthContext } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of this request, or null. Set from `Authorization: Bearer <token>` only. */
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 `{"error":"Authentication required"}` without a valid session, before the body is read. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: 401 without a session, 403 `{"error":"Access Denied"}` for a non-admin. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** This process's resolved sessions (plugins/sessions.ts), for the /ws gateway. */
    sessionCache: SessionCache;
    /** Ends sessions here at once and in every other process through the bus; call after the change is committed. */
    endSessions: (ended: SessionsEnded) => Promise<void>;
    /**
     * onRequest hook of every route that moves money (deposit, bet, join, pool entry, withdrawal):
     * 401 without a session, 403 `account_frozen` for a frozen account (issue #29).
     */
    requireMoneyMover: (request: FastifyRequest) => Promise<void>;
  }
}

export const AUTHENTICATION_REQUIRED = 'Authentication required';
export const ACCESS_DENIED = 'Access Denied';

/** The bearer token of a request, from the Authorization header only (never a query string). */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Resolves the session of every request that carries a bearer token and exposes the
 * `requireUser` / `requireAdmin` hooks (onRequest, so a visitor gets 401 before any body is validated). Sessions are rows of `sessions`, keyed by
 * sha256(token); `isAdmin` comes from the users read model. Resolved sessions are kept in a
 * bounded cache per app (`SessionCache`), dropped everywhere through the bus when they end.
 */
export const authPlugin = fp(
  async (app) => {
    app.decorateRequest('auth', null);
    const cache = new SessionCache();
    const stopListening = cache.listen(app.deps.bus);
    app.addHook('onClose', async () => stopListening());
    app.decorate('sessionCache', cache);
    app.decorate('endSessions', async (ended: SessionsEnded) => {
      cache.drop(ended);
      await endSessions(app.deps.bus, ended);
    });
    app.addHook('onRequest', async (request) => {
      const token = bearerToken(request);
      request.auth = token ? await authenticateToken(app.deps.db, token, app.deps.clock.now(), cache) : null;
    });
    app.decorate('requireUser', async (request: FastifyRequest) => {
      if (!request.auth) throw new UnauthorizedError(AUTHENTICATION_REQUIRED);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      if (!request.auth) throw new UnauthorizedError(AUTHENTICATION_REQUIRED);
      if (!request.auth.isAdmin) throw new ForbiddenError(ACCESS_DENIED);
    });
    app.decorate('requireMoneyMover', async (request: FastifyRequest) => {
      if (!request.auth) throw new UnauthorizedError(AUTHENTICATION_REQUIRED);
      // A suspended account has no session at all (authenticateToken), so only a freeze is left to refuse here.
      assertMayMoveMoney({ suspensionReason: null, freezeReason: request.auth.freezeReason });
    });
  },
  { name: 'auth', dependencies: ['deps'] },
);
